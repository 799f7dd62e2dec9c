import { beforeAll, describe, expect, it } from 'vitest';
import { loadEn16931Rules, loadXRechnungRules, schemaErrors, schematronFailures, xrechnungFailures } from '../../../../tests/helpers/e-invoice.ts';
import { euInvoice, swissInvoice } from '../../../../tests/helpers/invoice-documents.ts';
import { hasPdftotext, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { facturXml } from './factur-x.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { sellerDetails } from './invoice-seller.ts';

/**
 * The buyer's reference and purchase order number on the printed invoice and in its
 * e-invoice (BT-10, BT-13), and the same invoice as XRechnung (docs/decisions/068-buyer-references-and-xrechnung.md),
 * checked against the EN 16931 schema and rules and KoSIT's XRechnung rules.
 */

const leitwegId = '04011000-12345-06';

/** A German public buyer: reverse charge in euros, with its Leitweg-ID and a purchase order number. */
const german: InvoiceDocument = {
  ...euInvoice,
  language: 'de-CH',
  number: 'INV-2026-000300',
  orderNumber: '2026-000300',
  buyer: {
    company: 'Stadtverwaltung Musterstadt',
    contactName: 'Erika Mustermann',
    email: 'rechnungen@musterstadt.example',
    vatNumber: 'DE123456789',
    buyerReference: leitwegId,
    purchaseOrderNumber: 'BE-2026-0815',
    address: { street: 'Rathausplatz 1', zip: '10117', city: 'Berlin', country: 'Deutschland', countryCode: 'DE' },
  },
};

/** A Swiss buyer in English, with a cost centre and a purchase order number as long as the checkout allows. */
const swiss: InvoiceDocument = {
  ...swissInvoice,
  language: 'en-US',
  number: 'INV-2026-000301',
  orderNumber: '2026-000301',
  buyer: { ...swissInvoice.buyer, buyerReference: 'Cost centre 4711', purchaseOrderNumber: 'PO-'.padEnd(50, '0123456789') },
};

const creditNote: InvoiceDocument = {
  ...german,
  number: 'CN-2026-000010',
  issuedAt: new Date('2026-03-20T12:00:00Z'),
  paymentTermDays: 0,
  creditNote: { invoiceNumber: german.number, reason: 'Zehn Plätze weniger', invoiceIssuedOn: '2026-03-10' },
  lines: [{ title: 'Gutschrift zu Rechnung INV-2026-000300', paymentFrequency: 'ONE_TIME', quantity: 1, periodMonths: null, unitPrice: -125, total: -125 }],
  totals: { net: -125, vatRate: 0, vatAmount: 0, gross: -125, vatKind: 'REVERSE_CHARGE', perMonth: null },
};

const cases = { german, swiss, creditNote };

/** The texts of every element `name` in the XML, in order. */
function values(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1]!);
}

/** The first `<name>…</name>` block of the XML. */
function block(xml: string, name: string): string {
  return new RegExp(`<${name}>[\\s\\S]*?</${name}>`).exec(xml)?.[0] ?? '';
}

const fatal = (xml: string) => schematronFailures(xml).filter((failure) => failure.flag === 'fatal');

describe('buyer references and XRechnung', { timeout: 60_000 }, () => {
  // The first run on a machine compiles the EN 16931 rules (tests/helpers/e-invoice.ts).
  beforeAll(loadEn16931Rules, 300_000);
  beforeAll(loadXRechnungRules, 300_000);

  it.each(Object.keys(cases))('%s: the Factur-X XML carries BT-10 and BT-13 and stays valid', async (name) => {
    const invoice = cases[name as keyof typeof cases];
    const xml = facturXml(invoice);
    expect(await schemaErrors(xml)).toEqual([]);
    expect(fatal(xml)).toEqual([]);
    expect(values(xml, 'ram:BuyerReference')).toEqual([invoice.buyer.buyerReference]);
    expect(block(xml, 'ram:BuyerOrderReferencedDocument')).toContain(`<ram:IssuerAssignedID>${invoice.buyer.purchaseOrderNumber}</ram:IssuerAssignedID>`);
  });

  it('leaves both out when the buyer gave none', () => {
    const xml = facturXml(swissInvoice);
    expect(xml).not.toContain('ram:BuyerReference');
    expect(xml).not.toContain('ram:BuyerOrderReferencedDocument');
  });

  it.each(Object.keys(cases))('%s: the XRechnung is valid CII D16B without a fatal EN 16931 or XRechnung assertion, with what XRechnung adds', async (name) => {
    const invoice = cases[name as keyof typeof cases];
    const xml = facturXml(invoice, 'XRECHNUNG');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(fatal(xml)).toEqual([]);
    // Warnings neither; left is only the hint that a first invoice names no delivery date (BR-DE-TMP-32, information).
    expect(xrechnungFailures(xml).filter((failure) => failure.flag !== 'information')).toEqual([]);
    expect(values(xml, 'ram:ID')[0]).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    // BR-DE-15: the buyer reference; BR-DE-2, 5 to 7: the seller's contact; the electronic addresses (BT-34, BT-49).
    expect(values(xml, 'ram:BuyerReference')).toEqual([invoice.buyer.buyerReference]);
    const seller = block(xml, 'ram:SellerTradeParty');
    expect(values(seller, 'ram:PersonName')).toEqual([invoice.language === 'de-CH' ? 'Buchhaltung' : 'Accounting']);
    expect(values(seller, 'ram:CompleteNumber')).toEqual([sellerDetails.phone]);
    expect(values(block(seller, 'ram:EmailURIUniversalCommunication'), 'ram:URIID')).toEqual([sellerDetails.email]);
    expect(block(seller, 'ram:URIUniversalCommunication')).toContain(`<ram:URIID schemeID="EM">${sellerDetails.email}</ram:URIID>`);
    expect(block(xml, 'ram:BuyerTradeParty')).toContain(`<ram:URIID schemeID="EM">${invoice.buyer.email}</ram:URIID>`);
    // BR-DE-1: payment instructions on every document, a credit note's included.
    expect(xml).toContain('<ram:SpecifiedTradeSettlementPaymentMeans>');
    // The same invoice: its lines, VAT and totals as in the Factur-X XML of its PDF.
    const facturX = facturXml(invoice);
    for (const name of ['ram:IncludedSupplyChainTradeLineItem', 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 'rsm:ExchangedDocument']) {
      expect(block(xml, name), name).toBe(block(facturX, name));
    }
  });

  it('has XRechnung rules that do find mistakes: no buyer reference breaks BR-DE-15, the Factur-X guideline BR-DE-21', () => {
    const ids = (xml: string) => xrechnungFailures(xml).map((failure) => `${failure.id} ${failure.flag}`);
    expect(ids(facturXml({ ...german, buyer: { ...german.buyer, buyerReference: undefined } }, 'XRECHNUNG'))).toContain('BR-DE-15 fatal');
    expect(ids(facturXml(german))).toContain('BR-DE-21 warning');
  });

  it('has rules that do find mistakes: an XRechnung line total that does not add up breaks BR-CO-10', () => {
    const xml = facturXml(german, 'XRECHNUNG').replace('<ram:LineTotalAmount>1250.00</ram:LineTotalAmount>\n', '<ram:LineTotalAmount>1250.01</ram:LineTotalAmount>\n');
    expect(fatal(xml).map((failure) => failure.id)).toContain('BR-CO-10');
  });

  it.runIf(hasPdftotext).each([
    ['german', 'Ihre Referenz', 'Ihre Bestellnummer'],
    ['swiss', 'Your reference', 'Your purchase order'],
    ['creditNote', 'Ihre Referenz', 'Ihre Bestellnummer'],
  ] as const)('%s: the page prints both in the header box, in the invoice\'s language', async (name, referenceLabel, orderLabel) => {
    const invoice = cases[name];
    const [page = ''] = pdftotextPages(await renderInvoicePdf(invoice));
    const flat = page.replace(/\s+/g, ' ');
    expect(flat).toContain(referenceLabel);
    expect(flat).toContain(orderLabel);
    // The values follow the labels' column, in the same order; a long number wraps inside its column (pdftotext breaks it into lines).
    const joined = page.replace(/\s/g, '');
    expect(joined).toContain(`${invoice.buyer.buyerReference!.replace(/\s/g, '')}${invoice.buyer.purchaseOrderNumber!}`);
  });
});
