/**
 * Text in a box, as pdfkit draws and measures it, faster where the text fits on one line
 * (invoice-writer.ts draws the invoice with these). pdf-lines.test.ts checks that the
 * document comes out the same, byte for byte, as with pdfkit's own `text` and `heightOfString`.
 */

type Doc = PDFKit.PDFDocument;

/** Characters after which a line always breaks (Unicode's mandatory breaks), which one line cannot hold. */
const lineBreaks = /[\n\r\f\v\u0085\u2028\u2029]/;

/**
 * What pdfkit's `heightOfString` answers for `text` in the document's current font, with
 * the same arithmetic, but without its line wrapper where the text surely fits on one line
 * (a point to spare): the wrapper splits a text into words and measures each, which made
 * up a fifth of an invoice's rendering; most of an invoice's texts are one line. The
 * invoice never sets a document-wide line gap, so a text's own is the only one.
 */
export function heightOfText(doc: Doc, text: string, options: BoxOptions): number {
  return fitsOnOneLine(doc, text, options) ? oneLineHeight(doc, options) : doc.heightOfString(text, options);
}

/** `heightOfString` of one line, as pdfkit sums it from the document's position. */
function oneLineHeight(doc: Doc, options: BoxOptions): number {
  const top = doc.y;
  return top + lineAdvance(doc, options) - top;
}

export type BoxOptions = PDFKit.Mixins.TextOptions & { width: number };

const fitsOnOneLine = (doc: Doc, text: string, options: BoxOptions) =>
  text.trim() !== '' && !lineBreaks.test(text) && doc.widthOfString(text, options) <= options.width - 1;

/** How far down pdfkit moves after a line: the font's line height with its gap, and the text's own gap. */
const lineAdvance = (doc: Doc, options: BoxOptions) => doc.currentLineHeight(true) + (options.lineGap || 0);

/**
 * Draws `text` in a box as pdfkit's `text` does, to the byte, without its line wrapper where
 * the text surely fits on one line above the page's bottom margin (where the wrapper would
 * start a page): placed as the wrapper places its one line (right-aligned by the same
 * sums), and leaving the document's position where the wrapper leaves it. Answers the
 * text's height, as `heightOfText` would right after it.
 */
export function drawText(doc: Doc, text: string, x: number, y: number, options: BoxOptions): number {
  const align = options.align ?? 'left';
  const simple = (align === 'left' || align === 'right') && !options.continued && options.columns === undefined && options.indent === undefined;
  if (!simple || !fitsOnOneLine(doc, text, options) || y + doc.currentLineHeight(true) >= doc.page.maxY() - 1) {
    doc.text(text, x, y, options);
    return heightOfText(doc, text, options);
  }
  // The wrapper's line width for one column, and the shift its right alignment makes.
  const lineWidth = (options.width * 100) / 100;
  const { width: _width, lineBreak: _lineBreak, ...rest } = options;
  const shift = align === 'right' ? lineWidth - doc.widthOfString(text.replace(/\s+$/, ''), rest) : 0;
  doc.text(text, align === 'right' ? x + shift : x, y, { ...rest, lineBreak: false });
  doc.x = x;
  doc.y = y + lineAdvance(doc, options);
  return oneLineHeight(doc, options);
}
