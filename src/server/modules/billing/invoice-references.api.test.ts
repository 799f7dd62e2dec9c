import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceInfo, OrderDetail } from '#shared/schemas/checkout.ts';
import type { OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { hasPdftotext, pdfPages } from '../../../../tests/helpers/pdf.ts';
import { attachedFiles, loadEn16931Rules, loadXRechnungRules, schemaErrors, schematronFailures, xrechnungFailures } from '../../../../tests/helpers/e-invoice.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The buyer's reference and purchase order number (docs/decisions/068-buyer-references-and-xrechnung.md)
 * through the API on each database: given at checkout, changed by staff until INVOICE, in
 * the e-invoice of every invoice of the order (BT-10, BT-13), and each invoice as
 * XRechnung XML for the buyer and staff, checked against the EN 16931 schema and rules and
 * KoSIT's XRechnung rules.
 */

let t: TestApp;
let staff: StaffSignIn;
let viewer: StaffSignIn;
let visitor: XsrfSession;
// The first run on a machine compiles the EN 16931 rules (tests/helpers/e-invoice.ts).
beforeAll(loadEn16931Rules, 300_000);
beforeAll(loadXRechnungRules, 300_000);
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch' });
  viewer = await signInAsStaff(t, { email: 'victor.viewer@example.ch', role: 'viewer' });
  visitor = await startXsrfSession(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const asVisitor = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
const asStaff = (method: Method, url: string, payload?: object, who: StaffSignIn = staff) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const leitwegId = '04011000-12345-06';
const contact = { firstName: 'Erika', lastName: 'Muster', email: 'rechnungen@stadt.example', phoneCountryCode: 'DE', phoneNumber: '30 1234567' };
const company = { name: 'Stadtverwaltung Musterstadt', vatNumber: 'DE123456789' };
const address = { street: 'Rathausplatz 1', zip: '10117', city: 'Berlin', countryCode: 'DE' };

/** A cart of 10 Basic seats a month for a German buyer, its invoice info saved with `references`; answers its id. */
async function orderWith(references: { buyerReference?: string; purchaseOrderNumber?: string }): Promise<string> {
  const created = await asVisitor('POST', '/api/orders/', { productCode: 'cyber_security_training_basic_v1', quantity: 10, paymentFrequency: 'MONTHLY', currency: 'EUR', language: 'de-CH' });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  const saved = await asVisitor('PUT', `/api/orders/${id}/invoice-info`, { company: { ...company, ...references }, address, invoiceAddressSameAsAddress: true, contact, step: 5 });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

async function buy(id: string): Promise<OrderDetail> {
  const bought = await asVisitor('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'de-CH' });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

const invoicesOf = async (id: string) => (await asVisitor('GET', `/api/orders/${id}/invoices`)).json() as OrderInvoices;

/** The e-invoice inside an invoice's PDF. */
async function facturXOf(orderId: string, invoiceId: string): Promise<string> {
  const pdf = await asVisitor('GET', `/api/orders/${orderId}/invoices/${invoiceId}/pdf`);
  expect(pdf.statusCode).toBe(200);
  return (await attachedFiles(pdf.rawPayload)).get('factur-x.xml')?.toString('utf8') ?? '';
}

async function expectValid(xml: string): Promise<void> {
  expect(await schemaErrors(xml)).toEqual([]);
  expect(schematronFailures(xml).filter((failure) => failure.flag === 'fatal')).toEqual([]);
}

const first = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];

describe('the buyer\'s references', () => {
  it('are two optional fields of the invoice-info step, 50 characters at most, refused beyond in both languages', async () => {
    const id = await orderWith({ buyerReference: ` ${leitwegId} `, purchaseOrderNumber: 'BE-2026-0815' });
    const info = (await asVisitor('GET', `/api/orders/${id}/invoice-info`)).json() as InvoiceInfo;
    expect(info.company).toEqual({ ...company, buyerReference: leitwegId, purchaseOrderNumber: 'BE-2026-0815' });

    const tooLong = await asVisitor('PUT', `/api/orders/${id}/invoice-info`, { company: { ...company, buyerReference: 'x'.repeat(51), purchaseOrderNumber: 'y'.repeat(51) } });
    expect(tooLong.statusCode).toBe(400);
    const errors = (tooLong.json() as { errors: { field: string; code: string; messagesByLanguage: Record<string, string> }[] }).errors;
    for (const field of ['company.buyerReference', 'company.purchaseOrderNumber']) {
      expect(errors).toContainEqual(
        expect.objectContaining({ field, code: 'tooLong', messagesByLanguage: { 'en-US': expect.stringContaining('50'), 'de-CH': expect.stringContaining('50') } }),
      );
    }

    // An empty field removes what was given.
    const cleared = await asVisitor('PUT', `/api/orders/${id}/invoice-info`, { company: { ...company, buyerReference: '', purchaseOrderNumber: '  ' } });
    expect((cleared.json() as InvoiceInfo).company).toEqual({ ...company, buyerReference: '', purchaseOrderNumber: '' });
  });

  it('change by staff until INVOICE, with a note in the timeline, and go into every invoice\'s e-invoice; the buyer and staff get the invoice as XRechnung', async () => {
    const id = await orderWith({ buyerReference: 'Kostenstelle 1' });
    await buy(id);

    expect((await asStaff('PUT', `/api/orders/admin/${id}/references`, { buyerReference: leitwegId }, viewer)).statusCode).toBe(403);
    const changed = await asStaff('PUT', `/api/orders/admin/${id}/references`, { buyerReference: leitwegId, purchaseOrderNumber: 'BE-2026-0815' });
    expect(changed.statusCode, changed.body).toBe(200);
    const page = changed.json() as AdminOrder;
    expect(page.detail.invoiceInfo.company).toEqual({ ...company, buyerReference: leitwegId, purchaseOrderNumber: 'BE-2026-0815' });
    expect(page.history).toContainEqual(expect.objectContaining({ kind: 'NOTE', who: 'anna.admin@example.ch', text: expect.stringContaining(leitwegId) }));
    const tooLong = await asStaff('PUT', `/api/orders/admin/${id}/references`, { buyerReference: 'x'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);

    expect((await asStaff('POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const locked = await asStaff('PUT', `/api/orders/admin/${id}/references`, { buyerReference: 'zu spät' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: { messagesByLanguage: { 'en-US': expect.stringContaining('invoiced'), 'de-CH': expect.stringContaining('verrechnet') } } });

    const [invoice] = (await invoicesOf(id)).invoices;
    const facturX = await facturXOf(id, invoice!.id);
    await expectValid(facturX);
    expect(first(facturX, 'ram:BuyerReference')).toBe(leitwegId);
    expect(facturX).toMatch(/<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>BE-2026-0815<\/ram:IssuerAssignedID>/);

    for (const url of [`/api/orders/${id}/invoices/${invoice!.id}/xrechnung`, `/api/orders/admin/${id}/invoices/${invoice!.id}/xrechnung`]) {
      const response = url.includes('/admin/') ? await asStaff('GET', url, undefined, viewer) : await asVisitor('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="xrechnung-${invoice!.number}.xml"`);
      const xml = response.body;
      await expectValid(xml);
      expect(xrechnungFailures(xml).filter((failure) => failure.flag === 'fatal')).toEqual([]);
      expect(first(xml, 'ram:ID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
      expect(first(xml, 'ram:BuyerReference')).toBe(leitwegId);
      expect(first(xml, 'ram:GrandTotalAmount')).toBe(first(facturX, 'ram:GrandTotalAmount'));
    }
    // Staff and the buyer only: no staff session, no staff call.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/admin/${id}/invoices/${invoice!.id}/xrechnung` })).statusCode).toBe(401);

    // A credit note carries the references of its invoice, and has its XRechnung too.
    const credited = await asStaff('POST', `/api/orders/admin/${id}/invoices/${invoice!.id}/credit-notes`, { amount: 10, reason: 'Ein Platz weniger' });
    expect(credited.statusCode, credited.body).toBe(200);
    const note = (credited.json() as OrderInvoices).invoices.find((row) => row.kind === 'CREDIT_NOTE')!;
    expect(first(await facturXOf(id, note.id), 'ram:BuyerReference')).toBe(leitwegId);
    const noteXml = await asVisitor('GET', `/api/orders/${id}/invoices/${note.id}/xrechnung`);
    expect(noteXml.statusCode).toBe(200);
    await expectValid(noteXml.body);
    expect(xrechnungFailures(noteXml.body).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(first(noteXml.body, 'ram:TypeCode')).toBe('381');
    // Its printed box at the top right: its own number labels beside the buyer's references.
    if (hasPdftotext) {
      const printed = (await pdfPages((await asVisitor('GET', `/api/orders/${id}/invoices/${note.id}/pdf`)).rawPayload))[0] ?? '';
      for (const text of ['Gutschriftsnummer', note.number, 'Ihre Referenz', leitwegId, 'Ihre Bestellnummer', 'BE-2026-0815']) expect(printed).toContain(text);
      expect(printed).not.toContain('Rechnungsnummer');
    }
  });

  it('without a reference: no XRechnung (404 in both languages), and an e-invoice without BT-10', async () => {
    const id = await orderWith({ purchaseOrderNumber: 'PO-1' });
    await buy(id);
    expect((await asStaff('POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(id)).invoices;
    const facturX = await facturXOf(id, invoice!.id);
    await expectValid(facturX);
    expect(facturX).not.toContain('ram:BuyerReference');
    expect(facturX).toContain('<ram:IssuerAssignedID>PO-1</ram:IssuerAssignedID>');

    for (const response of [
      await asVisitor('GET', `/api/orders/${id}/invoices/${invoice!.id}/xrechnung`),
      await asStaff('GET', `/api/orders/admin/${id}/invoices/${invoice!.id}/xrechnung`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'notFound', messagesByLanguage: { 'en-US': expect.stringContaining('reference'), 'de-CH': expect.stringContaining('Referenz') } } });
    }
    // Another order's invoice is not this order's.
    const other = await orderWith({ buyerReference: leitwegId });
    expect((await asVisitor('GET', `/api/orders/${other}/invoices/${invoice!.id}/xrechnung`)).statusCode).toBe(404);
  });
});
