import type { Currency } from './locales.ts';

/**
 * Money formats per currency (docs/product/money-and-vat.md). Amounts arrive in major
 * units (the API shows major units; the database keeps minor units).
 *
 * EUR: comma decimal, space thousands  -> 1 234,50
 * USD: dot decimal, space thousands    -> 1 234.50
 * CHF: dot decimal, apostrophe thousands -> 1'234.50
 */
const separators: Record<Currency, { thousands: string; decimal: string }> = {
  EUR: { thousands: ' ', decimal: ',' },
  USD: { thousands: ' ', decimal: '.' },
  CHF: { thousands: "'", decimal: '.' },
};

function separatorsOf(currency: string) {
  const found = separators[currency as Currency];
  if (!found) throw new Error('Unsupported currency');
  return found;
}

function splitAmount(amount: number): { negative: boolean; whole: string; cents: string } {
  const minor = Math.round(Math.abs(amount) * 100);
  return {
    negative: amount < 0 && minor > 0,
    whole: String(Math.floor(minor / 100)),
    cents: String(minor % 100).padStart(2, '0'),
  };
}

function groupThousands(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Formats an amount with two decimals: `formatMoney(1234.5, 'CHF')` -> `1'234.50`. */
export function formatMoney(amount: number, currency: string): string {
  const { thousands, decimal } = separatorsOf(currency);
  const { negative, whole, cents } = splitAmount(amount);
  return `${negative ? '-' : ''}${groupThousands(whole, thousands)}${decimal}${cents}`;
}

/**
 * The cart variants (docs/decisions/004-cart-money-format.md):
 * - default: zero cents are shown as a dash, `formatCartMoney(1234, 'CHF')` -> `1'234.–`,
 *   other amounts keep their cents, `1'234.50`;
 * - `{ decimals: false }`: whole amounts without decimals, `formatCartMoney(1234.4, 'EUR',
 *   { decimals: false })` -> `1 234` (rounded to the nearest unit).
 */
export function formatCartMoney(
  amount: number,
  currency: string,
  options: { decimals?: boolean } = {},
): string {
  const { thousands, decimal } = separatorsOf(currency);
  if (options.decimals === false) {
    const { negative, whole } = splitAmount(Math.round(amount));
    return `${negative ? '-' : ''}${groupThousands(whole, thousands)}`;
  }
  const { negative, whole, cents } = splitAmount(amount);
  const fraction = cents === '00' ? '–' : cents;
  return `${negative ? '-' : ''}${groupThousands(whole, thousands)}${decimal}${fraction}`;
}

/** Formats an amount followed by its currency code: `1'234.50 CHF`. */
export function formatMoneyWithCode(amount: number, currency: string): string {
  return `${formatMoney(amount, currency)} ${currency}`;
}

/**
 * Minor units as plain text with the currency code, `1234.50 CHF`: without grouping, the
 * same in every language, as the order history, the audit log and error texts write it.
 */
export function minorWithCode(minor: number, currency: string): string {
  return `${toMajor(minor).toFixed(2)} ${currency}`;
}

/** An amount as plain digits with two decimals, without grouping or code, as spreadsheets read it: `1234.50`, or `1234,50` with `','`. */
export function plainAmount(amount: Money, decimalMark: '.' | ',' = '.'): string {
  return majorOf(amount).toFixed(2).replace('.', decimalMark);
}

/** Major units (a number from the API) to minor units (the database's integers). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/** Minor units (integer cents) to major units, as the API shows them. */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}

/**
 * An amount of money: integer minor units (cents, Rappen) with their currency, from the
 * database to the API's edge (docs/decisions/057-money-in-one-type.md). Every operation
 * stays in integers; two amounts of different currencies never meet.
 */
export interface Money {
  readonly minor: number;
  readonly currency: Currency;
}

export function money(minor: number, currency: Currency): Money {
  if (!Number.isSafeInteger(minor)) throw new Error(`money takes integer minor units, not ${minor}`);
  return { minor, currency };
}

export function zeroMoney(currency: Currency): Money {
  return money(0, currency);
}

function sameCurrency(a: Money, b: Money): Currency {
  if (a.currency !== b.currency) throw new Error(`${a.currency} and ${b.currency} do not add up`);
  return a.currency;
}

export function addMoney(a: Money, b: Money): Money {
  return money(a.minor + b.minor, sameCurrency(a, b));
}

export function subtractMoney(a: Money, b: Money): Money {
  return money(a.minor - b.minor, sameCurrency(a, b));
}

/** The amount `count` times: seats, months. */
export function timesMoney(a: Money, count: number): Money {
  if (!Number.isSafeInteger(count)) throw new Error(`money is multiplied by whole counts, not ${count}`);
  return money(a.minor * count, a.currency);
}

/** `numerator / denominator` of the amount in integers, rounded half up to the minor unit (the one rounding of money). */
export function shareOfMoney(a: Money, numerator: number, denominator: number): Money {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new Error(`a share of money is a ratio of whole numbers, not ${numerator}/${denominator}`);
  }
  return money(Math.floor((2 * a.minor * numerator + denominator) / (2 * denominator)), a.currency);
}

/** The amount for `days` of a period of `periodDays` (proration), rounded half up to the minor unit. */
export function prorateMoney(a: Money, days: number, periodDays: number): Money {
  return shareOfMoney(a, days, periodDays);
}

/**
 * The amount split by whole-number `weights` without losing a minor unit: each part is
 * rounded down, and the units left go one each to the parts that lost the most, the
 * first of them first.
 */
export function allocateMoney(a: Money, weights: readonly number[]): Money[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || weights.some((weight) => weight < 0 || !Number.isSafeInteger(weight))) throw new Error('money is allocated by whole non-negative weights');
  const parts = weights.map((weight) => Math.floor((a.minor * weight) / total));
  const order = weights
    .map((weight, index) => ({ index, lost: (a.minor * weight) % total }))
    .sort((x, y) => y.lost - x.lost || x.index - y.index);
  let left = a.minor - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts.map((minor) => money(minor, a.currency));
}

/** -1, 0 or 1, as `a` is less than, equal to or more than `b`. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.minor < b.minor ? -1 : a.minor > b.minor ? 1 : 0;
}

export function sumMoney(currency: Currency, amounts: Iterable<Money>): Money {
  let total = zeroMoney(currency);
  for (const amount of amounts) total = addMoney(total, amount);
  return total;
}

/** The edge where an amount leaves as the API's, a page's, a PDF's or a mail's number in major units. */
export function majorOf(amount: Money): number {
  return toMajor(amount.minor);
}

/** An amount as a mail prints it, in its currency's format with its code: `1'234.50 CHF`. */
export function printMoneyWithCode(amount: Money): string {
  return formatMoneyWithCode(majorOf(amount), amount.currency);
}

/** The edge where a number in major units (a request's amount) becomes money. */
export function moneyOfMajor(major: number, currency: Currency): Money {
  return money(toMinor(major), currency);
}
