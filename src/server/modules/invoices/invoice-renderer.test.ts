import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfFonts, pdfPages } from '../../../../tests/helpers/pdf.ts';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';
import { sellerDetails } from './invoice-seller.ts';
import { createInvoiceRenderer } from './invoice-renderer.ts';

const renderer = createInvoiceRenderer({ threads: 2 });
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

// The thread loads the PDF code and the fonts first: on a busy machine that takes seconds.
describe('the invoice threads', { timeout: 30_000 }, () => {
  it('renders PDFs off the server thread, several at once', async () => {
    const pdfs = await Promise.all([renderer.render(invoice), renderer.render({ ...invoice, number: '2026-000043' })]);
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders an invoice byte for byte the same in any thread, whatever the thread rendered before', async () => {
    const other: InvoiceDocument = { ...invoice, language: 'en-US', number: '2026-000044', buyer: { ...invoice.buyer, company: 'Other Words Ltd' } };
    // Here first, while this process has laid out no word yet (invoice-fonts.ts keeps the layouts).
    const first = await renderInvoicePdf(invoice);
    await renderInvoicePdf(other);
    expect((await renderInvoicePdf(invoice)).equals(first)).toBe(true);
    const pooled = await Promise.all([renderer.render(other), renderer.render(invoice), renderer.render(other), renderer.render(invoice)]);
    expect(pooled[1]!.equals(first)).toBe(true);
    expect(pooled[3]!.equals(first)).toBe(true);
    expect(pooled[0]!.equals(pooled[2]!)).toBe(true);
  });

  it('draws names as written, with the fonts it loaded once, invoice after invoice', async () => {
    const buyer = { ...invoice.buyer, company: 'Dvořák Čeněk & Łukasiewicz s.r.o.', contactName: 'Jiří Dvořák' };
    const first = await renderer.render({ ...invoice, buyer });
    const second = await renderer.render({ ...invoice, buyer: { ...buyer, company: 'Őrző Űrhajó Kft.', contactName: 'Işık Çağlar' } });
    const [firstPage = ''] = await pdfPages(first);
    expect(firstPage).toContain('Dvořák Čeněk & Łukasiewicz s.r.o.');
    expect(firstPage).toContain('z. H. Jiří Dvořák');
    const [secondPage = ''] = await pdfPages(second);
    expect(secondPage).toContain('Őrző Űrhajó Kft.');
    expect(secondPage).toContain('z. H. Işık Çağlar');
    for (const font of await pdfFonts(second)) expect(font).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+Arimo-(Regular|Bold)$/), embedded: true });
  });

  // Field 19 of /proc/…/stat is the nice value; the command name before it may hold spaces.
  const niceOf = (task: string) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
  // In a process already at nice 10 or more the thread cannot be set to 10 (that needs privileges).
  it.runIf(process.platform === 'linux' && niceOf(String(process.pid)) < 10)('renders at a lower CPU priority than the server thread', async () => {
    await renderer.render(invoice);
    expect(readdirSync('/proc/self/task').map(niceOf)).toContain(10);
  });

  it('passes a rendering failure on, and keeps working', async () => {
    await expect(renderer.render({ ...invoice, seller: { ...sellerDetails, iban: 'not an iban' } })).rejects.toThrow();
    expect((await renderer.render(invoice)).length).toBeGreaterThan(1000);
  });
});
