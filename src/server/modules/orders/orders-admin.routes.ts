import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '#server/http/language.ts';
import { fileAnswer } from '#server/plugins/api-document.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import {
  adminOrderParams,
  adminOrderSchema,
  archiveRefundSchema,
  bulkActionSchema,
  bulkAnswerSchema,
  cancelRefundSchema,
  deleteOrderQuerySchema,
  deleteOrderSchema,
  orderExportQuerySchema,
  orderListRequestSchema,
  orderListSchema,
  orderNoteAnswerSchema,
  orderNoteSchema,
  payOrderSchema,
  savedViewListSchema,
  savedViewParams,
  savedViewRequestSchema,
  savedViewSchema,
  statusChangeSchema,
  terminationSchema,
} from '#shared/schemas/orders-admin.ts';
import type { OrderActionsService } from './order-actions.service.ts';
import type { OrderPageService } from './order-page.service.ts';
import type { OrdersTableService } from './orders-table.service.ts';

export type OrdersAdminRoutesOptions = { ordersTable: OrdersTableService; orderPage: OrderPageService; orderActions: OrderActionsService };

/**
 * The back office's order calls, staff only: registered with `registerStaffRoutes`, so
 * each needs a staff session (401) and, as every POST/PUT/DELETE, the anti-forgery
 * header. Handlers parse, call one service operation and answer.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminRoutesOptions> = async (app, options) => {
  const { ordersTable, orderPage, orderActions } = options;
  const tags = ['back office'];
  const noContent = { 204: z.null().describe('Done') };
  /** The lifecycle's actions: 409 where the order's status does not allow them (applyAction in orders.service.ts). */
  const action = { refusals: ['conflict'] as const };

  app.post(
    '/api/orders/admin/list',
    { schema: { tags, summary: 'The orders table: one page of the filtered, sorted orders', body: orderListRequestSchema, response: { 200: orderListSchema } } },
    async (request) => ordersTable.list(request.body),
  );

  app.get(
    '/api/orders/admin/export.csv',
    {
      schema: {
        tags,
        summary: 'Every order of the filter as CSV (UTF-8 with BOM)',
        querystring: orderExportQuerySchema,
        response: { 200: fileAnswer('text/csv', 'A header row, then one row per order') },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(ordersTable.exportCsv(request.query, request.query.language ?? requestLanguage(request))),
  );

  app.get(
    '/api/orders/admin/views',
    { schema: { tags, summary: "The staff member's saved views and the shared ones", response: { 200: savedViewListSchema } } },
    async (request) => ordersTable.views(staffOf(request)),
  );

  app.post(
    '/api/orders/admin/views',
    { schema: { tags, summary: 'Saves a view of the orders table', body: savedViewRequestSchema, response: { 200: savedViewSchema } } },
    async (request) => ordersTable.saveView(staffOf(request), request.body),
  );

  app.delete(
    '/api/orders/admin/views/:id',
    { schema: { tags, summary: 'Deletes an own saved view', params: savedViewParams, response: noContent } },
    async (request, reply) => {
      await ordersTable.deleteView(staffOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/orders/admin/bulk',
    { schema: { tags, summary: 'One status change on many orders, each on its own', body: bulkActionSchema, response: { 200: bulkAnswerSchema } } },
    async (request) => orderActions.bulk(staffOf(request), request.body),
  );

  app.get(
    '/api/orders/admin/:id/',
    { schema: { tags, summary: 'An order with its actions, payments and timeline', params: adminOrderParams, response: { 200: adminOrderSchema } } },
    async (request) => orderPage.orderView(request.params.id, requestLanguage(request)),
  );

  app.post(
    '/api/orders/admin/:id/pay',
    { config: action, schema: { tags, summary: 'Records a payment (PAY)', params: adminOrderParams, body: payOrderSchema, response: { 200: adminOrderSchema } } },
    async (request) => orderActions.pay(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  app.post(
    '/api/orders/admin/:id/cancel-refund',
    {
      config: action,
      schema: { tags, summary: 'Cancels a paid order, with or without a refund (CANCEL_REFUND)', params: adminOrderParams, body: cancelRefundSchema, response: { 200: adminOrderSchema } },
    },
    async (request) => orderActions.cancelRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  app.post(
    '/api/orders/admin/:id/archive-refund',
    {
      config: action,
      schema: { tags, summary: 'Records the payout of a pending refund (ARCHIVE_REFUND)', params: adminOrderParams, body: archiveRefundSchema, response: { 200: adminOrderSchema } },
    },
    async (request) => orderActions.archiveRefund(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  app.post(
    '/api/orders/admin/:id/termination',
    {
      config: action,
      schema: { tags, summary: 'Gives notice on a subscription (START_TERMINATION)', params: adminOrderParams, body: terminationSchema, response: { 200: adminOrderSchema } },
    },
    async (request) => orderActions.startTermination(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  app.post(
    '/api/orders/admin/:id/status',
    { config: action, schema: { tags, summary: 'A status change (START_WORK, INVOICE, …)', params: adminOrderParams, body: statusChangeSchema, response: { 200: adminOrderSchema } } },
    async (request) => orderActions.changeStatus(request.params.id, staffOf(request), request.body, requestLanguage(request)),
  );

  app.delete(
    '/api/orders/admin/:id/',
    {
      config: action,
      schema: { tags, summary: 'Deletes an order (DELETE); the reason in the body or the query', params: adminOrderParams, body: deleteOrderSchema, querystring: deleteOrderQuerySchema, response: noContent },
    },
    async (request, reply) => {
      await orderActions.deleteOrder(request.params.id, staffOf(request), request.body?.reason ?? request.query.reason);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/orders/admin/:id/notes',
    { schema: { tags, summary: 'Adds a staff note to the timeline', params: adminOrderParams, body: orderNoteSchema, response: { 200: orderNoteAnswerSchema } } },
    async (request) => orderPage.addNote(request.params.id, staffOf(request), request.body.text),
  );
};
