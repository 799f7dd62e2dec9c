import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '#server/plugins/api-document.ts';
import { requestLanguage } from '#server/http/language.ts';
import { orderIdParams } from '#shared/schemas/cart.ts';
import {
  checkoutSchema,
  invoiceInfoSchema,
  invoiceInfoUpdateSchema,
  legalTextsSchema,
  orderDetailSchema,
  statusInfoSchema,
} from '#shared/schemas/checkout.ts';
import type { CheckoutService } from './checkout.service.ts';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
}

/**
 * The checkout and order calls: invoice info, review, purchase, status and invoice.
 * Handlers validate, call the service, reply.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { checkout } = options;
  const noStore = { 'cache-control': 'no-store' };
  /** Refused with 409 once the order is no longer a cart (requireCart in src/server/modules/cart/cart.service.ts). */
  const cartChange = { refusals: ['conflict'] as const };

  app.get(
    '/api/orders/:orderId/invoice-info',
    { schema: { summary: 'The invoice info saved so far', params: orderIdParams, response: { 200: invoiceInfoSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.getInvoiceInfo(request.params.orderId, requestLanguage(request))),
  );

  app.put(
    '/api/orders/:orderId/invoice-info',
    {
      config: cartChange,
      schema: {
        summary: "Saves a checkout step's sections of the invoice info",
        params: orderIdParams,
        body: invoiceInfoUpdateSchema,
        response: { 200: invoiceInfoSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await checkout.updateInvoiceInfo(request.params.orderId, request.body, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/legal-texts',
    { schema: { summary: 'The legal texts to agree to at checkout', params: orderIdParams, response: { 200: legalTextsSchema } } },
    async (request) => checkout.legalTexts(requestLanguage(request)),
  );

  app.get(
    '/api/orders/:orderId/detail',
    { schema: { summary: 'Lines, totals with VAT, invoice info, status', params: orderIdParams, response: { 200: orderDetailSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.orderDetail(request.params.orderId, requestLanguage(request))),
  );

  app.get(
    '/api/orders/:orderId/status-info',
    { schema: { summary: 'Where the order is in its lifecycle', params: orderIdParams, response: { 200: statusInfoSchema } } },
    async (request, reply) => reply.headers(noStore).send(await checkout.statusInfo(request.params.orderId)),
  );

  app.post(
    '/api/orders/:orderId/checkout',
    {
      config: cartChange,
      schema: {
        summary: 'Buys the cart (needs a captcha solution of the checkout site key)',
        params: orderIdParams,
        body: checkoutSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await checkout.placeOrder(request.params.orderId, request.body)),
  );

  app.get(
    '/api/orders/:orderId/invoice.pdf',
    { schema: { summary: 'The invoice of an order, as PDF', params: orderIdParams, response: { 200: fileAnswer('application/pdf', 'The invoice (PDF)') } } },
    async (request, reply) => {
      const { number, pdf } = await checkout.invoicePdf(request.params.orderId);
      return reply
        .headers(noStore)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${number}.pdf"`)
        .send(pdf);
    },
  );
};
