import { afterAll, describe, expect, it } from 'vitest';
import { sellerDetails, type InvoiceDocument } from './invoice-pdf.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

const renderer = createInvoiceRenderer();
afterAll(() => renderer.close());

const invoice: InvoiceDocument = {
  language: 'de-CH',
  number: '2026-000042',
  issuedAt: new Date('2026-11-21T10:00:00Z'),
  paymentTermDays: 30,
  currency: 'CHF',
  seller: sellerDetails,
  buyer: { company: 'Muster AG', contactName: 'Anna Muster', email: 'anna@example.ch', address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', country: 'Schweiz', countryCode: 'CH' } },
  lines: [{ title: 'Cyber-Security-Training Basic', paymentFrequency: 'ONE_TIME', quantity: 3, periodMonths: null, unitPrice: 49, total: 147 }],
  totals: { net: 147, vatRate: 8.1, vatAmount: 11.91, gross: 158.91, vatKind: 'SWISS_VAT', perMonth: null },
};

describe('the invoice thread', () => {
  it('renders PDFs off the server thread, several at once', async () => {
    const pdfs = await Promise.all([renderer.render(invoice), renderer.render({ ...invoice, number: '2026-000043' })]);
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('passes a rendering failure on, and keeps working', async () => {
    await expect(renderer.render({ ...invoice, seller: { ...sellerDetails, iban: 'not an iban' } })).rejects.toThrow();
    expect((await renderer.render(invoice)).length).toBeGreaterThan(1000);
  });
});
