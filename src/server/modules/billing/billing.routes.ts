import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { staffOf } from '#server/plugins/staff-session.ts';
import { billingCalls } from '#shared/contract/billing.ts';
import type { BillingFiguresService } from './billing-figures.service.ts';
import type { BillingNoticesService } from './billing-notices.service.ts';
import type { CreditNotesService } from './credit-notes.service.ts';
import type { OrderInvoicesService } from './order-invoices.service.ts';

export interface BillingRoutesOptions {
  orderInvoices: OrderInvoicesService;
  notices: BillingNoticesService;
  creditNotes: CreditNotesService;
  figures: BillingFiguresService;
}

/**
 * An order's invoices (the visitor's tracking page, the back office), notice from the
 * customer, the billing figures for staff (src/shared/contract/billing.ts).
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { orderInvoices, notices, creditNotes, figures } = options;
  const noStore = { 'cache-control': 'no-store' };
  const pdfAnswer = (number: string) => ({ ...noStore, 'content-type': 'application/pdf', 'content-disposition': `inline; filename="invoice-${number}.pdf"` });
  const xmlAnswer = (number: string) => ({ ...noStore, 'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="xrechnung-${number}.xml"` });

  registerCall(app, billingCalls.orderInvoices, async (request, reply) =>
    reply.headers(noStore).send(await orderInvoices.invoicesOf(request.params.orderId, { visitor: true })),
  );

  registerCall(app, billingCalls.orderInvoicePdf, async (request, reply) => {
    const { number, pdf } = await orderInvoices.invoicePdf(request.params.orderId, request.params.invoiceId, { visitor: true });
    return reply.headers(pdfAnswer(number)).send(pdf);
  });

  registerCall(app, billingCalls.orderInvoiceXRechnung, async (request, reply) => {
    const { number, xml } = await orderInvoices.invoiceXRechnung(request.params.orderId, request.params.invoiceId, { visitor: true });
    return reply.headers(xmlAnswer(number)).send(xml);
  });

  registerCall(app, billingCalls.requestNotice, async (request, reply) => reply.headers(noStore).send(await notices.requestNotice(request.params.orderId)));

  registerCall(app, billingCalls.confirmNotice, async (request, reply) =>
    reply.headers(noStore).send(await notices.confirmNotice(request.params.orderId, request.body.token)),
  );

  registerCall(app, billingCalls.adminOrderInvoices, async (request) => orderInvoices.invoicesOf(request.params.id, { visitor: false }));

  registerCall(app, billingCalls.adminInvoicePdf, async (request, reply) => {
    const { number, pdf } = await orderInvoices.invoicePdf(request.params.id, request.params.invoiceId, { visitor: false });
    return reply.headers(pdfAnswer(number)).send(pdf);
  });

  registerCall(app, billingCalls.adminInvoiceXRechnung, async (request, reply) => {
    const { number, xml } = await orderInvoices.invoiceXRechnung(request.params.id, request.params.invoiceId, { visitor: false });
    return reply.headers(xmlAnswer(number)).send(xml);
  });

  registerCall(app, billingCalls.issueCreditNote, async (request) =>
    creditNotes.issueCreditNote(request.params.id, request.params.invoiceId, request.body, staffOf(request)),
  );

  registerCall(app, billingCalls.recordCreditNoteRefund, async (request) =>
    creditNotes.recordCreditNoteRefund(request.params.id, request.params.invoiceId, request.body, staffOf(request)),
  );

  registerCall(app, billingCalls.billingOverview, async () => figures.overview());
};
