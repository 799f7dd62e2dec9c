import { isoDateInZurich, lastDayOfPeriod } from '#shared/dates.ts';
import type { OrderAction } from '#shared/orders.ts';
import { nextPeriod } from '#shared/plan-periods.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';

/**
 * What the order page's dialogs say before an action mails or bills: the amount, the
 * period and who gets the invoice. Read from the order page's answer, as the server will
 * act on it.
 */

/** Whether TERMINATE ends a plan before its notice takes effect (`terminatedFrom`): an early termination, with a reason. */
export function endsEarly(order: Pick<AdminOrder, 'terminatedFrom'>, action: OrderAction, today: string = isoDateInZurich()): boolean {
  return action === 'TERMINATE' && order.terminatedFrom !== null && today < order.terminatedFrom;
}

/** Who gets the order's invoices and their mails: the contact of its invoice info. */
export function billingEmailOf(order: AdminOrder): string {
  return order.detail.invoiceInfo.contact.email;
}

/**
 * The period RENEW bills now, first and last day, by the billing job's calendar: counted
 * from the payment that started the plan, after the renewals so far; undefined before the
 * plan runs.
 */
export function nextPeriodOf(order: Pick<AdminOrder, 'history'>): { first: string; last: string } | undefined {
  const transitions = order.history.flatMap((entry) => (entry.kind === 'TRANSITION' ? [entry] : []));
  const start = transitions
    .filter((entry) => entry.action === 'PAY' && typeof entry.data?.periodStart === 'string')
    .map((entry) => entry.data?.periodStart as string)
    .sort()[0];
  if (!start) return undefined;
  const period = nextPeriod(start, transitions.filter((entry) => entry.action === 'RENEW').length);
  return { first: period.start, last: lastDayOfPeriod(period.end) };
}
