import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { invoiceFonts } from './invoice-fonts.ts';
import { drawText, heightOfText, type BoxOptions } from './pdf-lines.ts';

/** A document as the invoice makes one (its fonts, no default font), uncompressed, so that its bytes show every drawing. */
function documentWithFonts(): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ compress: false, font: null as unknown as string, size: 'A4', info: { CreationDate: new Date('2026-11-30T00:00:00Z') } });
  const { regular, bold } = invoiceFonts();
  doc.registerFont('regular', regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', bold as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, bytes };
}

const texts = [
  'Rechnung 2026-000042',
  'CHF 1’234.50 ',
  'Zahlbar innert 30 Tagen ohne Abzug auf das unten genannte Konto, mit der Referenz der Rechnung.',
  'Zwei Zeilen\nin einem Text',
  '',
  '   ',
  'Łódź – Ærøskøbing – Şişli',
];
const boxes: { x: number; y: number; options: BoxOptions; font: string; size: number }[] = [
  { x: 50, y: 60, options: { width: 495.28, lineGap: 1 }, font: 'regular', size: 9.5 },
  { x: 330, y: 200, options: { width: 215.28, lineGap: 1, align: 'right' }, font: 'bold', size: 10.5 },
  { x: 400, y: 300, options: { width: 90, align: 'right', lineBreak: false }, font: 'regular', size: 10 },
  { x: 50, y: 400, options: { width: 120, lineGap: 1.5 }, font: 'regular', size: 8.5 },
  { x: 50, y: 795, options: { width: 300, lineGap: 1 }, font: 'regular', size: 9.5 },
];

describe('text in a box', () => {
  it('draws what pdfkit’s text draws, to the byte, leaves the document where pdfkit leaves it, and answers the height pdfkit measures then', async () => {
    const theirs = documentWithFonts();
    const ours = documentWithFonts();
    for (const text of texts) {
      for (const box of boxes) {
        theirs.doc.font(box.font).fontSize(box.size).text(text, box.x, box.y, { ...box.options });
        const height = drawText(ours.doc.font(box.font).fontSize(box.size), text, box.x, box.y, { ...box.options });
        expect(height).toBe(theirs.doc.heightOfString(text, { ...box.options }));
        expect([ours.doc.x, ours.doc.y, ours.doc.bufferedPageRange().count]).toEqual([theirs.doc.x, theirs.doc.y, theirs.doc.bufferedPageRange().count]);
      }
    }
    theirs.doc.end();
    ours.doc.end();
    expect((await ours.bytes).equals(await theirs.bytes)).toBe(true);
  });

  it('measures what pdfkit’s heightOfString measures', () => {
    const { doc } = documentWithFonts();
    for (const text of texts) {
      for (const box of boxes) {
        doc.font(box.font).fontSize(box.size);
        expect(heightOfText(doc, text, { ...box.options })).toBe(doc.heightOfString(text, { ...box.options }));
      }
    }
  });
});
