import type { Language } from './locales.ts';

/** The shop's home time zone; dates are shown in it unless a caller asks otherwise. */
export const defaultTimeZone = 'Europe/Zurich';

/** `GMT+01:00` / `GMT` as Intl writes it, turned into `UTC+01:00` / `UTC+00:00`. */
function utcOffset(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') ?? '';
  return `UTC${offset === '' ? '+00:00' : offset}`;
}

/**
 * A date and time with the time zone's short name and its UTC offset:
 * `11/21/2026, 10:30 AM GMT+1 (UTC+01:00)` in en-US,
 * `21.11.2026, 10:30 MEZ (UTC+01:00)` in de-CH.
 */
export function formatDateTime(date: Date | string, language: Language, timeZone = defaultTimeZone): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
  const text = new Intl.DateTimeFormat(language, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(value);
  return `${text} (${utcOffset(value, timeZone)})`;
}

const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: defaultTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of a moment in the shop's time zone, as an ISO date (`2026-11-21`); now by default. */
export function isoDateInZurich(date: Date = new Date()): string {
  return isoDayFormat.format(date);
}

/** A calendar date without time: `11/21/2026` / `21.11.2026`. */
export function formatDate(date: Date | string, language: Language, timeZone = defaultTimeZone): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(language, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(value);
}
