import type { InvoiceDocument } from '../../src/server/modules/invoices/invoice-document.ts';
import { sellerDetails } from '../../src/server/modules/invoices/invoice-seller.ts';

/**
 * Printed invoices of the invoice tests (src/server/modules/invoices/): a Swiss buyer in CHF
 * with a monthly and a one-time line, a Polish one with reverse charge in EUR, an American
 * one in USD (an export).
 */

const base = {
  number: '2026-000123',
  issuedAt: new Date('2026-03-10T09:30:00Z'),
  paymentTermDays: 30,
  seller: sellerDetails,
} satisfies Partial<InvoiceDocument>;

export const swissInvoice: InvoiceDocument = {
  ...base,
  language: 'de-CH',
  currency: 'CHF',
  buyer: {
    company: 'Müller & Söhne AG',
    contactName: 'Jürg Bäumli',
    email: 'juerg@mueller.example',
    vatNumber: 'CHE-987.654.321 MWST',
    address: { street: 'Seestrasse 12a', additionalAddressLine: 'Postfach', zip: '8002', city: 'Zürich', country: 'Schweiz', countryCode: 'CH' },
  },
  lines: [
    // A monthly line is invoiced for its first month.
    { title: 'Cyber Security Training – Foundation', paymentFrequency: 'MONTHLY', quantity: 25, periodMonths: 12, unitPrice: 10.5, total: 262.5 },
    { title: 'Cyber Security Training – Basic', paymentFrequency: 'ONE_TIME', quantity: 1, periodMonths: null, unitPrice: 99, total: 99 },
  ],
  totals: { net: 361.5, vatRate: 8.1, vatAmount: 29.28, gross: 390.78, vatKind: 'SWISS_VAT', perMonth: { net: 262.5, vatAmount: 21.26, gross: 283.76 } },
};

export const euInvoice: InvoiceDocument = {
  ...base,
  number: '2026-000124',
  language: 'en-US',
  currency: 'EUR',
  buyer: {
    company: 'Łódź Security Sp. z o.o.',
    contactName: 'Anna O’Neill',
    email: 'anna@lodz.example',
    vatNumber: 'PL1234567890',
    address: { street: 'ul. Piotrkowska 5', zip: '90-001', city: 'Łódź', country: 'Poland', countryCode: 'PL' },
  },
  lines: [{ title: 'Cyber Security Training – Champion', paymentFrequency: 'MONTHLY', quantity: 100, periodMonths: 24, unitPrice: 12.5, total: 1250 }],
  totals: { net: 1250, vatRate: 0, vatAmount: 0, gross: 1250, vatKind: 'REVERSE_CHARGE', perMonth: { net: 1250, vatAmount: 0, gross: 1250 } },
};

export const usInvoice: InvoiceDocument = {
  ...base,
  number: '2026-000125',
  language: 'en-US',
  currency: 'USD',
  buyer: {
    company: 'Acme Corp.',
    contactName: 'Jane Doe',
    email: 'jane@acme.example',
    address: { street: '123 Main Street', additionalAddressLine: 'Suite 400', zip: '62701', city: 'Springfield', state: 'IL', country: 'United States', countryCode: 'US' },
  },
  lines: [{ title: 'Cyber Security Training – Basic', paymentFrequency: 'ONE_TIME', quantity: 1234, periodMonths: null, unitPrice: 49.5, total: 61083 }],
  totals: { net: 61083, vatRate: 0, vatAmount: 0, gross: 61083, vatKind: 'EXPORT', perMonth: null },
};
