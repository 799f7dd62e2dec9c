import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { facturXml } from './factur-x.ts';
import { invoiceFonts } from './invoice-fonts.ts';
import { fonts, hasQrBill, InvoiceWriter, page, qrBillFont, titleKey } from './invoice-writer.ts';
import { attachFacturX, pdfAOptions } from './pdf-a.ts';
import { toPdfText } from './pdf-text.ts';
import { qrBillData } from './qr-bill.ts';

// What is printed and its due date, as the tests and the rendering thread know them from here.
export type { InvoiceDocument } from './invoice-document.ts';
export { invoiceDueDate } from './invoice-document.ts';

/** The languages the QR-bill's own labels come in (swissqrbill); any other language gets them in English. */
const qrBillLanguages = ['DE', 'EN', 'FR', 'IT', 'RM'] as const;

function qrBillLanguage(language: Language): (typeof qrBillLanguages)[number] {
  const primary = language.split('-')[0]!.toUpperCase();
  return qrBillLanguages.find((supported) => supported === primary) ?? 'EN';
}

/**
 * The invoice as an A4 PDF in the invoice's language: the invoice itself and, for CHF
 * and EUR, a Swiss QR-bill on its own last page; a PDF/A-3b carrying the same invoice as
 * a Factur-X e-invoice (pdf-a.ts, factur-x.ts). Pure: no database, no network.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // Built first: invalid QR-bill data (e.g. a bad IBAN) rejects before any drawing.
  const bill = hasQrBill(invoice)
    ? new SwissQRBill(qrBillData(invoice), { language: qrBillLanguage(invoice.language), fontName: qrBillFont })
    : undefined;

  const xml = facturXml(invoice);

  const doc = new PDFDocument({
    ...pdfAOptions,
    // No default font: pdfkit would otherwise open Helvetica (parsing its metrics for every
    // document), though the invoice prints in Arimo only. Its types name only a font here.
    font: null as unknown as string,
    size: 'A4',
    margins: { top: page.top, bottom: page.bottom, left: page.left, right: page.right },
    lang: invoice.language,
    displayTitle: true,
    info: {
      Title: toPdfText(translate(invoice.language, titleKey(invoice), { number: invoice.number })),
      Author: toPdfText(invoice.seller.name),
      Subject: toPdfText(translate(invoice.language, invoice.creditNote ? 'invoice.creditNote.documentSubject' : 'invoice.documentSubject', { number: invoice.number, seller: invoice.seller.name })),
      CreationDate: invoice.issuedAt,
    },
  });
  // pdfkit 0.20 takes an opened fontkit font as well as a file, and embeds the glyphs the
  // document uses (a subset). Its types name only files and bytes.
  const { regular, bold } = invoiceFonts();
  doc.registerFont(fonts.regular, regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(fonts.bold, bold as unknown as PDFKit.Mixins.PDFFontSource);

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const writer = new InvoiceWriter(doc, invoice);
      writer.invoicePages();
      if (bill) writer.qrBillPage(bill);
      attachFacturX(doc, xml, invoice.issuedAt);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
