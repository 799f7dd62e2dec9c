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

/** Minor units (integer cents) to major units, as the API shows them. */
/** Major units (a number from the API) to minor units (the database's integers). */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}
