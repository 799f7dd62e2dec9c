import type { SwissQRBill } from 'swissqrbill/pdf';
import { formatIBAN } from 'swissqrbill/utils';
import { formatDate, formatIsoDay } from '#shared/dates.ts';
import type { MessageKey, MessageParams } from '#shared/i18n/messages.ts';
import { translate, translatePlural } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import { invoiceDueDate, type InvoiceDocument, type InvoiceLine } from './invoice-document.ts';
import { rateFormat, regionNames } from './invoice-formats.ts';
import { drawText, heightOfText, type BoxOptions } from './pdf-lines.ts';
import { toPdfText } from './pdf-text.ts';

/** How an invoice's pages are laid out and written with pdfkit (invoice-pdf.ts makes the document). */

// Layout in PDF points (A4 is 595.28 × 841.89).
export const page = { width: 595.28, height: 841.89, left: 50, right: 50, top: 45, bottom: 60 };
const contentWidth = page.width - page.left - page.right;
const colors = { text: '#1a1a1a', muted: '#5f6368', rule: '#c8c8c8' };
/** The facts box at the top right (number, dates, order, period). */
const factsWidth = 220;
/**
 * The names the embedded fonts (invoice-fonts.ts) are registered under. The QR-bill asks for
 * its `fontName`, one of the payment part's allowed fonts, and for that name with `-Bold`:
 * Arimo has Liberation Sans's metrics, so it stands in for it there and is used throughout.
 */
export const qrBillFont = 'Liberation Sans';
export const fonts = { regular: qrBillFont, bold: `${qrBillFont}-Bold` } as const;
/** Table columns: training, quantity, unit price, amount. */
const columns = (() => {
  const widths = [contentWidth - 110 - 115 - 90, 110, 115, 90] as const;
  const xs = [page.left, page.left + widths[0], page.left + widths[0] + widths[1], page.left + widths[0] + widths[1] + widths[2]] as const;
  return { widths, xs, padding: 6 };
})();

type Doc = PDFKit.PDFDocument;
interface TextStyle {
  size: number;
  bold?: boolean;
  muted?: boolean;
}

export class InvoiceWriter {
  private readonly language: Language;

  constructor(
    private readonly doc: Doc,
    private readonly invoice: InvoiceDocument,
  ) {
    this.language = invoice.language;
  }

  t(key: MessageKey, params?: MessageParams): string {
    return translate(this.language, key, params);
  }

  money(amount: number): string {
    return formatMoneyWithCode(amount, this.invoice.currency);
  }

  private style({ size, bold, muted }: TextStyle): Doc {
    return this.doc
      .font(bold ? fonts.bold : fonts.regular)
      .fontSize(size)
      .fillColor(muted ? colors.muted : colors.text);
  }

  /** Draws `text` in its style when `draw`, else only measures it: either way answers its height (the pages are laid out once before they are drawn). */
  private drawOrMeasure(draw: boolean, style: TextStyle, text: string, x: number, y: number, options: BoxOptions): number {
    const doc = this.style(style);
    return draw ? drawText(doc, text, x, y, options) : heightOfText(doc, text, options);
  }

  /** Draws text in a box and returns its height. */
  text(value: string, x: number, y: number, width: number, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}): number {
    const text = toPdfText(value);
    return drawText(this.style(style), text, x, y, { width, lineGap: 1, ...options });
  }

  /** Draws lines one below the other and returns the y below them. */
  lines(values: string[], x: number, y: number, width: number, style: TextStyle): number {
    let next = y;
    for (const value of values) next += this.text(value, x, next, width, style);
    return next;
  }

  rule(y: number, color = colors.rule, width = 0.6): void {
    this.doc.moveTo(page.left, y).lineTo(page.width - page.right, y).lineWidth(width).strokeColor(color).stroke();
  }

  countryName(code: string, fallback: string): string {
    try {
      return regionNames(this.language).of(code.toUpperCase()) ?? fallback;
    } catch {
      return fallback;
    }
  }

  /** Seller at the top left, its VAT id and contacts at the top right; returns the y below. */
  header(): number {
    const { seller } = this.invoice;
    const street = [seller.street, seller.buildingNumber].filter(Boolean).join(' ');
    let left = page.top + this.text(seller.name, page.left, page.top, 300, { size: 15, bold: true });
    left = this.lines(
      [street, `${seller.zip} ${seller.city}`, this.countryName(seller.countryCode, seller.countryCode)],
      page.left,
      left + 4,
      300,
      { size: 9, muted: true },
    );
    const rightX = page.width - page.right - 220;
    const right = this.lines(
      [this.t('invoice.seller.vatId', { vatId: seller.vatId }), seller.email, seller.website],
      rightX,
      page.top + 4,
      220,
      { size: 9, muted: true },
    );
    return Math.max(left, right);
  }

  buyerLines(): string[] {
    const { buyer } = this.invoice;
    const { address } = buyer;
    const state = address.state?.trim();
    const usStyle = ['US', 'CA', 'AU'].includes(address.countryCode.toUpperCase());
    const cityLine = usStyle
      ? `${address.city}${state ? `, ${state}` : ''} ${address.zip}`
      : `${address.zip} ${address.city}${state ? ` ${state}` : ''}`;
    return [
      this.t('invoice.buyer.attention', { name: buyer.contactName }),
      address.street,
      address.additionalAddressLine ?? '',
      cityLine.trim(),
      this.countryName(address.countryCode, address.country),
    ].filter((line) => line.trim() !== '');
  }

  /** Buyer at the left (window position), invoice facts at the right; returns the y below. */
  addresses(top: number): number {
    const { buyer } = this.invoice;
    const y = Math.max(top + 40, 150);
    let left = y + this.text(this.t(this.invoice.creditNote ? 'invoice.creditNote.buyerHeading' : 'invoice.buyer.heading'), page.left, y, 260, { size: 8, muted: true });
    left += this.text(buyer.company, page.left, left + 2, 260, { size: 10.5, bold: true }) + 2;
    left = this.lines(this.buyerLines(), page.left, left, 260, { size: 10 });
    if (buyer.vatNumber?.trim()) {
      left = this.lines([this.t('invoice.buyer.vatNumber', { vatNumber: buyer.vatNumber.trim() })], page.left, left + 4, 260, { size: 9, muted: true });
    }

    const dueDate = invoiceDueDate(this.invoice.issuedAt, this.invoice.paymentTermDays);
    const { orderNumber, period, creditNote } = this.invoice;
    // A credit note names itself and the invoice it corrects, with that invoice's day.
    const facts: [string, string][] = [
      ...(orderNumber ? [[this.t(creditNote ? 'invoice.meta.creditNoteNumber' : 'invoice.meta.invoiceNumber'), this.invoice.number] as [string, string]] : []),
      [this.t(creditNote ? 'invoice.meta.creditNoteDate' : 'invoice.meta.date'), formatDate(this.invoice.issuedAt, this.language)],
      ...(creditNote
        ? [
            [this.t('invoice.meta.credits'), creditNote.invoiceNumber] as [string, string],
            ...(creditNote.invoiceIssuedOn ? [[this.t('invoice.meta.creditedInvoiceDate'), this.day(creditNote.invoiceIssuedOn)] as [string, string]] : []),
          ]
        : [[this.t('invoice.meta.dueDate'), formatDate(dueDate, this.language)] as [string, string]]),
      [this.t('invoice.meta.orderNumber'), orderNumber ?? this.invoice.number],
      ...(period ? [[this.t('invoice.meta.period'), `${this.day(period.first)} – ${this.day(period.last)}`] as [string, string]] : []),
      ...this.buyerReferences(),
    ];
    let right = y;
    for (const [label, value] of facts) right += this.fact(label, value, right) + 2;
    return Math.max(left, right);
  }

  /**
   * One row of the facts box at the top right: the label takes the width it needs (at most
   * half the box), the value, right-aligned, the rest, so that a period (`13. Aug. 2026 –
   * 12. Sept. 2026`, wider than half the box) stays on one line. Returns the row's height.
   */
  fact(label: string, value: string, y: number): number {
    const box = { x: page.width - page.right - factsWidth, width: factsWidth, gap: 8 };
    const labelStyle = { size: 9, muted: true };
    // A point more than the text: pdfkit wraps a line as wide as its box.
    const labelWidth = Math.min(this.style(labelStyle).widthOfString(toPdfText(label)) + 1, box.width / 2);
    const labelHeight = this.text(label, box.x, y, labelWidth, labelStyle);
    const valueX = box.x + labelWidth + box.gap;
    const valueHeight = this.text(value, valueX, y, box.x + box.width - valueX, { size: 9 }, { align: 'right' });
    return Math.max(labelHeight, valueHeight);
  }

  /** The buyer's reference and purchase order number from the checkout, those given. */
  private buyerReferences(): [string, string][] {
    const { buyerReference, purchaseOrderNumber } = this.invoice.buyer;
    return [
      ...(buyerReference ? [[this.t('invoice.meta.buyerReference'), buyerReference] as [string, string]] : []),
      ...(purchaseOrderNumber ? [[this.t('invoice.meta.purchaseOrderNumber'), purchaseOrderNumber] as [string, string]] : []),
    ];
  }

  tableHeader(y: number): number {
    const titles = [
      this.t('invoice.table.training'),
      this.t('invoice.table.quantity'),
      this.t('invoice.table.unitPrice'),
      this.t('invoice.table.amount'),
    ];
    let height = 0;
    titles.forEach((title, index) => {
      const x = (columns.xs[index] ?? 0) + (index === 0 ? 0 : columns.padding);
      const width = (columns.widths[index] ?? 0) - columns.padding;
      const drawn = this.text(title, x, y, width, { size: 8.5, bold: true, muted: true }, { align: index >= 2 ? 'right' : 'left' });
      height = Math.max(height, drawn);
    });
    this.rule(y + height + 4, colors.text, 0.8);
    return y + height + 10;
  }

  /** An ISO day as the invoice's language writes it (noon UTC is that day in Zurich). */
  day(isoDay: string): string {
    return formatIsoDay(isoDay, this.language);
  }

  /** Under the title: one-time, or monthly with the minimum term and that this invoice is its first month with its days (or the month it bills). */
  frequencyText(line: InvoiceLine): string {
    const { creditNote } = this.invoice;
    if (creditNote) return this.t(creditNote.lines ? 'invoice.creditNote.seatsLine' : 'invoice.creditNote.amountLine', { number: creditNote.invoiceNumber });
    if (line.paymentFrequency !== 'MONTHLY') return this.t('invoice.line.oneTime');
    const { period } = this.invoice;
    if (period) return this.t('invoice.line.monthlyPeriod', { from: this.day(period.first), to: this.day(period.last) });
    const months = translatePlural(this.language, 'lines.months', line.periodMonths ?? 1);
    if (line.period) return this.t('invoice.line.monthlyFirstMonthPeriod', { months, from: this.day(line.period.first), to: this.day(line.period.last) });
    return this.t('invoice.line.monthlyFirstMonth', { months });
  }

  /** One table row; the caller has checked that it fits. Returns the y below. */
  row(line: InvoiceLine, y: number, draw: boolean): number {
    const monthly = line.paymentFrequency === 'MONTHLY';
    const cells: { x: number; width: number; parts: { text: string; style: TextStyle }[]; align: 'left' | 'right' }[] = [
      {
        x: columns.xs[0],
        width: columns.widths[0] - columns.padding,
        align: 'left',
        parts: [
          { text: line.title, style: { size: 10, bold: true } },
          { text: this.frequencyText(line), style: { size: 8.5, muted: true } },
        ],
      },
      {
        x: columns.xs[1] + columns.padding,
        width: columns.widths[1] - columns.padding,
        align: 'left',
        parts: [{ text: translatePlural(this.language, 'lines.seats', line.quantity), style: { size: 9.5 } }],
      },
      {
        x: columns.xs[2] + columns.padding,
        width: columns.widths[2] - columns.padding,
        align: 'right',
        parts: [
          { text: this.money(line.unitPrice), style: { size: 9.5 } },
          { text: this.t(monthly ? 'invoice.line.perSeatAndMonth' : 'invoice.line.perSeat'), style: { size: 8.5, muted: true } },
        ],
      },
      { x: columns.xs[3] + columns.padding, width: columns.widths[3] - columns.padding, align: 'right', parts: [{ text: this.money(line.total), style: { size: 10 } }] },
    ];
    let bottom = y;
    for (const cell of cells) {
      let cellY = y;
      for (const part of cell.parts) {
        const text = toPdfText(part.text);
        const options = { width: cell.width, lineGap: 1, align: cell.align };
        cellY += this.drawOrMeasure(draw, part.style, text, cell.x, cellY, options);
      }
      bottom = Math.max(bottom, cellY);
    }
    if (draw) this.rule(bottom + 6);
    return bottom + 12;
  }

  table(top: number): number {
    let y = this.tableHeader(top);
    for (const line of this.invoice.lines) {
      const height = this.row(line, y, false) - y;
      if (y + height > page.height - page.bottom) {
        this.doc.addPage();
        y = this.tableHeader(page.top);
      }
      y = this.row(line, y, true);
    }
    return y;
  }

  vatLabel(): string {
    const { totals } = this.invoice;
    const rate = rateFormat(this.language).format(totals.vatRate);
    const keys = { SWISS_VAT: 'invoice.totals.vat', REVERSE_CHARGE: 'invoice.totals.reverseCharge', EXPORT: 'invoice.totals.export' } as const;
    return this.t(keys[totals.vatKind], { rate });
  }

  /**
   * Net, VAT and gross, right-aligned under the amount column, then what each further month
   * of the monthly trainings will cost. Returns the y below.
   */
  totals(top: number, draw: boolean): number {
    const { totals } = this.invoice;
    const amountX = columns.xs[3] + columns.padding;
    const amountWidth = columns.widths[3] - columns.padding;
    const labelWidth = amountX - page.left - 12;
    const rows: { label: string; amount: string; style: TextStyle; ruleAbove?: boolean }[] = [
      { label: this.t('invoice.totals.net'), amount: this.money(totals.net), style: { size: 10 } },
      { label: this.vatLabel(), amount: this.money(totals.vatAmount), style: { size: 10 } },
      { label: this.t('invoice.totals.gross'), amount: this.money(totals.gross), style: { size: 11, bold: true }, ruleAbove: true },
    ];
    if (totals.perMonth) {
      rows.push({ label: this.t('invoice.totals.perMonth'), amount: this.money(totals.perMonth.gross), style: { size: 9.5, muted: true } });
    }
    let y = top;
    rows.forEach((row) => {
      if (row.ruleAbove) {
        if (draw) this.doc.moveTo(columns.xs[2], y).lineTo(page.width - page.right, y).lineWidth(0.8).strokeColor(colors.text).stroke();
        y += 6;
      }
      const options = { width: labelWidth, lineGap: 1, align: 'right' as const };
      const label = toPdfText(row.label);
      const amount = toPdfText(row.amount);
      const height = this.drawOrMeasure(draw, row.style, label, page.left, y, options);
      if (draw) drawText(this.doc, amount, amountX, y, { width: amountWidth, align: 'right', lineBreak: false });
      y += height + 5;
    });
    return y;
  }

  paymentTexts(): string[] {
    const { invoice } = this;
    if (invoice.creditNote) {
      return [this.t('invoice.creditNote.settlement', { number: invoice.creditNote.invoiceNumber }), this.t('invoice.creditNote.questions', { email: invoice.seller.email })];
    }
    const terms = paymentTerms(invoice);
    const how = hasQrBill(invoice)
      ? this.t('invoice.payment.qrBill')
      : this.t('invoice.payment.bankTransfer', { currency: invoice.currency });
    return [terms, how, this.t('invoice.payment.questions', { email: invoice.seller.email })];
  }

  /** Payment terms and thanks; returns the y below. */
  closing(top: number, draw: boolean): number {
    let y = top;
    for (const paragraph of this.paymentTexts()) {
      const text = toPdfText(paragraph);
      const options = { width: contentWidth, lineGap: 1.5 };
      y += this.drawOrMeasure(draw, { size: 9.5 }, text, page.left, y, options) + 5;
    }
    const thanks = toPdfText(this.t('invoice.thanks'));
    return y + 8 + this.drawOrMeasure(draw, { size: 9.5, bold: true }, thanks, page.left, y + 8, { width: contentWidth });
  }

  invoicePages(): void {
    const top = this.addresses(this.header());
    const title = toPdfText(this.t(titleKey(this.invoice), { number: this.invoice.number }));
    let below = top + 30 + drawText(this.style({ size: 18, bold: true }), title, page.left, top + 30, { width: contentWidth });
    if (this.invoice.creditNote) below = 8 + this.lines(this.creditNoteIntro(this.invoice.creditNote), page.left, below + 8, contentWidth, { size: 10 });
    let y = this.table(below + 16);

    const closingTop = (from: number) => this.totals(from, false) + 18;
    if (this.closing(closingTop(y + 4), false) > page.height - page.bottom) {
      this.doc.addPage();
      y = page.top;
    }
    const totalsEnd = this.totals(y + 4, true);
    this.closing(totalsEnd + 18, true);
  }

  /** Under a credit note's title: the invoice it corrects, of which day, and why (a paragraph each). */
  creditNoteIntro(creditNote: NonNullable<InvoiceDocument['creditNote']>): string[] {
    const reason = this.t('invoice.creditNote.reason', { reason: creditNote.reason });
    if (!creditNote.invoiceIssuedOn) return [reason];
    return [this.t('invoice.creditNote.corrects', { number: creditNote.invoiceNumber, date: this.day(creditNote.invoiceIssuedOn) }), reason];
  }

  qrBillPage(bill: SwissQRBill): void {
    this.doc.addPage();
    const heading = this.t('invoice.qrBill.heading', { number: this.invoice.number });
    this.text(heading, page.left, page.top, contentWidth, { size: 12, bold: true });
    bill.attachTo(this.doc);
  }
}

/** When and where to pay: the first sentence under the totals, and the e-invoice's payment terms (BT-20). */
export function paymentTerms(invoice: InvoiceDocument): string {
  const dueDate = invoiceDueDate(invoice.issuedAt, invoice.paymentTermDays);
  return translate(invoice.language, 'invoice.payment.terms', {
    days: invoice.paymentTermDays,
    dueDate: formatDate(dueDate, invoice.language),
    iban: formatIBAN(invoice.seller.iban.replace(/\s/g, '')),
    accountHolder: invoice.seller.name,
    number: invoice.number,
  });
}

/** A credit note asks for no payment: only an invoice in CHF or EUR carries a QR-bill. */
export function hasQrBill(invoice: InvoiceDocument): invoice is InvoiceDocument & { currency: 'CHF' | 'EUR' } {
  return !invoice.creditNote && (invoice.currency === 'CHF' || invoice.currency === 'EUR');
}

export const titleKey = (invoice: InvoiceDocument) => (invoice.creditNote ? 'invoice.creditNote.title' : 'invoice.title');
