import { company } from '#shared/company.ts';
import type { InvoiceSeller } from './invoice-document.ts';

/**
 * The issuer of every invoice. A module of its own: the server's thread needs it to ask
 * for an invoice, and loading invoice-pdf.ts (pdfkit, fonts, the QR-bill) there would cost
 * every start a few hundred milliseconds for what only the invoice thread uses.
 */
export const sellerDetails: InvoiceSeller = {
  name: company.name,
  street: company.address.street,
  buildingNumber: company.address.buildingNumber,
  zip: company.address.zip,
  city: company.address.city,
  countryCode: company.address.countryCode,
  vatId: company.vatNumber,
  iban: company.iban,
  email: company.email.billing,
  phone: company.phone,
  website: company.website,
};
