import { z } from 'zod';
import { currencies } from '../locales.ts';

/**
 * Seat changes on a monthly plan (docs/product/seat-changes.md): the request, and the
 * preview's answer, which the applied change answers too with the invoice it issued.
 * Amounts in major units, days ISO (Europe/Zurich).
 */

/** The most seats a line holds (the order lines' check in the database). */
export const maxSeats = 10_000;

/** POST …/plan/seats/preview and …/plan/seats: the plan's seat count asked for. */
export const seatChangeRequestSchema = z.object({
  seats: z.number().int().min(1).max(maxSeats),
});
export type SeatChangeRequest = z.infer<typeof seatChangeRequestSchema>;

const isoDate = z.iso.date();

/** What a change does and costs: the same in the preview and once applied. */
export const seatChangeAnswerSchema = z.object({
  /** The seat count asked for. */
  seats: z.number().int(),
  /** The seats in force when the change was asked for. */
  currentSeats: z.number().int(),
  /** More seats now, fewer from the next period, or a pending reduction withdrawn (the current count asked for). */
  kind: z.enum(['increase', 'reduction', 'withdrawal']),
  /** The first day the new count is in force: today for more seats, the next period's first day for fewer. */
  effective: isoDate,
  /** The invoice for the added seats for the rest of the running period (first and last day included); null for fewer seats. */
  prorated: z
    .object({ from: isoDate, to: isoDate, net: z.number(), vat: z.number(), gross: z.number(), currency: z.enum(currencies) })
    .nullable(),
  /** What the next renewal bills with the new count. */
  nextPeriod: z.object({ from: isoDate, net: z.number(), vat: z.number(), gross: z.number() }),
  /** The applied change's invoice (more seats only); absent in the preview. */
  invoice: z.object({ id: z.uuid(), number: z.string(), gross: z.number(), dueOn: isoDate }).nullable().optional(),
});
export type SeatChangeAnswer = z.infer<typeof seatChangeAnswerSchema>;

/** A reduction waiting for the next period: the plan's seats from `from` on. */
export const pendingSeatsSchema = z.object({ seats: z.number().int(), from: isoDate });
export type PendingSeats = z.infer<typeof pendingSeatsSchema>;
