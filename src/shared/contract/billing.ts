import type { Calls } from '../contract.ts';
import { orderIdParams } from '../schemas/cart.ts';
import {
  adminInvoiceParamsSchema,
  adminOrderIdParamsSchema,
  billingOverviewSchema,
  creditNoteSchema,
  invoiceParamsSchema,
  noticeAnswerSchema,
  noticeConfirmationSchema,
  noticeConfirmedSchema,
  noticeRequestSchema,
  orderInvoicesSchema,
} from '../schemas/invoices.ts';

/**
 * The invoices of an order, notice from the customer and the billing figures for staff
 * (src/server/modules/billing/billing.routes.ts; docs/product/billing.md).
 */
const tags = ['back office'];

export const billingCalls = {
  orderInvoices: {
    method: 'GET',
    path: '/orders/:orderId/invoices',
    params: orderIdParams,
    answer: orderInvoicesSchema,
    summary: "The order's invoices with what is open, for its tracking page",
  },
  orderInvoicePdf: {
    method: 'GET',
    path: '/orders/:orderId/invoices/:invoiceId/pdf',
    params: invoiceParamsSchema,
    answer: { file: 'application/pdf', description: 'The invoice as issued (the same bytes every time)' },
    summary: 'One invoice of the order, as PDF',
  },
  orderInvoiceXRechnung: {
    method: 'GET',
    path: '/orders/:orderId/invoices/:invoiceId/xrechnung',
    params: invoiceParamsSchema,
    answer: { file: 'application/xml', description: 'The invoice as XRechnung 3.0 in CII syntax; 404 when the buyer gave no reference (BT-10)' },
    summary: 'One invoice of the order, as XRechnung XML',
    refusals: ['notFound'],
  },
  requestNotice: {
    method: 'POST',
    path: '/orders/:orderId/notice',
    params: orderIdParams,
    body: noticeRequestSchema,
    answer: noticeAnswerSchema,
    summary: 'Asks to give notice on a monthly plan: mails the billing contact a link that confirms it',
    rateLimit: 'mailForms',
    refusals: ['conflict'],
  },
  confirmNotice: {
    method: 'POST',
    path: '/orders/:orderId/notice/confirmation',
    params: orderIdParams,
    body: noticeConfirmationSchema,
    answer: noticeConfirmedSchema,
    summary: 'Confirms a notice with the link mailed to the billing contact (START_TERMINATION)',
    refusals: ['conflict'],
  },
  adminOrderInvoices: {
    method: 'GET',
    path: '/orders/admin/:id/invoices',
    params: adminOrderIdParamsSchema,
    answer: orderInvoicesSchema,
    summary: "The order's invoices with what is open",
    tags,
    staff: true,
    role: 'viewer',
  },
  adminInvoicePdf: {
    method: 'GET',
    path: '/orders/admin/:id/invoices/:invoiceId/pdf',
    params: adminInvoiceParamsSchema,
    answer: { file: 'application/pdf', description: 'The invoice as issued' },
    summary: 'One invoice of the order, as PDF',
    tags,
    staff: true,
    role: 'viewer',
  },
  adminInvoiceXRechnung: {
    method: 'GET',
    path: '/orders/admin/:id/invoices/:invoiceId/xrechnung',
    params: adminInvoiceParamsSchema,
    answer: { file: 'application/xml', description: 'The invoice as XRechnung 3.0 in CII syntax; 404 when the buyer gave no reference (BT-10)' },
    summary: 'One invoice of the order, as XRechnung XML',
    tags,
    staff: true,
    role: 'viewer',
    refusals: ['notFound'],
  },
  issueCreditNote: {
    method: 'POST',
    path: '/orders/admin/:id/invoices/:invoiceId/credit-notes',
    params: adminInvoiceParamsSchema,
    body: creditNoteSchema,
    answer: orderInvoicesSchema,
    summary: "Issues a credit note for one of the order's invoices: its own number and PDF, mailed to the billing contact; answers the order's invoices",
    tags,
    staff: true,
    role: 'editor',
    refusals: ['notFound'],
  },
  billingOverview: {
    method: 'GET',
    path: '/admin/billing',
    answer: billingOverviewSchema,
    summary: 'Renewals of the next 30 days, monthly recurring revenue per currency with its change, overdue orders',
    tags,
    staff: true,
    role: 'viewer',
  },
} as const satisfies Calls;
