import { addMonths } from './dates.ts';

/**
 * The calendar of monthly plans (docs/product/billing.md), on ISO days in the shop's time
 * zone (Europe/Zurich): no clock time is involved, so a daylight-saving change moves
 * nothing. Periods are counted from the subscription's first day, the day of the first
 * payment, and each is clamped to the month's end from that day, never from the period
 * before: 31 Jan → 28 (29) Feb → 31 Mar. The billing job bills by it
 * (src/server/modules/billing/periods.rules.ts), and the order page's Renew dialog names
 * the period it would bill.
 */

/** Period `index` of a plan that started on `anchor` (0 is the first month, paid with the first invoice); `end` is the next one's start. */
function periodOf(anchor: string, index: number): { index: number; start: string; end: string } {
  return { index, start: addMonths(anchor, index), end: addMonths(anchor, index + 1) };
}

/** The first period of a plan that starts on `anchor`: the month the first invoice bills. */
export function firstPeriod(anchor: string): { index: number; start: string; end: string } {
  return periodOf(anchor, 0);
}

/** The next period to bill of a plan with `renewals` periods renewed since its first. */
export function nextPeriod(anchor: string, renewals: number): { index: number; start: string; end: string } {
  return periodOf(anchor, renewals + 1);
}
