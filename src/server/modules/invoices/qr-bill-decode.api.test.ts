import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '#shared/company.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { pdfPages } from '../../../../tests/helpers/pdf.ts';
import { decodeQrCode, qrBillFields } from '../../../../tests/helpers/qr-code.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The QR-bill as a bank app sees it: the invoice PDF of a real order, drawn to pixels and
 * read back by a QR decoder that has nothing to do with the code that wrote it.
 */
let t: TestApp;
let session: XsrfSession;
let staff: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
  staff = await signInAsStaff(t);
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** ISO 11649: the reference with its first four characters moved to the end, letters as numbers, is 1 modulo 97. */
function creditorReferenceCheckDigitsHold(reference: string): boolean {
  const rearranged = `${reference.slice(4)}${reference.slice(0, 4)}`;
  const digits = [...rearranged].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** Places an order of 7 Foundation seats with the invoice info of `steps`, which staff invoice (INVOICE); answers it, its invoice's number and PDF. */
async function buy(currency: 'CHF' | 'EUR', language: 'de-CH' | 'en-US', steps: object[]) {
  const created = await call('POST', '/api/orders/', { productCode: 'cyber_security_training_foundation_v1', quantity: 7, paymentFrequency: 'ONE_TIME', currency, language });
  const { id } = created.json() as { id: string };
  for (const [index, body] of steps.entries()) {
    const saved = await call('PUT', `/api/orders/${id}/invoice-info`, { ...body, step: index + 1 });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const bought = await call('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language });
  expect(bought.statusCode, bought.body).toBe(200);
  const order = (await call('GET', `/api/orders/${id}/detail`)).json() as OrderDetail;
  expect(order.number).toMatch(/^\d{4}-\d{6}$/);

  const invoiced = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/status`, headers: staff.headers, payload: { action: 'INVOICE' } });
  expect(invoiced.statusCode, invoiced.body).toBe(200);
  const { invoices } = (await call('GET', `/api/orders/${id}/invoices`)).json() as { invoices: { number: string }[] };
  const pdf = await call('GET', `/api/orders/${id}/invoice.pdf`);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  return { order, invoiceNumber: invoices[0]?.number ?? '', pdf: pdf.rawPayload };
}

describe('the QR-bill of a real invoice', () => {
  it('decodes to the amount, currency, IBAN, debtor and reference of the order', async () => {
    const { order, invoiceNumber, pdf } = await buy('CHF', 'de-CH', [
      { company: { name: 'Müller & Söhne AG' } },
      { address: { street: 'Seestrasse 12a', zip: '8002', city: 'Zürich', countryCode: 'CH' } },
      { invoiceAddressSameAsAddress: true },
      { contact: { firstName: 'Jürg', lastName: 'Bäumli', email: 'juerg@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' } },
    ]);
    const decoded = await decodeQrCode(pdf);
    expect(decoded, 'a QR code on some page of the invoice').toBeDefined();
    const fields = qrBillFields(decoded?.text ?? '');
    const [qrType, version, coding, iban] = fields;
    expect([qrType, version, coding]).toEqual(['SPC', '0200', '1']);
    expect(iban).toBe(company.iban.replace(/\s/g, ''));
    expect(fields.slice(4, 11)).toEqual(['S', company.name, company.address.street, company.address.buildingNumber, company.address.zip, company.address.city, 'CH']);
    expect(fields.slice(11, 18)).toEqual(['', '', '', '', '', '', '']);

    const [amount, currency] = fields.slice(18, 20);
    expect(currency).toBe(order.currency);
    expect(Number(amount)).toBe(order.totals.gross);
    expect(amount).toMatch(/^\d+\.\d{2}$/);
    // 7 seats at the Foundation price, with 8.1 % Swiss VAT.
    expect(order.totals.vatRate).toBe(8.1);
    const netCents = Math.round(order.totals.net * 100);
    expect(Math.round(order.totals.gross * 100)).toBe(netCents + Math.round((netCents * 8.1) / 100));

    expect(fields.slice(20, 27)).toEqual(['S', 'Müller & Söhne AG', 'Seestrasse', '12a', '8002', 'Zürich', 'CH']);

    const [referenceType, reference, message, trailer] = fields.slice(27, 31);
    expect(referenceType).toBe('SCOR');
    // The invoice's own number, to which the payment is matched.
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(reference).toBe(`RF${reference?.slice(2, 4)}${invoiceNumber.replace(/-/g, '')}`);
    expect(creditorReferenceCheckDigitsHold(reference ?? '')).toBe(true);
    expect(creditorReferenceCheckDigitsHold(`RF00${invoiceNumber.replace(/-/g, '')}`)).toBe(false);
    expect(message).toBe(invoiceNumber);
    expect(trailer).toBe('EPD');
  }, 30_000);

  it('carries the buyer as written, in the letters of Central and Eastern Europe', async () => {
    const { pdf } = await buy('EUR', 'en-US', [
      { company: { name: 'Dvořák Čeněk & Łukasiewicz s.r.o.', vatNumber: 'CZ25123891' } },
      { address: { street: 'Křižíkova 148', zip: '400 01', city: 'Ústí nad Labem', countryCode: 'CZ' } },
      { invoiceAddressSameAsAddress: true },
      { contact: { firstName: 'Jiří', lastName: 'Dvořák', email: 'jiri@example.cz', phoneCountryCode: 'CZ', phoneNumber: '601 123 456' } },
    ]);
    const fields = qrBillFields((await decodeQrCode(pdf))?.text ?? '');
    expect(fields.slice(19, 27)).toEqual(['EUR', 'S', 'Dvořák Čeněk & Łukasiewicz s.r.o.', 'Křižíkova', '148', '400 01', 'Ústí nad Labem', 'CZ']);
    const [invoicePage = ''] = await pdfPages(pdf);
    expect(invoicePage).toContain('Dvořák Čeněk & Łukasiewicz s.r.o.');
    expect(invoicePage).toContain('Attn. Jiří Dvořák');
    expect(invoicePage).toContain('400 01 Ústí nad Labem');
  }, 30_000);
});
