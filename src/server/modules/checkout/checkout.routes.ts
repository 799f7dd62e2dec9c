import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { requestLanguage } from '#server/http/language.ts';
import { checkoutCalls } from '#shared/contract/checkout.ts';
import type { CheckoutService } from './checkout.service.ts';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
}

/**
 * The checkout and order calls: invoice info, review, purchase, status and invoice
 * (src/shared/contract/checkout.ts). Handlers validate, call the service, reply.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { checkout } = options;
  const noStore = { 'cache-control': 'no-store' };

  registerCall(app, checkoutCalls.invoiceInfo, async (request, reply) =>
    reply.headers(noStore).send(await checkout.getInvoiceInfo(request.params.orderId, requestLanguage(request))),
  );

  registerCall(app, checkoutCalls.saveInvoiceInfo, async (request, reply) =>
    reply.headers(noStore).send(await checkout.updateInvoiceInfo(request.params.orderId, request.body, requestLanguage(request))),
  );

  registerCall(app, checkoutCalls.legalTexts, async (request) => checkout.legalTexts(requestLanguage(request)));

  registerCall(app, checkoutCalls.orderDetail, async (request, reply) =>
    reply.headers(noStore).send(await checkout.orderDetail(request.params.orderId, requestLanguage(request))),
  );

  registerCall(app, checkoutCalls.statusInfo, async (request, reply) => reply.headers(noStore).send(await checkout.statusInfo(request.params.orderId)));

  registerCall(app, checkoutCalls.checkout, async (request, reply) =>
    reply.headers(noStore).send(await checkout.placeOrder(request.params.orderId, request.body)),
  );

  registerCall(app, checkoutCalls.invoicePdf, async (request, reply) => {
    const { number, pdf } = await checkout.invoicePdf(request.params.orderId);
    return reply
      .headers(noStore)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="invoice-${number}.pdf"`)
      .send(pdf);
  });
};
