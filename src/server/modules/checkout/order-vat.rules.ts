import { billingAddressOf, type StoredInvoiceInfo } from './invoice-info.ts';
import { totalsFor } from './vat.ts';

/**
 * Net, VAT and gross of an amount of an order, in minor units, by the billing country of
 * its invoice info, frozen at BUY (docs/product/money-and-vat.md), at the rate in force on `isoDay`: how its invoice and detail show the
 * total, and what falls due at BUY and at each renewal (the orders module's RENEW).
 */
export function orderVatTotals(netMinor: number, invoiceInfo: StoredInvoiceInfo | Record<string, unknown> | null | undefined, isoDay?: string) {
  return totalsFor(netMinor, billingAddressOf((invoiceInfo ?? {}) as StoredInvoiceInfo)?.countryCode ?? '', isoDay);
}
