import { beforeAll, describe, expect, it } from 'vitest';
import { formatIsoDay } from '#shared/dates.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import { attachedFiles, loadEn16931Rules, pdfdetachList, schemaErrors, schematronFailures, xmpMetadata } from '../../../../tests/helpers/e-invoice.ts';
import { euInvoice, swissInvoice, usInvoice } from '../../../../tests/helpers/invoice-documents.ts';
import { hasPdftotext, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { facturXml } from './factur-x.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { sellerDetails } from './invoice-seller.ts';

/**
 * Every invoice PDF carries its invoice as a Factur-X e-invoice (docs/decisions/066-factur-x-invoices.md):
 * for each VAT case the XML is taken out of the PDF, checked against the European
 * Commission's EN 16931 schema and rules, and compared with what the page prints.
 */

const swiss: InvoiceDocument = { ...swissInvoice, number: 'INV-2026-000123', orderNumber: '2026-000042' };

const german: InvoiceDocument = {
  ...euInvoice,
  number: 'INV-2026-000124',
  orderNumber: '2026-000043',
  buyer: {
    company: 'Beispiel Sicherheit GmbH',
    contactName: 'Erika Mustermann',
    email: 'erika@beispiel.example',
    vatNumber: 'DE123456789',
    address: { street: 'Friedrichstrasse 100', zip: '10117', city: 'Berlin', country: 'Germany', countryCode: 'DE' },
  },
};

const american: InvoiceDocument = { ...usInvoice, number: 'INV-2026-000125', orderNumber: '2026-000044' };

/** A renewal bills one month of the monthly lines: its period is printed and is BT-73/BT-74. */
const renewal: InvoiceDocument = {
  ...swiss,
  number: 'INV-2026-000200',
  issuedAt: new Date('2026-04-10T12:00:00Z'),
  period: { first: '2026-04-10', last: '2026-05-09' },
  lines: [swiss.lines[0]!],
  totals: { net: 262.5, vatRate: 8.1, vatAmount: 21.26, gross: 283.76, vatKind: 'SWISS_VAT', perMonth: null },
};

/** A credit note as the credit-note service freezes it: negative amounts, the invoice it credits. */
const creditNote: InvoiceDocument = {
  ...swiss,
  number: 'CN-2026-000001',
  issuedAt: new Date('2026-03-20T12:00:00Z'),
  paymentTermDays: 0,
  creditNote: { invoiceNumber: swiss.number, reason: 'Two seats fewer', invoiceIssuedOn: '2026-03-10' },
  lines: [{ title: 'Gutschrift zu Rechnung INV-2026-000123', paymentFrequency: 'ONE_TIME', quantity: 1, periodMonths: null, unitPrice: -21, total: -21 }],
  totals: { net: -21, vatRate: 8.1, vatAmount: -1.7, gross: -22.7, vatKind: 'SWISS_VAT', perMonth: null },
};

/** The texts of every element `name` in the XML, in order (the builder writes no nested elements of one name). */
function values(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

const value = (xml: string, name: string) => values(xml, name)[0];
/** `20260310` -> `2026-03-10` */
const isoDay = (day: string | undefined) => `${day?.slice(0, 4)}-${day?.slice(4, 6)}-${day?.slice(6, 8)}`;
const flat = (text: string) => text.replace(/\s+/g, ' ');

const cases = { swiss, german, american, renewal, creditNote };
const rendered = new Map<string, { pdf: Buffer; xml: string }>();

describe('the Factur-X e-invoice in the invoice PDF', { timeout: 60_000 }, () => {
  // The first run on a machine compiles the EN 16931 rules (20 seconds or more; tests/helpers/e-invoice.ts).
  beforeAll(loadEn16931Rules, 300_000);
  beforeAll(async () => {
    for (const [name, invoice] of Object.entries(cases)) {
      const pdf = await renderInvoicePdf(invoice);
      const files = await attachedFiles(pdf);
      rendered.set(name, { pdf, xml: files.get('factur-x.xml')?.toString('utf8') ?? '' });
    }
  }, 60_000);

  it.each(Object.keys(cases))('%s: carries factur-x.xml, valid CII D16B without a fatal EN 16931 assertion', async (name) => {
    const { xml } = rendered.get(name)!;
    expect(xml).toBe(facturXml(cases[name as keyof typeof cases]));
    expect(await schemaErrors(xml)).toEqual([]);
    expect(schematronFailures(xml).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(value(xml, 'ram:ID')).toBe('urn:cen.eu:en16931:2017');
  });

  it('names the VAT case and its category for each buyer', () => {
    const swissXml = rendered.get('swiss')!.xml;
    expect(values(swissXml, 'ram:CategoryCode')).toEqual(['S', 'S', 'S']);
    expect(value(swissXml, 'ram:RateApplicablePercent')).toBe('8.1');
    expect(values(swissXml, 'ram:ID')).toContain('CHE-123.456.788 MWST');
    expect(values(swissXml, 'ram:ExemptionReason')).toEqual([]);

    const germanXml = rendered.get('german')!.xml;
    expect(values(germanXml, 'ram:CategoryCode')).toEqual(['AE', 'AE']);
    // Both VAT ids (BR-AE-02) and the reason the buyer accounts for the VAT.
    expect(values(germanXml, 'ram:ID')).toEqual(expect.arrayContaining(['CHE-123.456.788 MWST', 'DE123456789']));
    expect(value(germanXml, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(value(germanXml, 'ram:ExemptionReason')).toBe('Reverse charge: VAT to be accounted for by the recipient');
    expect(value(germanXml, 'ram:InvoiceCurrencyCode')).toBe('EUR');

    const americanXml = rendered.get('american')!.xml;
    expect(values(americanXml, 'ram:CategoryCode')).toEqual(['G', 'G']);
    expect(value(americanXml, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-G');
    expect(value(americanXml, 'ram:CountrySubDivisionName')).toBe('IL');
    expect(value(americanXml, 'ram:InvoiceCurrencyCode')).toBe('USD');
  });

  it('asks for a credit transfer to our IBAN with the QR-bill\'s reference: SEPA in euros, an ordinary one otherwise', () => {
    const means = (name: string) => {
      const { xml } = rendered.get(name)!;
      const block = /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*<\/ram:SpecifiedTradeSettlementPaymentMeans>/.exec(xml)?.[0] ?? '';
      return { code: value(block, 'ram:TypeCode'), iban: value(block, 'ram:IBANID'), reference: value(xml, 'ram:PaymentReference') };
    };
    expect(means('swiss')).toEqual({ code: '30', iban: 'CH9300762011623852957', reference: 'RF98INV2026000123' });
    expect(means('german')).toEqual({ code: '58', iban: 'CH9300762011623852957', reference: 'RF71INV2026000124' });
    // No QR-bill in dollars: the invoice number the page asks to quote.
    expect(means('american')).toEqual({ code: '30', iban: 'CH9300762011623852957', reference: 'INV-2026-000125' });
  });

  it('makes a credit note type 381, naming the invoice it credits, with its amounts positive and nothing to pay by transfer', () => {
    const { xml } = rendered.get('creditNote')!;
    expect(values(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>INV-2026-000123<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260310<\/qdt:DateTimeString>/,
    );
    expect(value(xml, 'ram:GrandTotalAmount')).toBe('22.70');
    expect(value(xml, 'ram:ChargeAmount')).toBe('21.00');
    expect(xml).not.toContain('ram:SpecifiedTradeSettlementPaymentMeans');
  });

  it('leaves out a buyer\'s number that is no VAT id of a country (BR-CO-09), and stays valid', () => {
    const xml = facturXml({ ...american, buyer: { ...american.buyer, vatNumber: 'EIN 12-3456789' } });
    expect(xml).not.toContain('EIN 12-3456789');
    expect(values(xml, 'ram:ID')).toContain('CHE-123.456.788 MWST');
    expect(schematronFailures(xml).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(schematronFailures(facturXml({ ...swiss, buyer: { ...swiss.buyer, address: { ...swiss.buyer.address, countryCode: 'LI' } } }))).toEqual([]);
  });

  it('names a buyer without a company by the person the invoice is addressed to', () => {
    const xml = facturXml({ ...swiss, buyer: { ...swiss.buyer, company: ' ' } });
    expect(xml).toMatch(/<ram:BuyerTradeParty>\s*<ram:Name>Jürg Bäumli<\/ram:Name>/);
    expect(schematronFailures(xml)).toEqual([]);
  });

  it('has rules that do find mistakes: reverse charge without the buyer\'s VAT id breaks BR-AE-02', () => {
    const xml = facturXml({ ...german, buyer: { ...german.buyer, vatNumber: undefined } });
    expect(schematronFailures(xml).filter((failure) => failure.flag === 'fatal').map((failure) => failure.id)).toContain('BR-AE-02');
  });

  it.runIf(hasPdftotext).each(Object.keys(cases))('%s: XML and page carry the same number, dates, lines, VAT and totals', (name) => {
    const invoice = cases[name as keyof typeof cases];
    const { pdf, xml } = rendered.get(name)!;
    const [page = '', qrPage = ''] = pdftotextPages(pdf).map(flat);
    const print = (amount: string | undefined) => formatMoneyWithCode((invoice.creditNote ? -1 : 1) * Number(amount), invoice.currency);

    expect(page).toContain(values(xml, 'ram:ID')[1]);
    const [issued, ...otherDays] = values(xml, 'udt:DateTimeString');
    expect(page).toContain(formatIsoDay(isoDay(issued), invoice.language));
    for (const day of otherDays) expect(page).toContain(formatIsoDay(isoDay(day), invoice.language));
    if (invoice.period) expect(otherDays.slice(0, 2).map(isoDay)).toEqual([invoice.period.first, invoice.period.last]);

    const names = values(xml, 'ram:Name');
    for (const line of names.slice(0, invoice.lines.length)) expect(page).toContain(line);
    const lineTotals = values(xml, 'ram:LineTotalAmount').slice(0, invoice.lines.length);
    for (const total of lineTotals) expect(page).toContain(print(total));
    expect(page).toContain(print(value(xml, 'ram:TaxBasisTotalAmount')));
    expect(page).toContain(print(value(xml, 'ram:TaxTotalAmount')));
    expect(page).toContain(print(value(xml, 'ram:GrandTotalAmount')));

    expect(page).toContain(sellerDetails.vatId);
    if (invoice.buyer.vatNumber) expect(page).toContain(invoice.buyer.vatNumber);
    const reference = value(xml, 'ram:PaymentReference');
    if (reference?.startsWith('RF')) expect(qrPage.replace(/\s/g, '')).toContain(reference);
    else if (reference) expect(page).toContain(reference);
  });

  it.runIf(hasPdftotext)('is a PDF/A-3b whose XMP names the Factur-X attachment and its profile', () => {
    const { pdf } = rendered.get('german')!;
    const metadata = xmpMetadata(pdf);
    expect(metadata).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(metadata).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(metadata).toMatch(/<fx:DocumentFileName>factur-x\.xml<\/fx:DocumentFileName>/);
    expect(metadata).toMatch(/<fx:DocumentType>INVOICE<\/fx:DocumentType>/);
    expect(metadata).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    expect(metadata).toMatch(/<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#<\/pdfaSchema:namespaceURI>/);
    expect(pdfdetachList(pdf)).toEqual(['factur-x.xml']);
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
  });
});
