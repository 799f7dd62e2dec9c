import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { BillingDetails, BillingDetailsChange } from '#shared/schemas/account.ts';
import type { Address } from '#shared/schemas/checkout.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { billingAddressOf, invoiceInfoView, mergeInvoiceInfo, type StoredInvoiceInfo } from './invoice-info.ts';

/** The timeline's line for a billing address: street, additional line, postcode and city, country code. */
function addressLine(address: Address | undefined): string {
  if (!address) return '';
  return [address.street, address.additionalAddressLine, `${address.zip} ${address.city}`, address.state, address.countryCode].filter(Boolean).join(', ');
}

function billingDetailsOf(info: StoredInvoiceInfo, language: Language): BillingDetails {
  const { company, invoiceAddress, contact } = invoiceInfoView(info, language);
  return { company, invoiceAddress, contact };
}

/**
 * The buyer's change of an order's billing address and billing contact from their account
 * (docs/product/account.md): what the order's next invoice is issued to. Issued invoices
 * keep the buyer they were issued to (their document and PDF are stored), so nothing
 * earlier changes.
 */
export function createBillingDetailsService(deps: { db: Db; orders: Pick<OrdersService, 'checkoutRows' | 'recordNote'>; audit: Pick<AuditService, 'record'> }) {
  const { db, orders, audit } = deps;
  const rows = orders.checkoutRows;

  return {
    /**
     * Checked as the checkout checks them (the VAT id by the billing country, countries
     * known): a refusal writes nothing. The company's address stays; the billing address
     * becomes the invoice address. One transaction with the timeline's note and the audit
     * row; an unchanged submission writes neither.
     */
    async change(orderId: string, change: BillingDetailsChange, who: AuditActor, language: Language): Promise<BillingDetails> {
      return db.transaction(async (tx) => {
        const order = await rows.lockOrder(tx, orderId);
        if (!order?.number) throw new AppError('notFound', 'error.order.notFound');
        const saved = order.invoiceInfo ?? {};
        const { info, errors } = mergeInvoiceInfo(saved, {
          // The references are staff's (the order page's), kept as saved.
          company: { ...saved.company, name: change.company.name, vatNumber: change.company.vatNumber },
          invoiceAddress: change.invoiceAddress,
          invoiceAddressSameAsAddress: false,
          contact: change.contact,
        });
        if (errors.length > 0) throw AppError.validation(errors);
        const before = billingDetailsOf(saved, 'en-US');
        const after = billingDetailsOf(info, 'en-US');
        if (JSON.stringify(before) === JSON.stringify(after)) return billingDetailsOf(info, language);
        await rows.saveInvoiceInfo(tx, orderId, info);
        const contact = info.contact;
        const note = translate('en-US', 'note.account.billingDetails', {
          company: [info.company?.name, info.company?.vatNumber].filter(Boolean).join(', '),
          address: addressLine(billingAddressOf(info)),
          contact: `${contact?.firstName ?? ''} ${contact?.lastName ?? ''} <${contact?.email ?? ''}>`,
        });
        await orders.recordNote(orderId, 'customer', note, tx);
        await audit.record(who, { action: 'order.billingDetails', target: { kind: 'order', id: orderId }, summary: `${order.number}: billing details changed in the account` }, tx);
        return billingDetailsOf(info, language);
      });
    },
  };
}

export type BillingDetailsService = ReturnType<typeof createBillingDetailsService>;
