import { orderIdParams } from '../schemas/cart.ts';
import {
  checkoutSchema,
  invoiceInfoSchema,
  invoiceInfoUpdateSchema,
  legalTextsSchema,
  orderDetailSchema,
  statusInfoSchema,
} from '../schemas/checkout.ts';
import { languageQuerySchema } from '../schemas/common.ts';
import type { Calls } from '../contract.ts';

/**
 * The checkout and order calls: invoice info, review, purchase, status and invoice
 * (src/server/modules/checkout/checkout.routes.ts).
 */

/** Refused with 409 once the order is no longer a cart (requireCart in src/server/modules/cart/cart.service.ts). */
const cartChange = ['conflict'] as const;

export const checkoutCalls = {
  invoiceInfo: {
    method: 'GET',
    path: '/orders/:orderId/invoice-info',
    params: orderIdParams,
    answer: invoiceInfoSchema,
    summary: 'The invoice info saved so far',
  },
  saveInvoiceInfo: {
    method: 'PUT',
    path: '/orders/:orderId/invoice-info',
    params: orderIdParams,
    body: invoiceInfoUpdateSchema,
    answer: invoiceInfoSchema,
    summary: "Saves a checkout step's sections of the invoice info",
    refusals: cartChange,
  },
  legalTexts: {
    method: 'GET',
    path: '/orders/:orderId/legal-texts',
    params: orderIdParams,
    query: languageQuerySchema,
    answer: legalTextsSchema,
    summary: 'The legal texts to agree to at checkout',
  },
  orderDetail: {
    method: 'GET',
    path: '/orders/:orderId/detail',
    params: orderIdParams,
    answer: orderDetailSchema,
    summary: 'Lines, totals with VAT, invoice info, status',
  },
  statusInfo: {
    method: 'GET',
    path: '/orders/:orderId/status-info',
    params: orderIdParams,
    answer: statusInfoSchema,
    summary: 'Where the order is in its lifecycle',
  },
  checkout: {
    method: 'POST',
    path: '/orders/:orderId/checkout',
    params: orderIdParams,
    body: checkoutSchema,
    answer: orderDetailSchema,
    summary: 'Buys the cart (needs a captcha solution of the checkout site key)',
    refusals: cartChange,
  },
  /** A plain link, not a JSON call (`invoicePdfPath` in src/shared/paths.ts). */
  invoicePdf: {
    method: 'GET',
    path: '/orders/:orderId/invoice.pdf',
    params: orderIdParams,
    query: languageQuerySchema,
    answer: { file: 'application/pdf', description: 'The invoice (PDF)' },
    summary: 'The invoice of an order, as PDF',
  },
} as const satisfies Calls;
