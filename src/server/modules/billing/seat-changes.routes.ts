import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { requireAccountOfOrder } from '#server/plugins/account-session.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { seatChangeCalls } from '#shared/contract/seat-changes.ts';
import type { SeatChangesService } from './seat-changes.service.ts';

/**
 * Seat changes on a monthly plan (src/shared/contract/seat-changes.ts): the buyer's calls
 * with the account session of the order's address, staff's with the staff session; the
 * same service answers both.
 */
export const seatChangeRoutes: FastifyPluginAsyncZod<{ seatChanges: SeatChangesService }> = async (app, options) => {
  const { seatChanges } = options;

  registerCall(app, seatChangeCalls.previewSeats, async (request, reply) => {
    await requireAccountOfOrder(request, reply, request.params.orderId);
    return seatChanges.preview(request.params.orderId, request.body.seats);
  });

  registerCall(app, seatChangeCalls.changeSeats, async (request, reply) => {
    const holder = await requireAccountOfOrder(request, reply, request.params.orderId);
    return seatChanges.change(request.params.orderId, request.body.seats, { buyer: holder.email });
  });

  registerCall(app, seatChangeCalls.adminPreviewSeats, async (request) => seatChanges.preview(request.params.id, request.body.seats));

  registerCall(app, seatChangeCalls.adminChangeSeats, async (request) => seatChanges.change(request.params.id, request.body.seats, { staff: staffOf(request) }));
};
