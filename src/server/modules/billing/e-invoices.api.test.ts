import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { addMonths, isoDateInZurich, lastDayOfPeriod } from '#shared/dates.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { SeatChangeAnswer } from '#shared/schemas/seat-changes.ts';
import type { OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { hasPdftotext, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { attachedFiles, loadEn16931Rules, schemaErrors, schematronFailures } from '../../../../tests/helpers/e-invoice.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The Factur-X e-invoice of the invoices the shop issues (docs/decisions/066-factur-x-invoices.md),
 * through its own API on each database: an order's first invoice for a German buyer with
 * reverse charge and for an American one, a renewal with its period and credit notes by amount and by seats,
 * each taken out of its PDF and checked against the EN 16931 schema and rules.
 */

let t: TestApp;
let staff: StaffSignIn;
let visitor: XsrfSession;
// The first run on a machine compiles the EN 16931 rules (20 seconds or more; tests/helpers/e-invoice.ts).
beforeAll(loadEn16931Rules, 300_000);
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch' });
  visitor = await startXsrfSession(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const asVisitor = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
const asStaff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

interface Buyer {
  currency: 'CHF' | 'EUR' | 'USD';
  language: 'de-CH' | 'en-US';
  company: { name: string; vatNumber?: string };
  address: { street: string; zip: string; city: string; state?: string; countryCode: string };
}

const germanBuyer: Buyer = {
  currency: 'EUR',
  language: 'en-US',
  company: { name: 'Beispiel Sicherheit GmbH', vatNumber: 'DE123456789' },
  address: { street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', countryCode: 'DE' },
};
const americanBuyer: Buyer = {
  currency: 'USD',
  language: 'en-US',
  company: { name: 'Acme Corp.' },
  address: { street: '1 Main St', zip: '10001', city: 'New York', state: 'NY', countryCode: 'US' },
};
const swissBuyer: Buyer = {
  currency: 'CHF',
  language: 'de-CH',
  company: { name: 'Muster AG' },
  address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' },
};

/** 10 Basic seats a month, bought and invoiced (INVOICE): the order and its first invoice. */
async function invoicedOrder(buyer: Buyer): Promise<{ order: OrderDetail; invoices: OrderInvoices }> {
  const created = await asVisitor('POST', '/api/orders/', {
    productCode: 'cyber_security_training_basic_v1',
    quantity: 10,
    paymentFrequency: 'MONTHLY',
    currency: buyer.currency,
    language: buyer.language,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  const saved = await asVisitor('PUT', `/api/orders/${id}/invoice-info`, {
    company: buyer.company,
    address: buyer.address,
    invoiceAddressSameAsAddress: true,
    contact: { firstName: 'Anna', lastName: 'Muster', email: 'billing@buyer.example', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step: 5,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await asVisitor('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: buyer.language });
  expect(bought.statusCode, bought.body).toBe(200);
  expect((await asStaff('POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
  return { order: bought.json() as OrderDetail, invoices: await invoicesOf(id) };
}

const invoicesOf = async (id: string) => (await asVisitor('GET', `/api/orders/${id}/invoices`)).json() as OrderInvoices;

/** The e-invoice inside an invoice's PDF, after checking it has no schema error and breaks no fatal EN 16931 rule. */
async function validFacturX(orderId: string, invoiceId: string): Promise<string> {
  const pdf = await asVisitor('GET', `/api/orders/${orderId}/invoices/${invoiceId}/pdf`);
  expect(pdf.statusCode).toBe(200);
  const xml = (await attachedFiles(pdf.rawPayload)).get('factur-x.xml')?.toString('utf8') ?? '';
  expect(await schemaErrors(xml)).toEqual([]);
  expect(schematronFailures(xml).filter((failure) => failure.flag === 'fatal')).toEqual([]);
  return xml;
}

/** The text of the first element `name`. */
const first = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];

describe('the e-invoice in every invoice PDF', () => {
  it('bills a German company in euros by reverse charge, with both VAT ids, and an American one in dollars as an export', async () => {
    const german = await invoicedOrder(germanBuyer);
    const [invoice] = german.invoices.invoices;
    const xml = await validFacturX(german.order.id, invoice!.id);
    expect(xml).toContain(`<ram:ID>${invoice!.number}</ram:ID>`);
    expect(xml).toContain(`<ram:IssuerAssignedID>${german.order.number}</ram:IssuerAssignedID>`);
    expect(first(xml, 'ram:CategoryCode')).toBe('AE');
    expect(xml).toContain('<ram:ID schemeID="VA">DE123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">CHE-123.456.788 MWST</ram:ID>');
    expect(first(xml, 'ram:InvoiceCurrencyCode')).toBe('EUR');
    expect(first(xml, 'ram:GrandTotalAmount')).toBe(invoice!.gross.toFixed(2));
    // The monthly line names its first month from the issue day (BT-134, BT-135), as printed under it.
    const lastDay = lastDayOfPeriod(addMonths(invoice!.issuedOn, 1));
    expect(xml).toMatch(new RegExp(`<ram:BillingSpecifiedPeriod>\\s*<ram:StartDateTime>\\s*<udt:DateTimeString format="102">${invoice!.issuedOn.replaceAll('-', '')}<[\\s\\S]*?${lastDay.replaceAll('-', '')}<`));

    const american = await invoicedOrder(americanBuyer);
    const [dollars] = american.invoices.invoices;
    const usXml = await validFacturX(american.order.id, dollars!.id);
    expect(first(usXml, 'ram:CategoryCode')).toBe('G');
    expect(first(usXml, 'ram:InvoiceCurrencyCode')).toBe('USD');
    expect(first(usXml, 'ram:CountrySubDivisionName')).toBe('NY');
    expect(first(usXml, 'ram:GrandTotalAmount')).toBe(dollars!.gross.toFixed(2));
  });

  it('carries a renewal\'s period (BT-73, BT-74), and makes a credit note type 381 naming its invoice', async () => {
    const { order, invoices } = await invoicedOrder(swissBuyer);
    const [firstInvoice] = invoices.invoices;
    // Placed and paid on 31 January: the plan renews on 28 February.
    await t.database.db.update(orders).set({ orderedAt: new Date('2026-01-31T08:00:00Z') }).where(eq(orders.id, order.id));
    const paid = await asStaff('POST', `/api/orders/admin/${order.id}/pay`, { amount: firstInvoice!.gross, date: '2026-01-31' });
    expect((paid.json() as AdminOrder).detail.status).toBe('ACTIVE');
    await t.app.billing.run({ asOf: '2026-02-28' });
    const renewal = (await invoicesOf(order.id)).invoices[1]!;
    expect([renewal.periodFirstDay, renewal.periodLastDay]).toEqual(['2026-02-28', '2026-03-30']);

    const xml = await validFacturX(order.id, renewal.id);
    expect(xml).toMatch(/<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20260228<\/udt:DateTimeString>\s*<\/ram:StartDateTime>\s*<ram:EndDateTime>\s*<udt:DateTimeString format="102">20260330<\/udt:DateTimeString>/);
    expect(first(xml, 'ram:CategoryCode')).toBe('S');
    expect(first(xml, 'ram:RateApplicablePercent')).toBe('8.1');
    expect(first(xml, 'ram:GrandTotalAmount')).toBe(renewal.gross.toFixed(2));

    const credited = await asStaff('POST', `/api/orders/admin/${order.id}/invoices/${renewal.id}/credit-notes`, { amount: 10, reason: 'Two seats were never used' });
    expect(credited.statusCode, credited.body).toBe(200);
    const note = (credited.json() as OrderInvoices).invoices.find((row) => row.kind === 'CREDIT_NOTE')!;
    const noteXml = await validFacturX(order.id, note.id);
    expect(first(noteXml, 'ram:TypeCode')).toBe('381');
    expect(noteXml).toMatch(
      new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${renewal.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">20260228<`),
    );
    expect(first(noteXml, 'ram:GrandTotalAmount')).toBe('10.00');

    // A partial credit note by seats: its lines are the credited ones with their seats, as printed.
    const bySeats = await asStaff('POST', `/api/orders/admin/${order.id}/invoices/${renewal.id}/credit-notes`, { lines: [{ lineId: '1', seats: 3 }], reason: 'Three seats were never used' });
    expect(bySeats.statusCode, bySeats.body).toBe(200);
    const seatsNote = (bySeats.json() as OrderInvoices).invoices.filter((row) => row.kind === 'CREDIT_NOTE')[1]!;
    // 3 × 4.90 = 14.70 net, 8.1 % of it 1.19.
    expect([seatsNote.net, seatsNote.vatAmount, seatsNote.gross]).toEqual([-14.7, -1.19, -15.89]);
    const seatsXml = await validFacturX(order.id, seatsNote.id);
    expect(first(seatsXml, 'ram:TypeCode')).toBe('381');
    expect(seatsXml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(1);
    expect(seatsXml).toContain('<ram:BilledQuantity unitCode="C62">3</ram:BilledQuantity>');
    expect(first(seatsXml, 'ram:ChargeAmount')).toBe('4.90');
    expect(first(seatsXml, 'ram:LineTotalAmount')).toBe('14.70');
    expect(first(seatsXml, 'ram:TaxTotalAmount')).toBe('1.19');
    expect(first(seatsXml, 'ram:GrandTotalAmount')).toBe('15.89');
    expect(seatsXml).toContain(`<ram:IssuerAssignedID>${renewal.number}</ram:IssuerAssignedID>`);
    expect(first(seatsXml, 'ram:Content')).toBe('Three seats were never used');
    if (hasPdftotext) {
      const printed = pdftotextPages((await asVisitor('GET', `/api/orders/${order.id}/invoices/${seatsNote.id}/pdf`)).rawPayload).join('\n');
      for (const text of [seatsNote.number, renewal.number, '3 Plätze', '-4.90 CHF', '-14.70 CHF', '-1.19 CHF', '-15.89 CHF', 'Grund: Three seats were never used']) expect(printed).toContain(text);
    }
  });

  it('carries a seat change\'s prorated invoice: the added seats with their days (BT-134, BT-135), in euros by reverse charge and in francs', async () => {
    for (const buyer of [germanBuyer, swissBuyer]) {
      const { order, invoices } = await invoicedOrder(buyer);
      const paid = await asStaff('POST', `/api/orders/admin/${order.id}/pay`, { amount: invoices.invoices[0]!.gross, date: isoDateInZurich() });
      expect((paid.json() as AdminOrder).detail.status).toBe('ACTIVE');
      const changed = await asStaff('POST', `/api/orders/admin/${order.id}/plan/seats`, { seats: 13 });
      expect(changed.statusCode, changed.body).toBe(200);
      const answer = changed.json() as SeatChangeAnswer;
      const prorated = (await invoicesOf(order.id)).invoices.find((row) => row.number === answer.invoice?.number)!;
      const xml = await validFacturX(order.id, prorated.id);
      expect(first(xml, 'ram:BilledQuantity')).toBe('3');
      expect(xml).toMatch(new RegExp(`<ram:BillingSpecifiedPeriod>\\s*<ram:StartDateTime>\\s*<udt:DateTimeString format="102">${answer.prorated!.from.replaceAll('-', '')}<[\\s\\S]*?${answer.prorated!.to.replaceAll('-', '')}<`));
      expect(first(xml, 'ram:LineTotalAmount')).toBe(answer.prorated!.net.toFixed(2));
      expect(first(xml, 'ram:GrandTotalAmount')).toBe(answer.prorated!.gross.toFixed(2));
    }
  });
});
