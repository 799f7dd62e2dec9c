import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { requireAccountOfOrder } from '#server/plugins/account-session.ts';
import { staffIfSignedIn, staffOf } from '#server/plugins/staff-session.ts';
import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SeatChanger, SeatChangesService } from './seat-changes.service.ts';

/**
 * Who makes a call on the order's path: staff (editor or admin) when the request carries a
 * staff session, which then decides alone (a viewer gets 403); otherwise the account
 * session of the order's address (401 without one, 404 for another address's order).
 */
async function changerOf(request: FastifyRequest, reply: FastifyReply, orderId: string): Promise<SeatChanger> {
  const staff = await staffIfSignedIn(request, reply, 'editor');
  if (staff) return { staff };
  return { buyer: (await requireAccountOfOrder(request, reply, orderId)).email };
}

/**
 * Seat changes on a monthly plan (src/shared/contract/seat-changes.ts): on the order's path
 * with the account session of the order's address or a staff session, on the back office's
 * path with the staff session; the same service answers all.
 */
export const seatChangeRoutes: FastifyPluginAsyncZod<{ seatChanges: SeatChangesService }> = async (app, options) => {
  const { seatChanges } = options;

  registerCall(app, seatChangeCalls.previewSeats, async (request, reply) => {
    await changerOf(request, reply, request.params.orderId);
    return seatChanges.preview(request.params.orderId, request.body.seats);
  });

  registerCall(app, seatChangeCalls.changeSeats, async (request, reply) =>
    seatChanges.change(request.params.orderId, request.body.seats, await changerOf(request, reply, request.params.orderId)),
  );

  registerCall(app, seatChangeCalls.adminPreviewSeats, async (request) => seatChanges.preview(request.params.id, request.body.seats));

  registerCall(app, seatChangeCalls.adminChangeSeats, async (request) => seatChanges.change(request.params.id, request.body.seats, { staff: staffOf(request) }));
};
