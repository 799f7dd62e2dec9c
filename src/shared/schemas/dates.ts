import { z } from 'zod';

/**
 * The one range of every day and moment the API takes (docs/decisions/055-bounded-dates.md):
 * wide enough for any order, payment, filter or webinar of the shop, and narrow enough
 * that every day in it is a day PostgreSQL, PGlite and the browsers' `Date` read the same
 * way (year 0000 is none for PostgreSQL). A day outside it is refused on its field, with
 * the years in the text.
 */
export const dateRange = { first: '2000-01-01', last: '2100-12-31' } as const;

const inRange = (day: string) => day >= dateRange.first && day <= dateRange.last;

const outOfRange = {
  error: 'error.date.outOfRange',
  params: { first: Number(dateRange.first.slice(0, 4)), last: Number(dateRange.last.slice(0, 4)) },
  // Only a well-formed value is compared; a malformed one has its own issue already.
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
} as const;

/** An ISO day (`2026-11-21`) within `dateRange`. */
export const isoDaySchema = z.iso.date().refine(inRange, outOfRange);

/** An ISO date-time with its offset (`2027-03-04T09:00:00Z`) whose day, as written, lies within `dateRange`. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, error: 'error.invalidDateTime' })
  .refine((moment) => inRange(moment.slice(0, 10)), outOfRange);
