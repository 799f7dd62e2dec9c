import { addMonths, daysFrom, lastDayOfPeriod } from '#shared/dates.ts';
import type { Currency } from '#shared/locales.ts';
import { money, prorateMoney, sumMoney, timesMoney, type Money } from '#shared/money.ts';
import { orderVatTotals } from '../checkout/order-vat.rules.ts';

/**
 * What a seat change on a monthly plan costs and when it applies
 * (docs/product/seat-changes.md, docs/decisions/072-seat-changes.md): one function the
 * preview answers and the change bills, so the invoice is what the preview said.
 */

/** The calendar period of a plan that started on `anchor` holding `day` (src/shared/plan-periods.ts' calendar); `end` excluded. */
export function periodOnDay(anchor: string, day: string): { index: number; start: string; end: string } {
  // Months between the two days, then one back or on where the day of the month decides.
  let index = Math.max(0, (Number(day.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(anchor.slice(5, 7)) - 1);
  while (index > 0 && addMonths(anchor, index) > day) index--;
  while (addMonths(anchor, index + 1) <= day) index++;
  return { index, start: addMonths(anchor, index), end: addMonths(anchor, index + 1) };
}

/** The plan line whose seats change, and the order's other MONTHLY lines' net per month. */
export interface SeatChangeInput {
  /** The first day of the plan (its first payment's period start). */
  subscribedFrom: string;
  /** The day of the change, in Zurich. */
  today: string;
  currency: Currency;
  /** The order's invoice info frozen at BUY: its billing country decides the VAT. */
  invoiceInfo: Record<string, unknown> | null;
  line: { quantity: number; unitPriceMinor: number; pendingQuantity: number | null };
  /** What the order's other MONTHLY lines add to a month, net (none with the one-line rule). */
  otherMonthlyNet: Money;
  seats: number;
}

/** The figures of a change: the preview's answer, and what the applied change bills. */
export interface SeatChangeFigures {
  /** More seats now, fewer from the next period, or a pending reduction withdrawn. */
  kind: 'increase' | 'reduction' | 'withdrawal';
  seats: number;
  /** The seats in force today. */
  current: number;
  /** The first day the new count is in force. */
  effective: string;
  /** The invoice for the added seats for the rest of the running period, first and last day included; null without one. */
  prorated: { from: string; to: string; net: Money; vat: Money; gross: Money; currency: Currency; vatRate: number; addedSeats: number; days: number; periodDays: number } | null;
  /** What the next renewal bills with the new count. */
  nextPeriod: { from: string; net: Money; vat: Money; gross: Money };
  /** The running period (`end` excluded). */
  period: { start: string; end: string };
}

/**
 * The change to `seats`: more apply today and bill the added seats × monthly seat price ×
 * days left including today ÷ days of the running period, rounded once to the minor unit,
 * with VAT as every invoice of the order (its billing country, the rate of the day);
 * fewer apply from the next period; the current count withdraws a pending reduction.
 * Undefined when nothing would change.
 */
export function seatChangeFigures(input: SeatChangeInput): SeatChangeFigures | undefined {
  const { line, seats, today, currency } = input;
  const current = line.quantity;
  if (seats === current && line.pendingQuantity === null) return undefined;
  if (seats !== current && seats === line.pendingQuantity) return undefined;
  const period = periodOnDay(input.subscribedFrom, today);
  const unitPrice = money(line.unitPriceMinor, currency);
  const monthNet = sumMoney(currency, [input.otherMonthlyNet, timesMoney(unitPrice, seats)]);
  const next = orderVatTotals(monthNet.minor, input.invoiceInfo, period.end);
  const nextPeriod = { from: period.end, net: monthNet, vat: money(next.vatMinor, currency), gross: money(next.grossMinor, currency) };
  if (seats <= current) {
    return { kind: seats === current ? 'withdrawal' : 'reduction', seats, current, effective: period.end, prorated: null, nextPeriod, period };
  }
  const addedSeats = seats - current;
  const days = daysFrom(today, period.end);
  const periodDays = daysFrom(period.start, period.end);
  const net = prorateMoney(timesMoney(unitPrice, addedSeats), days, periodDays);
  const totals = orderVatTotals(net.minor, input.invoiceInfo, today);
  return {
    kind: 'increase',
    seats,
    current,
    effective: today,
    prorated: { from: today, to: lastDayOfPeriod(period.end), net, vat: money(totals.vatMinor, currency), gross: money(totals.grossMinor, currency), currency, vatRate: totals.vatRate, addedSeats, days, periodDays },
    nextPeriod,
    period,
  };
}
