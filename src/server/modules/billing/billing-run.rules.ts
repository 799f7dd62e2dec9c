import type { Money } from '#shared/money.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Subscription } from '../orders/orders.service.ts';
import { nextPeriod } from '#shared/plan-periods.ts';
import { periodAfterPurchase, periodBilledBy, periodsDueBy } from './periods.rules.ts';

/** Payment terms and reminder days (PAYMENT_TERMS_DAYS, REMINDER_DAYS). */
export interface BillingSettings {
  paymentTermDays: number;
  /** Days after the due day on which a reminder goes out, ascending (default 10, 20, 30). */
  reminderDays: number[];
}

/** What one run of the job did (or, dry, would do). */
export interface BillingReport {
  asOf: string;
  dryRun: boolean;
  renewed: { orderId: string; orderNumber: string; periodStart: string; periodEnd: string; invoiceNumber: string; gross: Money }[];
  terminated: { orderId: string; orderNumber: string; terminatedFrom: string }[];
  /** Each invoice's new reminder level, and where its statement went ('' for none: a demo order, no address). */
  reminded: { orderId: string; invoiceNumber: string; step: number; to: string }[];
  /** One per billing contact: the open invoices it listed, at the highest level among them. */
  statements: { to: string; invoiceNumbers: string[]; level: number }[];
  /** Plans not billed: their next period begins before their order was placed (`orderedOn`). */
  refused: { orderId: string; orderNumber: string; periodStart: string; orderedOn: string | null }[];
}

/** The actor of the job's transitions in the history. */
export const billingActor = 'billing';

/** More periods of one plan due at once than this is logged as a warning: more than a few days' downtime explains. */
const manyPeriods = 3;

/**
 * What a run tells staff before it bills (the log's warnings, and `report.refused`): a
 * plan whose next period begins before its order was placed is not billed, since its
 * start (the day of the payment that activated it) cannot be right, so it never bills
 * more periods than have begun since the order was placed; a plan with more than
 * `manyPeriods` periods due at once is billed, and named.
 */
export function warnOfPlans(plans: readonly Subscription[], asOf: string, report: BillingReport, log: Pick<FastifyBaseLogger, 'warn'>): void {
  for (const plan of plans) {
    const { start } = nextPeriod(plan.subscribedFrom, plan.renewalCount);
    if (!periodBilledBy(start, asOf, plan.terminatedFrom)) continue;
    const about = { orderId: plan.id, orderNumber: plan.number };
    if (!periodAfterPurchase(start, plan.orderedOn)) {
      report.refused.push({ ...about, periodStart: start, orderedOn: plan.orderedOn });
      log.warn({ ...about, periodStart: start, orderedOn: plan.orderedOn }, 'billing refused a plan: its next period begins before its order was placed');
      continue;
    }
    const periodsDue = periodsDueBy(plan, asOf);
    if (periodsDue > manyPeriods) log.warn({ ...about, periodsDue }, `billing: a plan has more than ${manyPeriods} periods due at once`);
  }
}
