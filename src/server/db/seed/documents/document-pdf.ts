import PDFDocument from 'pdfkit';
import { company } from '#shared/company.ts';
import type { DocumentBlock, DocumentContent } from './document.ts';

/**
 * Lays a document (document.ts) out as an A4 PDF with pdfkit: a title page (or a title
 * band on the first page), the sections with headings that never stand alone at the
 * foot of a page, lists, checklists with boxes to tick, call-outs, and a running footer
 * with the page number. Pure: no database, no files.
 */

// Layout in PDF points (A4 is 595.28 × 841.89).
const page = { width: 595.28, height: 841.89, left: 60, right: 60, top: 64, bottom: 72 };
const contentWidth = page.width - page.left - page.right;
const bodyBottom = page.height - page.bottom;
const colors = { text: '#1a1a1a', muted: '#5f6368', accent: '#0b5cad', dark: '#0a2540', light: '#e8f1fb', rule: '#c8d3e0', white: '#ffffff' };
const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
const body = { size: 10.5, lineGap: 2.2 };

type Doc = PDFKit.PDFDocument;

/** Windows-1252 (what the built-in fonts write) beyond Latin-1. */
const winAnsiExtras = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** The characters of a text the built-in fonts cannot draw (none in a well-written document). */
export function undrawableCharacters(text: string): string[] {
  const bad = new Set<string>();
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const drawable = character === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code);
    if (!drawable) bad.add(character);
  }
  return [...bad];
}

class DocumentWriter {
  constructor(
    private readonly doc: Doc,
    private readonly content: DocumentContent,
  ) {}

  private style(size: number, font: string = fonts.regular, color: string = colors.text): Doc {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  private ensureRoom(height: number): void {
    if (this.doc.y + height > bodyBottom) {
      this.doc.addPage();
      this.doc.y = page.top;
    }
  }

  private textHeight(text: string, size: number, font: string, width: number): number {
    return this.style(size, font).heightOfString(text, { width, lineGap: body.lineGap });
  }

  /** The title page: a dark band with the kicker, the title and the subtitle; below it the edition, summary and publisher. */
  titlePage(): void {
    const { doc, content } = this;
    const bandHeight = 360;
    doc.rect(0, 0, page.width, bandHeight).fill(colors.dark);
    doc.rect(0, bandHeight, page.width, 8).fill(colors.accent);
    this.style(11, fonts.bold, '#9cc3ee').text(content.kicker.toUpperCase(), page.left, 120, { width: contentWidth, characterSpacing: 1.5 });
    this.style(30, fonts.bold, colors.white).text(content.title, page.left, doc.y + 12, { width: contentWidth, lineGap: 4 });
    this.style(14, fonts.regular, '#d6e4f5').text(content.subtitle, page.left, doc.y + 14, { width: contentWidth, lineGap: 3 });

    this.style(10, fonts.bold, colors.accent).text(content.edition, page.left, bandHeight + 48, { width: contentWidth });
    this.style(12, fonts.regular, colors.text).text(content.summary, page.left, doc.y + 14, { width: contentWidth, lineGap: 4 });

    const publisherY = page.height - 150;
    doc.moveTo(page.left, publisherY).lineTo(page.width - page.right, publisherY).lineWidth(0.8).strokeColor(colors.rule).stroke();
    this.style(11, fonts.bold, colors.dark).text(company.name, page.left, publisherY + 16, { width: contentWidth });
    this.style(9.5, fonts.regular, colors.muted).text(
      `${company.address.street} ${company.address.buildingNumber}, ${company.address.zip} ${company.address.city}`,
      page.left,
      doc.y + 4,
      { width: contentWidth },
    );
    this.style(9.5, fonts.regular, colors.muted).text(`${company.website.replace(/^https:\/\//, '')} · ${company.email.info}`, page.left, doc.y + 2, {
      width: contentWidth,
    });
  }

  /** A one-page document starts with a smaller band and goes on below it. */
  titleBand(): void {
    const { doc, content } = this;
    const bandHeight = 150;
    doc.rect(0, 0, page.width, bandHeight).fill(colors.dark);
    doc.rect(0, bandHeight, page.width, 5).fill(colors.accent);
    this.style(9.5, fonts.bold, '#9cc3ee').text(content.kicker.toUpperCase(), page.left, 40, { width: contentWidth, characterSpacing: 1.2 });
    this.style(22, fonts.bold, colors.white).text(content.title, page.left, doc.y + 6, { width: contentWidth });
    this.style(11, fonts.regular, '#d6e4f5').text(content.subtitle, page.left, doc.y + 6, { width: contentWidth });
    doc.y = bandHeight + 28;
    this.paragraph(content.summary);
  }

  heading(text: string): void {
    // A heading keeps at least its first lines of text with it.
    this.ensureRoom(this.textHeight(text, 16, fonts.bold, contentWidth) + 70);
    const y = this.doc.y + 14;
    this.style(16, fonts.bold, colors.dark).text(text, page.left, y, { width: contentWidth, lineGap: 2 });
    const below = this.doc.y + 3;
    this.doc.moveTo(page.left, below).lineTo(page.left + 48, below).lineWidth(2).strokeColor(colors.accent).stroke();
    this.doc.y = below + 10;
  }

  subheading(text: string): void {
    this.ensureRoom(this.textHeight(text, 12, fonts.bold, contentWidth) + 50);
    this.style(12, fonts.bold, colors.accent).text(text, page.left, this.doc.y + 6, { width: contentWidth, lineGap: 1.5 });
    this.doc.y += 4;
  }

  paragraph(text: string): void {
    this.ensureRoom(Math.min(this.textHeight(text, body.size, fonts.regular, contentWidth), 3 * (body.size + body.lineGap) + 4));
    this.style(body.size).text(text, page.left, this.doc.y, { width: contentWidth, lineGap: body.lineGap, align: 'left' });
    this.doc.y += 8;
  }

  /** A list whose items start with a bullet or a box to tick; an item is never split across pages. */
  list(items: string[], marker: 'bullet' | 'box'): void {
    const indent = marker === 'box' ? 22 : 16;
    const width = contentWidth - indent;
    for (const item of items) {
      const height = this.textHeight(item, body.size, fonts.regular, width);
      this.ensureRoom(height + 4);
      const y = this.doc.y;
      if (marker === 'box') {
        this.doc.rect(page.left + 1, y + 1.5, 10, 10).lineWidth(1).strokeColor(colors.accent).stroke();
      } else {
        this.doc.circle(page.left + 4, y + 6, 2.2).fill(colors.accent);
      }
      this.style(body.size).text(item, page.left + indent, y, { width, lineGap: body.lineGap });
      this.doc.y = y + height + (marker === 'box' ? 7 : 4);
    }
    this.doc.y += 6;
  }

  /** A tinted box with a bold title: the key message of a section. */
  callout(title: string, text: string): void {
    const padding = 14;
    const inner = contentWidth - 2 * padding - 4;
    const titleHeight = this.textHeight(title, 11, fonts.bold, inner);
    const textHeight = this.textHeight(text, body.size, fonts.regular, inner);
    const height = padding + titleHeight + 4 + textHeight + padding;
    this.ensureRoom(height + 10);
    const top = this.doc.y + 4;
    this.doc.rect(page.left, top, contentWidth, height).fill(colors.light);
    this.doc.rect(page.left, top, 4, height).fill(colors.accent);
    this.style(11, fonts.bold, colors.dark).text(title, page.left + 4 + padding, top + padding, { width: inner, lineGap: body.lineGap });
    this.style(body.size).text(text, page.left + 4 + padding, top + padding + titleHeight + 4, { width: inner, lineGap: body.lineGap });
    this.doc.y = top + height + 14;
  }

  block(block: DocumentBlock): void {
    switch (block.kind) {
      case 'heading':
        return this.heading(block.text);
      case 'subheading':
        return this.subheading(block.text);
      case 'paragraph':
        return this.paragraph(block.text);
      case 'bullets':
        return this.list(block.items, 'bullet');
      case 'checklist':
        return this.list(block.items, 'box');
      case 'callout':
        return this.callout(block.title, block.text);
      case 'pageBreak':
        this.doc.addPage();
        this.doc.y = page.top;
        return;
    }
  }

  closing(): void {
    this.ensureRoom(40);
    const y = this.doc.y + 10;
    this.doc.moveTo(page.left, y).lineTo(page.width - page.right, y).lineWidth(0.6).strokeColor(colors.rule).stroke();
    this.style(9.5, fonts.italic, colors.muted).text(this.content.closing, page.left, y + 10, { width: contentWidth, lineGap: 1.5 });
  }

  /** The running footer of every page but the title page: the publisher and title, and the page number. */
  footers(): void {
    const { doc, content } = this;
    const range = doc.bufferedPageRange();
    const pages = range.count;
    for (let index = range.start; index < range.start + pages; index++) {
      if (content.titlePage && index === range.start) continue;
      doc.switchToPage(index);
      // Drawing below the bottom margin would otherwise start a new page.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = page.height - 44;
      doc.moveTo(page.left, y - 8).lineTo(page.width - page.right, y - 8).lineWidth(0.5).strokeColor(colors.rule).stroke();
      this.style(8.5, fonts.regular, colors.muted).text(`${company.name} · ${content.title}`, page.left, y, { width: contentWidth - 110, lineBreak: false });
      const label = content.pageLabel.replace('{page}', String(index - range.start + 1)).replace('{pages}', String(pages));
      this.style(8.5, fonts.regular, colors.muted).text(label, page.width - page.right - 110, y, { width: 110, align: 'right', lineBreak: false });
      doc.page.margins.bottom = margin;
    }
  }
}

/** A measuring document, made once: pdfkit's widths of the built-in fonts. */
let measuring: Doc | undefined;

/** How wide `text` is in Helvetica-Bold at `fontSize` (points, or the units of an SVG drawn at that size): the covers' title (cover-svg.ts). */
export function boldTextWidth(text: string, fontSize: number): number {
  measuring ??= new PDFDocument({ autoFirstPage: false });
  return measuring.font(fonts.bold).fontSize(fontSize).widthOfString(text);
}

/** The document as an A4 PDF, with its number of pages. */
export async function renderDocumentPdf(content: DocumentContent): Promise<{ pdf: Buffer; pageCount: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: page.top, bottom: page.bottom, left: page.left, right: page.right },
    bufferPages: true,
    lang: content.language,
    displayTitle: true,
    info: { Title: content.title, Subject: content.subtitle, Author: company.name, Creator: company.name },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    try {
      const writer = new DocumentWriter(doc, content);
      if (content.titlePage) {
        writer.titlePage();
        doc.addPage();
        doc.y = page.top;
      } else {
        writer.titleBand();
      }
      for (const block of content.blocks) writer.block(block);
      writer.closing();
      writer.footers();
      const pageCount = doc.bufferedPageRange().count;
      doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pageCount }));
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
