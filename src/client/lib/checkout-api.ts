import type { Language } from '#shared/locales.ts';
import type { Country } from '#shared/schemas/common.ts';
import type { z } from 'zod';
import type { InvoiceInfo, InvoiceInfoUpdate, legalTextsSchema, OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import { api } from './api.ts';

/**
 * The checkout and tracking calls of SPEC §7 (DESIGN.md §3, §4), typed after the shared
 * schemas in `#shared/schemas/checkout.ts`. Failures are thrown as ApiError (`api.ts`).
 * Calls whose answer holds texts send the visitor's language as `?language=`.
 */
export type LegalText = z.infer<typeof legalTextsSchema>[number];

export interface CheckoutPayload {
  agreeWithLegalTexts: true;
  captchaSolution: string;
  language: Language;
}

/** The checkout form family's site-key call (SPEC §7), a path under /api. */
export const checkoutSiteKeyPath = '/orders/captcha/site-key';
/** The countries for the selects, named in `language` (SPEC §3 "Country"). */
export const countriesPath = (language: Language) => `/country/?language=${language}`;
/** The visitor's country, the default of the address and phone countries (SPEC §5). */
export const visitorCountryPath = '/geolocation/whereami/country';

/** Where the browser downloads the invoice PDF; a plain link, not a fetch. */
export function invoicePdfUrl(orderId: string, language: Language): string {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf?language=${language}`;
}

const order = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

export const checkoutApi = {
  invoiceInfo: (orderId: string) => api<InvoiceInfo>('GET', `${order(orderId)}/invoice-info`),
  /** Sends only the sections of one step plus `step`; a 400 carries field errors of any section. */
  saveInvoiceInfo: (orderId: string, update: InvoiceInfoUpdate) => api<InvoiceInfo>('PUT', `${order(orderId)}/invoice-info`, update),
  legalTexts: (orderId: string, language: Language) => api<LegalText[]>('GET', `${order(orderId)}/legal-texts?language=${language}`),
  /** Product titles come in every language (`product.translations`), so no language is sent. */
  detail: (orderId: string) => api<OrderDetail>('GET', `${order(orderId)}/detail`),
  statusInfo: (orderId: string) => api<StatusInfo>('GET', `${order(orderId)}/status-info`),
  /** 400: field errors (agreeWithLegalTexts, captchaSolution, company.vatNumber…); 409: ordered already. */
  checkout: (orderId: string, payload: CheckoutPayload) => api<OrderDetail>('POST', `${order(orderId)}/checkout`, payload),
  siteKey: () => api<{ siteKey: string }>('GET', checkoutSiteKeyPath),
  countries: (language: Language) => api<Country[]>('GET', countriesPath(language)),
  visitorCountry: () => api<Country>('GET', visitorCountryPath),
};
