import type { Db } from '#server/db/client.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';
import type { Currency } from '#shared/locales.ts';
import { money } from '#shared/money.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import type { BillingOverview } from '#shared/schemas/invoices.ts';
import type { InvoiceRecordsService } from '../invoices/invoice-records.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { BillingSettings } from './billing-run.rules.ts';
import { nextPeriod } from '#shared/plan-periods.ts';
import { periodBilledBy } from './periods.rules.ts';

/** The back office's billing figures (docs/product/billing.md). */
export function createBillingFiguresService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'subscriptions'>;
  invoiceRecords: Pick<InvoiceRecordsService, 'overdueOrderIds'>;
  settings: Pick<BillingSettings, 'reminderDays'>;
}) {
  const { db, orders, invoiceRecords } = deps;
  const steps = deps.settings.reminderDays.length;

  return {
    /**
     * The back office's billing figures: the renewals of the next 30 days (net of one
     * month), the monthly recurring revenue per currency (net per month of the plans
     * running on the day) with its change against a month ago, and the orders overdue
     * (an invoice still open after its last reminder).
     */
    async overview(today: string = isoDateInZurich()): Promise<MoneyAt<BillingOverview, 'amount' | 'lastMonth' | 'change'>> {
      const horizon = addDays(today, 30);
      const monthAgo = addMonths(today, -1);
      const plans = await orders.subscriptions(db, ['ACTIVE', 'TERMINATING', 'TERMINATED']);
      const upcomingRenewals = plans
        .filter((plan) => plan.status !== 'TERMINATED')
        .map((plan) => ({ plan, period: nextPeriod(plan.subscribedFrom, plan.renewalCount) }))
        .filter(({ plan, period }) => periodBilledBy(period.start, horizon, plan.terminatedFrom))
        .sort((a, b) => a.period.start.localeCompare(b.period.start) || a.plan.number.localeCompare(b.plan.number))
        .map(({ plan, period }) => ({
          orderId: plan.id,
          number: plan.number,
          company: plan.company,
          periodStart: period.start,
          amount: money(plan.monthlyMinor, plan.currency as Currency),
          currency: plan.currency,
        }));
      const runningOn = (plan: (typeof plans)[number], day: string) => plan.subscribedFrom <= day && (!plan.terminatedFrom || plan.terminatedFrom > day);
      const byCurrency = new Map<string, { now: number; before: number }>();
      for (const plan of plans) {
        const entry = byCurrency.get(plan.currency) ?? { now: 0, before: 0 };
        if (plan.status !== 'TERMINATED' && runningOn(plan, today)) entry.now += plan.monthlyMinor;
        if (runningOn(plan, monthAgo)) entry.before += plan.monthlyMinor;
        byCurrency.set(plan.currency, entry);
      }
      const monthlyRecurringRevenue = [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { now, before }]) => {
          const figure = (minor: number) => money(minor, currency as Currency);
          return { currency, amount: figure(now), lastMonth: figure(before), change: figure(now - before) };
        });
      return { upcomingRenewals, monthlyRecurringRevenue, overdueOrders: (await invoiceRecords.overdueOrderIds(steps)).length };
    },
  };
}

export type BillingFiguresService = ReturnType<typeof createBillingFiguresService>;
