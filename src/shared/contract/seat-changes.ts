import type { Calls } from '../contract.ts';
import { orderIdParams } from '../schemas/cart.ts';
import { adminOrderIdParamsSchema } from '../schemas/invoices.ts';
import { seatChangeAnswerSchema, seatChangeRequestSchema } from '../schemas/seat-changes.ts';

/**
 * Seat changes on a monthly plan (src/server/modules/billing/seat-changes.routes.ts,
 * docs/product/seat-changes.md). The order's path takes the buyer's account session or a
 * staff session (editor or admin); the back office's path, which the order page calls, the
 * staff session its entry names (docs/decisions/072-seat-changes.md). All run the same
 * service.
 */
const refusals = ['conflict'] as const;
const buyerDescription =
  "Needs the `account_session` cookie of the order's address (401 without a session, 404 for another address's order), or a staff session of an editor or admin (403 for a viewer; a staff session decides when the request carries one). 409 unless the order is an ACTIVE monthly plan with one monthly line; 400 at `seats` for the count in force (or the one already pending).";
const staffDescription = '409 unless the order is an ACTIVE monthly plan with one monthly line; 400 at `seats` for the count in force (or the one already pending).';

export const seatChangeCalls = {
  previewSeats: {
    method: 'POST',
    path: '/orders/:orderId/plan/seats/preview',
    params: orderIdParams,
    body: seatChangeRequestSchema,
    answer: seatChangeAnswerSchema,
    summary: "What changing the plan's seats would bill and when it would apply; changes nothing",
    description: buyerDescription,
    tags: ['account'],
    refusals: ['unauthorized', 'forbidden', 'secondFactorRequired', ...refusals],
  },
  changeSeats: {
    method: 'POST',
    path: '/orders/:orderId/plan/seats',
    params: orderIdParams,
    body: seatChangeRequestSchema,
    answer: seatChangeAnswerSchema,
    summary:
      "Changes the plan's seats: more at once with an invoice for the rest of the running period, fewer from the next period (the current count withdraws a pending reduction)",
    description: buyerDescription,
    tags: ['account'],
    refusals: ['unauthorized', 'forbidden', 'secondFactorRequired', ...refusals],
  },
  adminPreviewSeats: {
    method: 'POST',
    path: '/orders/admin/:id/plan/seats/preview',
    params: adminOrderIdParamsSchema,
    body: seatChangeRequestSchema,
    answer: seatChangeAnswerSchema,
    summary: "What changing the plan's seats would bill and when it would apply; changes nothing",
    description: staffDescription,
    tags: ['back office'],
    staff: true,
    role: 'editor',
    refusals,
  },
  adminChangeSeats: {
    method: 'POST',
    path: '/orders/admin/:id/plan/seats',
    params: adminOrderIdParamsSchema,
    body: seatChangeRequestSchema,
    answer: seatChangeAnswerSchema,
    summary: "Changes the plan's seats as the buyer's call does, recorded in the audit log",
    description: staffDescription,
    tags: ['back office'],
    staff: true,
    role: 'editor',
    refusals,
  },
} as const satisfies Calls;
