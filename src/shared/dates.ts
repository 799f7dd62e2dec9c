import type { Language } from './locales.ts';

/** The shop's home time zone; dates are shown in it unless a caller asks otherwise. */
export const defaultTimeZone = 'Europe/Zurich';

/**
 * The zone's offset from UTC at that moment, as Intl writes it with `GMT` turned into
 * `UTC`: `UTC+1`, `UTC+5:30`, `UTC+0`.
 */
function utcOffset(date: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') ?? '';
  return `UTC${offset === '' ? '+0' : offset}`;
}

/**
 * One way to write a date per language, everywhere (pages, mails, invoices, the back
 * office): the day, the month's short name and the year, `21 Nov 2026` in en-US and
 * `21. Nov. 2026` in de-CH; a spelled month reads the same to a US and a European
 * buyer. English is written as Intl's en-GB writes it, whose data also has the European
 * zone names (CET, CEST) that its en-US data lacks (GMT+1); Swiss German says MEZ, MESZ.
 */
const dateLocales: Partial<Record<Language, string>> = { 'en-US': 'en-GB' };

const dateOptions = { day: 'numeric', month: 'short', year: 'numeric' } as const;

function parseDate(date: Date | string): Date {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
  return value;
}

/** formatDate's formats, made once per language and zone: making one costs more than formatting with it (an invoice prints several dates). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date without time, in the shop's zone unless another is given: `21 Nov 2026` / `21. Nov. 2026`. */
export function formatDate(date: Date | string, language: Language, timeZone = defaultTimeZone): string {
  const key = `${language} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocales[language] ?? language, { timeZone, ...dateOptions });
    dateFormats.set(key, format);
  }
  return format.format(parseDate(date));
}

/** An ISO day (`2026-11-21`, a day in Zurich) as `formatDate` writes it: noon UTC is that day in Zurich. */
export function formatIsoDay(isoDay: string, language: Language): string {
  return formatDate(new Date(`${isoDay}T12:00:00Z`), language);
}

/**
 * A moment: the date as `formatDate` writes it, the time on a 24-hour clock, the time
 * zone's short name and its UTC offset: `21 Nov 2026, 10:30 CET (UTC+1)` in en-US,
 * `21. Nov. 2026, 10:30 MEZ (UTC+1)` in de-CH. Where the language has no name for the
 * zone (Intl writes `GMT-4`), the offset alone is shown: `08:00 (UTC-4)`.
 */
export function formatDateTime(date: Date | string, language: Language, timeZone = defaultTimeZone): string {
  const value = parseDate(date);
  const parts = new Intl.DateTimeFormat(dateLocales[language] ?? language, {
    timeZone,
    ...dateOptions,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(value);
  const zoneName = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  const withoutZone = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .trim();
  const named = zoneName !== '' && !/^(GMT|UTC)[+\-−]/.test(zoneName);
  return `${withoutZone}${named ? ` ${zoneName}` : ''} (${utcOffset(value, timeZone)})`;
}

const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: defaultTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of a moment in the shop's time zone, as an ISO date (`2026-11-21`); now by default. */
export function isoDateInZurich(date: Date = new Date()): string {
  return isoDayFormat.format(date);
}

/*
 * Arithmetic on calendar days written as ISO dates (`2026-11-21`): no clock time is
 * involved, so a daylight-saving change moves nothing.
 */

function isoDayParts(isoDay: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = isoDay.split('-').map(Number);
  return [year, month, day];
}

const isoDayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` later (earlier when negative). */
export function addDays(isoDay: string, days: number): string {
  const [year, month, day] = isoDayParts(isoDay);
  return isoDayOf(new Date(Date.UTC(year, month - 1, day + days)));
}

/**
 * The one period rule: a billing period is kept with its end excluded (the next period's
 * first day, `periodEnd`), and every invoice, mail and page prints its last day included:
 * 28 Dec 2026 – 27 Jan 2027 for the period ending on 28 Jan 2027.
 */
export function lastDayOfPeriod(periodEnd: string): string {
  return addDays(periodEnd, -1);
}

/** The days from one ISO day to another: positive when `to` is later. */
export function daysFrom(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = isoDayParts(from);
  const [toYear, toMonth, toDay] = isoDayParts(to);
  return Math.round((Date.UTC(toYear, toMonth - 1, toDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / 86_400_000);
}

/** The same day `months` later; the last day of the month when that month is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(isoDay: string, months: number): string {
  const [year, month, day] = isoDayParts(isoDay);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return isoDayOf(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
}

/** The first day of the year of an ISO date. */
export function startOfYear(isoDay: string): string {
  return `${isoDay.slice(0, 4)}-01-01`;
}

/** A wall-clock date and time somewhere: `{ date: '2027-02-03', time: '14:00' }`. */
export interface LocalDateTime {
  date: string;
  time: string;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at an instant, as milliseconds of a UTC clock showing the same (seconds kept). */
function wallClockMillis(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(localFormat(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** A moment as spreadsheets read a date and time (`2025-03-02 00:30:00`), on the clocks of `timeZone` (Zurich by default), to the second. */
export function formatSpreadsheetDateTime(date: Date | string, timeZone = defaultTimeZone): string {
  return new Date(wallClockMillis(parseDate(date).getTime(), timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** The date and time the clocks of `timeZone` (Zurich by default) show at an instant, to the minute. */
export function localDateTimeOf(date: Date | string, timeZone = defaultTimeZone): LocalDateTime {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
  const iso = new Date(wallClockMillis(value.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const localTimePattern = /^(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) at which the clocks of `timeZone` (Zurich by default) show this
 * date and time, across daylight-saving changes: `2027-02-03` `14:00` → `2027-02-03T13:00:00.000Z`,
 * `2027-07-03` `14:00` → `2027-07-03T12:00:00.000Z`. A time the clocks skip (02:30 on the
 * last Sunday of March in Zurich) has no instant: undefined, as for a malformed date or
 * time. A time they show twice (02:30 on the last Sunday of October) is the first one,
 * still in summer time.
 */
export function instantOfLocal({ date, time }: LocalDateTime, timeZone = defaultTimeZone): string | undefined {
  const day = localDatePattern.exec(date);
  const clock = localTimePattern.exec(time);
  if (!day || !clock) return undefined;
  const [, year, month, dayOfMonth] = day.map(Number) as [number, number, number, number];
  const [, hour, minute] = clock.map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  // Date.UTC rolls 2027-02-30 over to March: such a date does not exist.
  const check = new Date(wanted);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== dayOfMonth || hour > 23 || minute > 59) return undefined;
  // The zone's offsets a day before and after cover both sides of any change in between.
  const offsets = new Set([-1, 1].map((days) => wallClockMillis(wanted + days * 86_400_000, timeZone) - (wanted + days * 86_400_000)));
  const instants = [...offsets].map((offset) => wanted - offset).filter((instant) => wallClockMillis(instant, timeZone) === wanted);
  if (instants.length === 0) return undefined;
  return new Date(Math.min(...instants)).toISOString();
}

/**
 * A date and time short enough for one table cell: the date as `formatDate` writes it and
 * the time on a 24-hour clock, `12 Jun 2026, 09:10` / `12. Juni 2026, 09:10`. The table
 * names the zone once, in its header's description; the order's page shows the full form
 * (formatDateTime).
 */
export function formatShortDateTime(date: Date | string, language: Language, timeZone = defaultTimeZone): string {
  return new Intl.DateTimeFormat(dateLocales[language] ?? language, { timeZone, ...dateOptions, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(parseDate(date));
}
