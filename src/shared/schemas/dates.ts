import { z } from 'zod';
import { dateRange } from './limits.ts';

export { dateRange };

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
