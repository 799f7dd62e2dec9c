import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { requestLanguage } from '#server/http/language.ts';
import { AppError } from '#shared/errors.ts';
import { orderIdParams } from '#shared/schemas/cart.ts';
import {
  checkoutSchema,
  invoiceInfoSchema,
  invoiceInfoUpdateSchema,
  legalTextsSchema,
  orderDetailSchema,
  statusInfoSchema,
} from '#shared/schemas/checkout.ts';
import type { InvoiceDocument } from '../invoices/invoice-pdf.ts';
import { queueMail, queueMailComposedLater, type MailSettings } from '../mail/mail.service.ts';
import * as checkout from './checkout.service.ts';
import { invoiceDocumentOf, orderConfirmationQueued, staffOrderMail } from './order-mails.ts';

export interface CheckoutRoutesOptions {
  db: Db;
  renderPdf: (invoice: InvoiceDocument) => Promise<Buffer>;
  env: Env;
  mail: MailSettings;
  onMailQueued: () => void;
}

/** The checkout and order calls of SPEC §7 (DESIGN.md §3–§4). */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { db, env, mail } = options;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/orders/:orderId/invoice-info',
    { schema: { summary: 'The invoice info saved so far', params: orderIdParams, response: { 200: invoiceInfoSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.getInvoiceInfo(db, request.params.orderId, requestLanguage(request))),
  );

  app.put(
    '/api/orders/:orderId/invoice-info',
    {
      schema: {
        summary: "Saves a checkout step's sections of the invoice info",
        params: orderIdParams,
        body: invoiceInfoUpdateSchema,
        response: { 200: invoiceInfoSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await checkout.updateInvoiceInfo(db, request.params.orderId, request.body, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/legal-texts',
    { schema: { summary: 'The legal texts to agree to at checkout', params: orderIdParams, response: { 200: legalTextsSchema } } },
    async (request) => checkout.legalTexts(requestLanguage(request)),
  );

  app.get(
    '/api/orders/:orderId/detail',
    { schema: { summary: 'Lines, totals with VAT, invoice info, status', params: orderIdParams, response: { 200: orderDetailSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.orderDetail(db, request.params.orderId, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/status-info',
    { schema: { summary: 'Where the order is in its lifecycle', params: orderIdParams, response: { 200: statusInfoSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.statusInfo(db, request.params.orderId)),
  );

  app.post(
    '/api/orders/:orderId/checkout',
    {
      schema: {
        summary: 'Buys the cart (needs a captcha solution of the checkout site key)',
        params: orderIdParams,
        body: checkoutSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await checkout.checkout(db, {
        orderId: request.params.orderId,
        language: request.body.language,
        verifyCaptcha: (tx) => app.captcha.verify(request.body.captchaSolution, 'checkout', tx),
        afterBuy: async (tx, placed) => {
          const buyer = placed.info.contact?.email;
          // The confirmation carries the invoice PDF: the mail worker makes it, not this request.
          if (buyer) await queueMailComposedLater(tx, { to: buyer, ...orderConfirmationQueued(placed.detail) });
          await queueMail(tx, mail, { to: env.ORDERS_EMAIL, ...staffOrderMail(placed.detail, placed.info, env.PUBLIC_URL) });
        },
      });
      options.onMailQueued();
      return reply.headers(noStore).send(detail);
    },
  );

  app.get(
    '/api/orders/:orderId/invoice.pdf',
    { schema: { summary: 'The invoice of an order, as PDF', params: orderIdParams } },
    async (request, reply) => {
      // The invoice is in the language the order was placed in, whoever downloads it.
      const { detail, info } = await checkout.placedOrder(db, request.params.orderId);
      if (!detail.number) throw new AppError('notFound');
      const pdf = await options.renderPdf(invoiceDocumentOf(detail, info));
      return reply
        .headers(noStore)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${detail.number}.pdf"`)
        .send(pdf);
    },
  );
};
