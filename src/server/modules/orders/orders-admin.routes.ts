import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';

export type OrdersAdminRoutesOptions = { ordersAdmin: OrdersAdminService };

/**
 * The back office's order calls, staff only (src/shared/contract/orders-admin.ts): each
 * needs a staff session (401) and, as every POST/PUT/DELETE, the anti-forgery header.
 * Handlers parse, call one service operation and answer.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminRoutesOptions> = async (app, options) => {
  const { ordersAdmin } = options;

  registerCall(app, orderAdminCalls.adminOrderList, async (request) => ordersAdmin.list(request.body));

  registerCall(app, orderAdminCalls.exportOrders, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(ordersAdmin.exportCsv(request.query, request.query.language ?? requestLanguage(request))),
  );

  registerCall(app, orderAdminCalls.savedViews, async (request) => ordersAdmin.views(staffOf(request)));

  registerCall(app, orderAdminCalls.saveView, async (request) => ordersAdmin.saveView(staffOf(request), request.body));

  registerCall(app, orderAdminCalls.deleteView, async (request, reply) => {
    await ordersAdmin.deleteView(staffOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  registerCall(app, orderAdminCalls.bulkOrderAction, async (request) => ordersAdmin.bulk(staffOf(request), request.body));

  registerCall(app, orderAdminCalls.adminOrder, async (request) => ordersAdmin.orderView(request.params.id, requestLanguage(request)));

  registerCall(app, orderAdminCalls.payOrder, async (request) => ordersAdmin.pay(request.params.id, staffOf(request), request.body, requestLanguage(request)));

  registerCall(app, orderAdminCalls.cancelRefundOrder, async (request) =>
    ordersAdmin.cancelRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.archiveRefundOrder, async (request) =>
    ordersAdmin.archiveRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.startTermination, async (request) =>
    ordersAdmin.startTermination(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.changeOrderStatus, async (request) =>
    ordersAdmin.changeStatus(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.deleteOrder, async (request, reply) => {
    await ordersAdmin.deleteOrder(request.params.id, staffOf(request), request.body?.reason ?? request.query.reason);
    return reply.code(204).send(null);
  });

  registerCall(app, orderAdminCalls.addOrderNote, async (request) => ordersAdmin.addNote(request.params.id, staffOf(request), request.body.text));
};
