import { SwissQRBill } from 'swissqrbill/pdf';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import { hasPdftotext, pdfFonts, pdfPages, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { decodeQrCode, qrBillFields } from '../../../../tests/helpers/qr-code.ts';
import { euInvoice, swissInvoice, usInvoice } from '../../../../tests/helpers/invoice-documents.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';
import { invoiceDueDate, renderInvoicePdf } from './invoice-pdf.ts';
import { sellerDetails } from './invoice-seller.ts';
import { invoiceFonts } from './invoice-fonts.ts';
import { isQrBillCharacter, toPdfText, toQrBillText } from './pdf-text.ts';
import { creditorReference, paymentReference, qrBillData, qrReference, splitStreet } from './qr-bill.ts';

/** The text with line breaks as spaces, for sentences that wrap. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderInvoicePdf', () => {
  it('renders a CHF invoice with Swiss VAT in German, with a German QR-bill on its own page', async () => {
    const pdf = await renderInvoicePdf(swissInvoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    const [invoicePage = '', qrPage = ''] = pages;

    expect(invoicePage).toContain('CyberSafe Academy AG');
    expect(invoicePage).toContain('Seefeldstrasse 42');
    expect(invoicePage).toContain('8008 Zürich');
    expect(invoicePage).toContain('MWST-Nr.: CHE-123.456.788 MWST');
    expect(invoicePage).toContain('Rechnung 2026-000123');
    expect(invoicePage).toMatch(/Bestellnummer 2026-000123/);
    expect(invoicePage).toMatch(/Rechnungsdatum 10\. März 2026/);
    expect(invoicePage).toMatch(/Fällig am 9\. Apr\. 2026/);

    expect(invoicePage).toContain('Müller & Söhne AG');
    expect(invoicePage).toContain('z. H. Jürg Bäumli');
    expect(invoicePage).toContain('8002 Zürich');
    expect(invoicePage).toContain('MWST-/USt-IdNr.: CHE-987.654.321 MWST');

    // The long title wraps in its column, beside the other cells of the row.
    expect(invoicePage).toMatch(/^Cyber Security Training – 25 Plätze 10\.50 CHF 262\.50 CHF\nFoundation pro Platz und Monat\n/m);
    expect(flat(invoicePage)).toContain('Monatlich, Mindestlaufzeit 12 Monate: erster Monat');
    expect(invoicePage).toMatch(/^Cyber Security Training – Basic 1 Platz 99\.00 CHF 99\.00 CHF\nEinmalig pro Platz$/m);

    expect(invoicePage).toContain('Total exkl. MWST 361.50 CHF');
    expect(invoicePage).toContain('MWST 8.1 % 29.28 CHF');
    expect(invoicePage).toContain('Total inkl. MWST 390.78 CHF');
    expect(invoicePage).toContain('Jeder weitere Monat, inkl. MWST 283.76 CHF');
    expect(flat(invoicePage)).toContain(
      'Zahlbar innert 30 Tagen, bis 9. Apr. 2026, auf IBAN CH93 0076 2011 6238 5295 7 (CyberSafe Academy AG), unter Angabe von 2026-000123.',
    );
    expect(invoicePage).toContain('QR-Rechnung');
    expect(invoicePage).not.toMatch(/Zahlteil|Empfangsschein/);

    expect(qrPage).toContain('QR-Rechnung zur Rechnung 2026-000123');
    expect(qrPage).toContain('Zahlteil');
    expect(qrPage).toContain('Empfangsschein');
    expect(qrPage).toContain('Konto / Zahlbar an');
    expect(qrPage).toContain('CH93 0076 2011 6238 5295 7');
    expect(qrPage).toContain('390.78');
    expect(qrPage).toContain('Müller & Söhne AG');
    expect(qrPage).toContain('2026-000123');
    expect(qrPage).not.toMatch(/Payment part|Receipt/);
  });

  it('renders a EUR invoice with reverse charge in English, with an English QR-bill', async () => {
    const pages = await pdfPages(await renderInvoicePdf(euInvoice));
    expect(pages).toHaveLength(2);
    const [invoicePage = '', qrPage = ''] = pages;

    expect(invoicePage).toContain('Invoice 2026-000124');
    expect(invoicePage).toMatch(/Order number 2026-000124/);
    expect(invoicePage).toMatch(/Invoice date 10 Mar 2026/);
    expect(invoicePage).toMatch(/Due date 9 Apr 2026/);
    expect(invoicePage).toContain('VAT ID: CHE-123.456.788 MWST');
    expect(invoicePage).toContain('Łódź Security Sp. z o.o.');
    expect(invoicePage).toContain('Attn. Anna O’Neill');
    expect(invoicePage).toContain('90-001 Łódź');
    expect(invoicePage).toContain('Poland');
    expect(invoicePage).toContain('VAT number: PL1234567890');

    expect(flat(invoicePage)).toContain('Cyber Security Training – Champion 100 seats 12,50 EUR 1 250,00 EUR');
    expect(flat(invoicePage)).toContain('Monthly, minimum term 24 months: first month');
    expect(invoicePage).toContain('Total excl. VAT 1 250,00 EUR');
    expect(invoicePage).toContain('VAT 0 % — reverse charge: VAT to be accounted for by the recipient 0,00 EUR');
    expect(invoicePage).toContain('Total incl. VAT 1 250,00 EUR');
    expect(invoicePage).toContain('Each further month, incl. VAT 1 250,00 EUR');
    expect(flat(invoicePage)).toContain(
      'Payable within 30 days, by 9 Apr 2026, to IBAN CH93 0076 2011 6238 5295 7 (CyberSafe Academy AG), quoting 2026-000124.',
    );
    expect(invoicePage).toContain('QR-bill on the last page');

    expect(qrPage).toContain('Payment part');
    expect(qrPage).toContain('Receipt');
    expect(qrPage).toContain('EUR');
    expect(qrPage).toContain('1 250.00');
    expect(qrPage).not.toMatch(/Zahlteil|Empfangsschein/);
  });

  it('renders a USD invoice for an export in English, with bank transfer only and no QR-bill', async () => {
    const pages = await pdfPages(await renderInvoicePdf(usInvoice));
    expect(pages).toHaveLength(1);
    const [invoicePage = ''] = pages;

    expect(invoicePage).toContain('Invoice 2026-000125');
    expect(invoicePage).toContain('Acme Corp.');
    expect(invoicePage).toContain('Springfield, IL 62701');
    expect(invoicePage).toContain('United States');
    expect(invoicePage).not.toContain('VAT number');

    expect(invoicePage).toMatch(/^Cyber Security Training – Basic 1234 seats 49\.50 USD 61 083\.00 USD\nOne-time per seat$/m);
    expect(invoicePage).toContain('VAT 0 % — export of services 0.00 USD');
    expect(invoicePage).toContain('Total incl. VAT 61 083.00 USD');
    expect(invoicePage).not.toContain('Each further month');
    expect(flat(invoicePage)).toContain('Payable within 30 days, by 9 Apr 2026, to IBAN CH93 0076 2011 6238 5295 7');
    expect(invoicePage).toContain('Please pay by bank transfer in USD.');
    expect(invoicePage).not.toMatch(/QR-bill|Payment part|Receipt|Zahlteil|Empfangsschein/);
  });

  it('keeps the text of each invoice readable when it draws a letter an earlier one drew only as a part of another', async () => {
    // In the font, í is drawn as ı with an accent: the first invoice writes ı as a part of í.
    await renderInvoicePdf({ ...usInvoice, buyer: { ...usInvoice.buyer, contactName: 'Jiří Líbal' } });
    const [invoicePage = ''] = await pdfPages(await renderInvoicePdf({ ...usInvoice, buyer: { ...usInvoice.buyer, contactName: 'Işık Çağlar' } }));
    expect(invoicePage).toContain('Attn. Işık Çağlar');
  });

  it('starts new pages for a long table and keeps the totals together', async () => {
    const line = swissInvoice.lines[0]!;
    const lines = Array.from({ length: 30 }, (_, index) => ({ ...line, title: `Training ${index + 1}` }));
    const pages = await pdfPages(await renderInvoicePdf({ ...swissInvoice, lines }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = pages.slice(0, -1).join('\n');
    for (let index = 1; index <= 30; index++) expect(text).toMatch(new RegExp(`^Training ${index} 25 Plätze`, 'm'));
    expect(pages[1]).toMatch(/^Training Menge Einzelpreis Betrag$/m);
    const totalsPage = pages.findIndex((page) => page.includes('Total exkl. MWST'));
    expect(pages[totalsPage]).toContain('Zahlbar innert 30 Tagen');
    expect(pages.at(-1)).toContain('Zahlteil');
  });
});

/**
 * Buyers whose names need letters beyond Western Europe's, every one of them among the
 * QR-bill's characters: the invoice and its QR-bill must carry them as written.
 */
const buyers = [
  { language: 'Czech', company: 'Dvořák Čeněk & Łukasiewicz s.r.o.', contactName: 'Jiří Dvořák', street: 'Křižíkova', number: '148', zip: '186 00', city: 'Praha', countryCode: 'CZ' },
  { language: 'Polish', company: 'Źródło Łąk Spółka z o.o.', contactName: 'Grzegorz Brzęczyszczykiewicz', street: 'ul. Świętokrzyska', number: '12', zip: '90-001', city: 'Łódź', countryCode: 'PL' },
  { language: 'Hungarian', company: 'Őrző Űrhajó Kft.', contactName: 'Szőke Tünde', street: 'Árpád fejedelem útja', number: '7', zip: '9021', city: 'Győr', countryCode: 'HU' },
  { language: 'Romanian', company: 'Știință și Țară S.R.L.', contactName: 'Ștefan Țugui', street: 'Strada Mărășești', number: '3', zip: '300001', city: 'Timișoara', countryCode: 'RO' },
  { language: 'Turkish', company: 'Işık Güneş Yazılım A.Ş.', contactName: 'Gülşen Çağlar', street: 'İstiklal Caddesi', number: '12', zip: '34433', city: 'İstanbul', countryCode: 'TR' },
  { language: 'Latvian', company: 'Ķēniņš un Ūdens SIA', contactName: 'Jānis Bērziņš', street: 'Brīvības iela', number: '21', zip: 'LV-1010', city: 'Rīga', countryCode: 'LV' },
  { language: 'German and French', company: 'Große Œuvre & Cœur Sàrl', contactName: 'Zoë Weiß', street: 'Rue de l\'Église', number: '5', zip: '1204', city: 'Genève', countryCode: 'CH' },
];

describe.each(buyers)('an invoice to a buyer with a $language name', (buyer) => {
  const invoice: InvoiceDocument = {
    ...swissInvoice,
    language: 'en-US',
    buyer: {
      company: buyer.company,
      contactName: buyer.contactName,
      email: 'buyer@example.com',
      address: { street: `${buyer.street} ${buyer.number}`, zip: buyer.zip, city: buyer.city, country: buyer.countryCode, countryCode: buyer.countryCode },
    },
  };
  let rendered: Promise<Buffer> | undefined;
  const pdf = () => (rendered ??= renderInvoicePdf(invoice));

  it('prints the name and address as written, as pdfjs reads them', async () => {
    const pages = await pdfPages(await pdf());
    const [invoicePage = '', qrPage = ''] = pages;
    expect(invoicePage).toContain(buyer.company);
    expect(invoicePage).toContain(`Attn. ${buyer.contactName}`);
    expect(invoicePage).toContain(`${buyer.street} ${buyer.number}`);
    expect(invoicePage).toContain(`${buyer.zip} ${buyer.city}`);
    // The receipt and the payment part each show the debtor.
    expect(qrPage.split(buyer.company)).toHaveLength(3);
    expect(qrPage).toContain(`${buyer.zip} ${buyer.city}`);
  });

  it.runIf(hasPdftotext)('prints the name and address as written, as poppler\'s pdftotext reads them', async () => {
    const [invoicePage = '', qrPage = ''] = pdftotextPages(await pdf());
    expect(invoicePage).toContain(buyer.company);
    expect(invoicePage).toContain(buyer.contactName);
    expect(invoicePage).toContain(`${buyer.zip} ${buyer.city}`);
    expect(qrPage).toContain(buyer.company);
  });

  it('writes the name and address as written into the QR code', async () => {
    const decoded = await decodeQrCode(await pdf());
    expect(decoded, 'a QR code on the last page').toBeDefined();
    const debtor = qrBillFields(decoded?.text ?? '').slice(20, 27);
    expect(debtor).toEqual(['S', buyer.company, buyer.street, buyer.number, buyer.zip, buyer.city, buyer.countryCode]);
  }, 20_000);

  it('draws with the fonts it embeds, not with a reader\'s', async () => {
    const fonts = await pdfFonts(await pdf());
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['Arimo-Bold', 'Arimo-Regular']);
    for (const font of fonts) {
      expect(font.embedded, font.name).toBe(true);
      // A subset: only the glyphs the invoice uses.
      expect(font.name).toMatch(/^[A-Z]{6}\+Arimo-/);
    }
  });
});

if (!hasPdftotext) {
  // Said once, so that a run without poppler-utils shows why it read the PDFs with pdfjs alone.
  console.warn('pdftotext (Debian\'s poppler-utils) is not installed: the invoices are read back with pdfjs only.');
}

describe('invoiceDueDate', () => {
  it('counts calendar days in Zurich, across a change to summer time', () => {
    // 23:30 in Zurich on 10 March (winter time); 30 days later is 9 April (summer time).
    const due = invoiceDueDate(new Date('2026-03-10T22:30:00Z'), 30);
    expect(due.toISOString()).toBe('2026-04-09T12:00:00.000Z');
  });
});

describe('the QR-bill data', () => {
  it('uses structured addresses, the gross amount and a creditor reference from the invoice number', () => {
    const data = qrBillData({ ...swissInvoice, currency: 'CHF' });
    expect(data.creditor).toEqual({
      account: 'CH93 0076 2011 6238 5295 7',
      name: 'CyberSafe Academy AG',
      address: 'Seefeldstrasse',
      buildingNumber: '42',
      zip: '8008',
      city: 'Zürich',
      country: 'CH',
    });
    expect(data.debtor).toEqual({ name: 'Müller & Söhne AG', address: 'Seestrasse', buildingNumber: '12a', zip: '8002', city: 'Zürich', country: 'CH' });
    expect(data.amount).toBe(390.78);
    expect(data.currency).toBe('CHF');
    expect(data.message).toBe('2026-000123');
    expect(data.reference).toBe('RF462026000123');
    expect(isSCORReferenceValid(data.reference ?? '')).toBe(true);
  });

  it('takes a QR reference for a QR-IBAN and a creditor reference for an ordinary IBAN', () => {
    expect(paymentReference('CH44 3199 9123 0008 8901 2', '2026-000123')).toBe('000000000000000020260001237');
    expect(isQRReferenceValid(qrReference('2026-000123'))).toBe(true);
    expect(paymentReference('CH93 0076 2011 6238 5295 7', '2026-000123')).toBe(creditorReference('2026-000123'));
    const bill = qrBillData({ ...swissInvoice, currency: 'CHF', seller: { ...sellerDetails, iban: 'CH44 3199 9123 0008 8901 2' } });
    expect(() => new SwissQRBill(bill)).not.toThrow();
  });

  it('keeps names as written, with plain ASCII for typographic punctuation', () => {
    const buyer = { ...euInvoice.buyer, company: 'O’Neill – Dvořák Čeněk & Łukasiewicz s.r.o.' };
    const debtor = qrBillData({ ...euInvoice, currency: 'EUR', buyer }).debtor;
    expect(debtor).toEqual({ name: "O'Neill - Dvořák Čeněk & Łukasiewicz s.r.o.", address: 'ul. Piotrkowska', buildingNumber: '5', zip: '90-001', city: 'Łódź', country: 'PL' });
  });

  it('leaves the debtor out when the address is incomplete', () => {
    const buyer = { ...euInvoice.buyer, address: { ...euInvoice.buyer.address, zip: ' ' } };
    expect(qrBillData({ ...euInvoice, currency: 'EUR', buyer }).debtor).toBeUndefined();
  });

  it('splits the house number off the street only when it comes last', () => {
    expect(splitStreet('Seestrasse 12a')).toEqual({ street: 'Seestrasse', buildingNumber: '12a' });
    expect(splitStreet('Via Roma 5/7')).toEqual({ street: 'Via Roma', buildingNumber: '5/7' });
    expect(splitStreet('123 Main Street')).toEqual({ street: '123 Main Street' });
  });
});

describe('toPdfText and toQrBillText', () => {
  it('keep the letters of the QR-bill and the invoice\'s punctuation, and simplify the rest', () => {
    expect(toPdfText('Zürich – 5 × 2’ äöü ÄÖÜ é € —')).toBe('Zürich – 5 × 2’ äöü ÄÖÜ é € —');
    expect(toPdfText('Łódź Kraków Dvořák Şişli Țară 東京')).toBe('Łódź Kraków Dvořák Şişli Țară ??');
    expect(toPdfText('ǅ ǖ ﬁ…\nnext')).toBe('Dž u fi…\nnext');
  });

  it('compose letters typed with a separate mark, and drop invisible characters', () => {
    expect(toQrBillText('Dvor\u030Ca\u0301k\u200B')).toBe('Dvořák');
    expect(toPdfText('q\u0303')).toBe('q');
  });

  it('give the QR-bill plain punctuation and no line breaks', () => {
    expect(toQrBillText('O’Neill – „Bau“ GmbH…\nZug')).toBe('O\'Neill - "Bau" GmbH... Zug');
    expect(toQrBillText('Őrző Űrhajó Kft. € ß œ Ș ț')).toBe('Őrző Űrhajó Kft. € ß œ Ș ț');
  });
});

describe('the embedded fonts', () => {
  it('have a glyph for every character the invoice draws as written', () => {
    const { regular, bold } = invoiceFonts();
    const drawn: string[] = [];
    for (let code = 0x20; code <= 0xffff; code++) {
      const character = String.fromCodePoint(code);
      if (toPdfText(character) === character) drawn.push(character);
    }
    // The QR-bill's 95 + 224 + 4 + 1 characters and 19 of punctuation (pdf-text.ts).
    expect(drawn).toHaveLength(343);
    for (let code = 0x20; code <= 0x2122; code++) {
      const character = String.fromCodePoint(code);
      if (isQrBillCharacter(character)) expect(drawn).toContain(character);
    }
    const missing = drawn.filter((character) => !regular.hasGlyphForCodePoint(character.codePointAt(0) ?? 0) || !bold.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    expect(missing).toEqual([]);
  });
});
