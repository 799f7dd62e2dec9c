import { toMinor } from '#shared/money.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '#server/http/language.ts';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import type { OrderActionsService } from './order-actions.service.ts';
import type { OrderPageService } from './order-page.service.ts';
import type { OrdersTableService } from './orders-table.service.ts';

export type OrdersAdminRoutesOptions = { ordersTable: OrdersTableService; orderPage: OrderPageService; orderActions: OrderActionsService };

/**
 * The back office's order calls, staff only (src/shared/contract/orders-admin.ts): each
 * needs a staff session (401) and, as every POST/PUT/DELETE, the anti-forgery header.
 * Handlers parse, call one service operation and answer.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminRoutesOptions> = async (app, options) => {
  const { ordersTable, orderPage, orderActions } = options;

  registerCall(app, orderAdminCalls.adminOrderList, async (request) => ordersTable.list(request.body));

  registerCall(app, orderAdminCalls.adminOrderQueues, async () => ordersTable.queues());

  registerCall(app, orderAdminCalls.exportOrders, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .send(await ordersTable.exportCsv(request.query, request.query.language ?? requestLanguage(request), staffOf(request))),
  );

  registerCall(app, orderAdminCalls.savedViews, async (request) => ordersTable.views(staffOf(request)));

  registerCall(app, orderAdminCalls.saveView, async (request) => ordersTable.saveView(staffOf(request), request.body));

  registerCall(app, orderAdminCalls.deleteView, async (request, reply) => {
    await ordersTable.deleteView(staffOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  registerCall(app, orderAdminCalls.bulkOrderAction, async (request) => orderActions.bulk(staffOf(request), request.body));

  registerCall(app, orderAdminCalls.bulkPayOrders, async (request) => orderActions.bulkPay(staffOf(request), request.body));

  registerCall(app, orderAdminCalls.adminOrder, async (request) => orderPage.orderView(request.params.id, requestLanguage(request)));

  // The request's amount in major units becomes minor units here, where the contract is parsed.
  registerCall(app, orderAdminCalls.payOrder, async (request) =>
    orderActions.pay(request.params.id, staffOf(request), { ...request.body, amountMinor: toMinor(request.body.amount) }, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.cancelRefundOrder, async (request) =>
    orderActions.cancelRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.archiveRefundOrder, async (request) =>
    orderActions.archiveRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.startTermination, async (request) =>
    orderActions.startTermination(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.changeOrderStatus, async (request) =>
    orderActions.changeStatus(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.deleteOrder, async (request, reply) => {
    await orderActions.deleteOrder(request.params.id, staffOf(request), request.body?.reason ?? request.query.reason);
    return reply.code(204).send(null);
  });

  registerCall(app, orderAdminCalls.updateOrderReferences, async (request) =>
    orderPage.updateReferences(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  registerCall(app, orderAdminCalls.addOrderNote, async (request) => orderPage.addNote(request.params.id, staffOf(request), request.body.text));
};
