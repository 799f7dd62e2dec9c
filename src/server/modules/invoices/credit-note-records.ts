import type { Db } from '#server/db/client.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Currency } from '#shared/locales.ts';
import { minorWithCode, money, moneyOfMajor, shareOfMoney, sumMoney, type Money } from '#shared/money.ts';
import type { InvoiceLineSummary } from '#shared/schemas/invoices.ts';
import { creditNoteAmounts, creditNoteOfLines, ratePercentOf } from '#shared/vat.ts';
import { frozen, frozenMoney } from './frozen-document.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import type { InvoiceContent, PrintedInvoice } from './invoices.service.ts';
import * as repo from './invoices.repository.ts';
import { qrReference } from './qr-bill.ts';

/**
 * Credit notes as records (docs/product/invoices.md, "Credit notes"): by an amount, or by
 * seats of the invoice's lines; never more than the invoice has not been credited, nor more
 * seats of a line than it has left. invoice-records.service.ts issues them through here.
 */

/** Seats of one of the invoice's lines: `lineId` is its position on the invoice, "1" first. */
interface CreditedSeats {
  lineId: string;
  seats: number;
}

export interface CreditNoteRequest {
  orderId: string;
  invoiceId: string;
  /** Gross in major units, as the request gave it; or `lines`. */
  amount?: number;
  lines?: readonly CreditedSeats[];
  reason: string;
  issuedOn: string;
}

type ContentLine = InvoiceContent['lines'][number];

/** A line's id: its position on the invoice, as the e-invoice numbers its lines (factur-x.ts). */
const lineIdOf = (index: number) => String(index + 1);

/** The seats each line of an invoice has been credited by its credit notes so far. */
function creditedSeatsOf(creditNotes: readonly Pick<repo.InvoiceRow, 'document'>[]): Map<string, number> {
  const seats = new Map<string, number>();
  for (const note of creditNotes) {
    const credited = (note.document as { creditNote?: InvoiceDocument['creditNote'] }).creditNote?.lines ?? [];
    for (const line of credited) seats.set(line.lineId, (seats.get(line.lineId) ?? 0) + line.seats);
  }
  return seats;
}

/** An invoice's lines as its summary lists them, with the seats credited on each; none for a credit note. */
export function invoiceLinesOf(row: repo.InvoiceRow, creditNotes: readonly Pick<repo.InvoiceRow, 'document'>[]): MoneyAt<InvoiceLineSummary, 'unitPrice' | 'total'>[] {
  if (row.kind !== 'INVOICE') return [];
  const credited = creditedSeatsOf(creditNotes);
  const { lines = [] } = row.document as unknown as Partial<PrintedInvoice>;
  return lines.map((line, index) => ({
    lineId: lineIdOf(index),
    title: line.title,
    seats: line.quantity,
    unitPrice: frozenMoney(line.unitPrice, row.currency),
    total: frozenMoney(line.total, row.currency),
    creditedSeats: credited.get(lineIdOf(index)) ?? 0,
  }));
}

/**
 * The printed lines of a credit note by seats: each credited line with its seats, its unit
 * price, and as net the seats' share of what the invoice charged for it (seats × unit
 * price for the invoice's period), negative. Refused at the line for an unknown line or
 * more seats than it has left.
 */
function creditedLines(invoice: repo.InvoiceRow, asked: readonly CreditedSeats[], creditedSoFar: Map<string, number>): { lines: ContentLine[]; nets: Money[] } {
  const printed = (invoice.document as unknown as PrintedInvoice).lines;
  const currency = invoice.currency;
  const lines: ContentLine[] = [];
  const nets: Money[] = [];
  asked.forEach((request, index) => {
    const position = printed.findIndex((_, at) => lineIdOf(at) === request.lineId.trim());
    const line = printed[position];
    if (!line) throw AppError.field(`lines.${index}.lineId`, 'invalid', 'error.creditNote.unknownLine');
    const left = line.quantity - (creditedSoFar.get(lineIdOf(position)) ?? 0);
    if (request.seats > left) throw AppError.field(`lines.${index}.seats`, 'tooBig', 'error.creditNote.seatsAboveLine', { max: Math.max(0, left) });
    if (request.seats === 0) return;
    const net = shareOfMoney(frozenMoney(line.total, currency), request.seats, line.quantity);
    nets.push(net);
    lines.push({
      title: line.title,
      paymentFrequency: line.paymentFrequency,
      quantity: request.seats,
      periodMonths: line.periodMonths,
      unitPrice: money(-frozenMoney(line.unitPrice, currency).minor, currency),
      total: money(-net.minor, currency),
    });
  });
  return { lines, nets };
}

/**
 * A credit note for one of the order's invoices, in the caller's transaction: every check
 * before its number is drawn, so a refusal writes nothing. By amount: at most what the
 * invoice has not been credited (refused at `amount`), VAT by `creditNoteAmounts`. By
 * seats: the chosen lines with their seats (refused at the line), VAT on their net total
 * by `creditNoteOfLines`, the gross at most what the invoice has not been credited
 * (refused at `lines`). Another order's invoice or a credit note is refused at
 * `invoiceId`. What is open on the invoice falls by the gross; an invoice credited in full
 * is CANCELED, one whose rest is paid PAID.
 */
export async function issueCreditNoteRecord(tx: Db, request: CreditNoteRequest): Promise<{ creditNote: repo.InvoiceRow; invoice: repo.InvoiceRow }> {
  const invoice = await repo.lockInvoice(tx, request.invoiceId);
  if (!invoice || invoice.orderId !== request.orderId || invoice.kind !== 'INVOICE') {
    throw AppError.field('invoiceId', 'invalid', 'error.creditNote.otherOrder');
  }
  const field = request.lines ? 'lines' : 'amount';
  const currency: Currency = invoice.currency;
  const creditable = invoice.grossMinor - invoice.creditedMinor;
  if (creditable <= 0) throw AppError.field(field, 'tooBig', 'error.creditNote.nothingLeft', { number: invoice.number });
  const aboveInvoice = () => AppError.field(field, 'tooBig', 'error.creditNote.aboveInvoice', { max: minorWithCode(creditable, currency) });

  const earlier = await repo.creditNotesOfInvoice(tx, invoice.id);
  // Never more net or VAT than the invoice has left (vat.ts).
  const left = {
    net: money(invoice.netMinor - sumMoney(currency, earlier.map((note) => money(note.netMinor, currency))).minor, currency),
    vat: money(invoice.vatMinor - sumMoney(currency, earlier.map((note) => money(note.vatMinor, currency))).minor, currency),
  };
  const rate = ratePercentOf(invoice.vatRateBasisPoints);
  const language = invoice.language as PrintedInvoice['language'];
  let amounts: { net: Money; vat: Money; gross: Money };
  let lines: ContentLine[];
  if (request.lines) {
    const chosen = creditedLines(invoice, request.lines, creditedSeatsOf(earlier));
    amounts = creditNoteOfLines(chosen.nets, currency, rate, left);
    lines = chosen.lines;
  } else {
    const asked = moneyOfMajor(request.amount ?? 0, currency);
    if (asked.minor > creditable) throw aboveInvoice();
    amounts = creditNoteAmounts(asked, rate, left);
    const net = money(-amounts.net.minor, currency);
    lines = [{ title: translate(language, 'invoice.creditNote.line', { number: invoice.number }), paymentFrequency: 'ONE_TIME', quantity: 1, periodMonths: null, unitPrice: net, total: net }];
  }
  if (amounts.gross.minor > creditable) throw aboveInvoice();

  const number = await repo.nextInvoiceNumber(tx, Number(request.issuedOn.slice(0, 4)), 'CN');
  const printed = invoice.document as unknown as PrintedInvoice;
  const negative = (amount: Money) => money(-amount.minor, currency);
  const creditedSeats = request.lines?.filter((line) => line.seats > 0).map((line) => ({ lineId: line.lineId.trim(), seats: line.seats }));
  const document = frozen({
    ...printed,
    number,
    issuedAt: `${request.issuedOn}T12:00:00.000Z`,
    paymentTermDays: 0,
    period: undefined,
    creditNote: { invoiceNumber: invoice.number, reason: request.reason, invoiceIssuedOn: invoice.issuedOn, ...(creditedSeats ? { lines: creditedSeats } : {}) },
    lines,
    totals: { ...printed.totals, net: negative(amounts.net), vatAmount: negative(amounts.vat), gross: negative(amounts.gross), perMonth: null },
  });
  const creditNote = await repo.insertInvoice(tx, {
    orderId: invoice.orderId,
    kind: 'CREDIT_NOTE',
    billingKey: `credit:${number}`,
    number,
    qrReference: qrReference(number),
    issuedOn: request.issuedOn,
    dueOn: request.issuedOn,
    currency,
    language: invoice.language,
    netMinor: amounts.net.minor,
    vatMinor: amounts.vat.minor,
    grossMinor: amounts.gross.minor,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    status: 'ISSUED',
    creditsInvoiceId: invoice.id,
    document,
  });
  if (!creditNote) throw new Error(`credit note ${number} was not inserted`);
  const after = { ...invoice, creditedMinor: invoice.creditedMinor + amounts.gross.minor };
  const open = after.grossMinor - after.paidMinor - after.creditedMinor;
  const status = after.creditedMinor >= invoice.grossMinor ? 'CANCELED' : invoice.status === 'OPEN' && open <= 0 ? 'PAID' : invoice.status;
  await repo.addCredit(tx, invoice.id, amounts.gross.minor, status);
  return { creditNote, invoice: { ...after, status } };
}
