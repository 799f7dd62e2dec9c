import type { Db } from '#server/db/client.ts';
import { addDays, lastDayOfPeriod } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/locales.ts';
import { money, sumMoney, type Money } from '#shared/money.ts';
import { rateBasisPoints, ratePercentOf } from '#shared/vat.ts';
import type { InvoiceStatus, OrderInvoices } from '#shared/schemas/invoices.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import type { InvoiceContent, InvoicesService, PrintedInvoice } from './invoices.service.ts';
import { issueCreditNoteRecord, invoiceLinesOf, type CreditNoteRequest } from './credit-note-records.ts';
import { recordCreditNoteRefund, toRefundMinor, type CreditNoteRefundRequest } from './credit-note-refunds.ts';
import { frozen } from './frozen-document.ts';
import * as reminders from './invoice-reminders.repository.ts';
import * as repo from './invoices.repository.ts';
import { facturXml } from './factur-x.ts';
import { sellerDetails } from './invoice-seller.ts';
import { qrReference } from './qr-bill.ts';

/** What an invoice is issued with: the printed content without what the record gives it (number, dates). */
export interface InvoiceIssue {
  orderId: string;
  /** `first`, or the period's first day: one invoice per order and key. */
  billingKey: string;
  /** The month billed, end excluded; none on the first invoice. */
  period?: { start: string; end: string };
  issuedOn: string;
  paymentTermDays: number;
  orderNumber: string;
  content: Omit<InvoiceContent, 'number' | 'issuedAt' | 'paymentTermDays' | 'orderNumber' | 'period'>;
  amounts: { net: Money; vat: Money; gross: Money; vatRate: number };
}


/** An invoice of the same order and key was issued already: a batch of invoices is rolled back whole. */
export class InvoiceExists extends Error {
  constructor() {
    super('an invoice of this order and period exists already');
  }
}

/** The record of an invoice issued with `number`: what is printed is frozen in `document`. */
function invoiceRecord(issue: InvoiceIssue, number: string): repo.NewInvoice {
  const document = frozen({
    ...issue.content,
    number,
    orderNumber: issue.orderNumber,
    // Noon UTC is the issue day in Zurich, the day the PDF prints.
    issuedAt: `${issue.issuedOn}T12:00:00.000Z`,
    paymentTermDays: issue.paymentTermDays,
    ...(issue.period ? { period: { first: issue.period.start, last: lastDayOfPeriod(issue.period.end) } } : {}),
  });
  return {
    orderId: issue.orderId,
    billingKey: issue.billingKey,
    number,
    qrReference: qrReference(number),
    periodStart: issue.period?.start ?? null,
    periodEnd: issue.period?.end ?? null,
    issuedOn: issue.issuedOn,
    dueOn: addDays(issue.issuedOn, issue.paymentTermDays),
    currency: issue.content.currency,
    language: issue.content.language,
    netMinor: issue.amounts.net.minor,
    vatMinor: issue.amounts.vat.minor,
    grossMinor: issue.amounts.gross.minor,
    vatRateBasisPoints: rateBasisPoints(issue.amounts.vatRate),
    document,
  };
}

/** An open invoice past its due day is overdue. */
function statusOf(row: repo.InvoiceRow, today: string): InvoiceStatus {
  return row.status === 'OPEN' && row.dueOn < today ? 'OVERDUE' : row.status;
}

/** What is still to pay on an invoice: its gross less what was paid and what credit notes took off. */
export const invoiceOpenMinor = (row: Pick<repo.InvoiceRow, 'grossMinor' | 'paidMinor' | 'creditedMinor'>) => Math.max(0, row.grossMinor - row.paidMinor - row.creditedMinor);

/** What is open on a record: only an OPEN invoice has anything open. */
const openMinorOf = (row: repo.InvoiceRow) => (row.status === 'OPEN' ? invoiceOpenMinor(row) : 0);

/** An order's invoices as services answer them: amounts as `Money` (src/server/http/answer-money.ts). */
export type OrderInvoicesView = MoneyAt<OrderInvoices, 'net' | 'vatAmount' | 'gross' | 'paid' | 'credited' | 'refunded' | 'toRefund' | 'open' | 'unitPrice' | 'total'>;

/** An invoice, or a credit note with its amounts negative and the number of the invoice it credits. */
function summaryOf(row: repo.InvoiceRow, today: string, numbers: ReadonlyMap<string, string>, remindersSent: number): Omit<OrderInvoicesView['invoices'][number], 'lines' | 'toRefund'> {
  const sign = row.kind === 'CREDIT_NOTE' ? -1 : 1;
  const amount = (minor: number) => money(minor, row.currency);
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    periodFirstDay: row.periodStart,
    periodLastDay: row.periodEnd ? lastDayOfPeriod(row.periodEnd) : null,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    currency: row.currency,
    net: amount(sign * row.netMinor),
    vatAmount: amount(sign * row.vatMinor),
    vatRate: ratePercentOf(row.vatRateBasisPoints),
    gross: amount(sign * row.grossMinor),
    paid: amount(row.paidMinor),
    credited: amount(row.creditedMinor),
    refunded: amount(row.refundedMinor),
    credits: row.creditsInvoiceId ? (numbers.get(row.creditsInvoiceId) ?? null) : null,
    open: amount(openMinorOf(row)),
    status: statusOf(row, today),
    // The reminders that went out, not the level reached: after downtime a level is skipped (docs/decisions/063-reminder-statements.md).
    remindersSent,
  };
}

/**
 * The invoices as records of their own (docs/product/billing.md): issued once per order
 * and period, never changed afterwards (what is printed is frozen at issue, the PDF kept
 * once rendered), paid and refunded against, reminded of. Owns the `invoices` table.
 */
export function createInvoiceRecordsService(deps: { db: Db; renderer: Pick<InvoicesService, 'renderPdf'> }) {
  const { db, renderer } = deps;

  /** The PDF of an issued invoice: rendered from its frozen content the first time, then always these bytes. */
  async function pdfOf(row: repo.InvoiceRow): Promise<Buffer> {
    if (row.pdf) return row.pdf;
    const document = row.document as unknown as PrintedInvoice & { issuedAt: string };
    const pdf = await renderer.renderPdf({ ...document, issuedAt: new Date(document.issuedAt) });
    // Of two renderings at once the first saved wins: the other answers what was kept.
    if (await repo.savePdf(db, row.id, pdf)) return pdf;
    return (await repo.findInvoice(db, row.id))?.pdf ?? pdf;
  }

  return {
    /**
     * Issues the invoice in the caller's transaction, unless the order has one for the
     * key already: answers the new record, or undefined (the caller then rolls back).
     */
    async issue(issue: InvoiceIssue, tx: Db): Promise<repo.InvoiceRow | undefined> {
      // On a conflict the caller rolls its transaction back, and the number with it: no gap.
      const number = await repo.nextInvoiceNumber(tx, Number(issue.issuedOn.slice(0, 4)), 'INV');
      return repo.insertInvoice(tx, invoiceRecord(issue, number));
    },

    /**
     * Issues several invoices of one issue day in the caller's transaction, with one
     * statement for their numbers (in the order given, without a gap) and one for the
     * records. All or nothing: when an order has an invoice for its key already, it throws
     * `InvoiceExists` and the caller's rollback returns the numbers.
     */
    async issueMany(issues: readonly InvoiceIssue[], tx: Db): Promise<repo.IssuedInvoice[]> {
      const [first] = issues;
      if (!first) return [];
      if (issues.some((issue) => issue.issuedOn !== first.issuedOn)) throw new Error('issueMany takes invoices of one issue day');
      const numbers = await repo.nextInvoiceNumbers(tx, Number(first.issuedOn.slice(0, 4)), 'INV', issues.length);
      const rows = await repo.insertInvoices(
        tx,
        issues.map((issue, index) => invoiceRecord(issue, numbers[index]!)),
      );
      if (rows.length !== issues.length) throw new InvoiceExists();
      const byKey = new Map(rows.map((row) => [`${row.orderId} ${row.billingKey}`, row]));
      return issues.map((issue) => byKey.get(`${issue.orderId} ${issue.billingKey}`)!);
    },

    /** A credit note for one of the order's invoices, by amount or by seats, in the caller's transaction (credit-note-records.ts). */
    issueCreditNote(request: CreditNoteRequest, tx: Db): Promise<{ creditNote: repo.InvoiceRow; invoice: repo.InvoiceRow }> {
      return issueCreditNoteRecord(tx, request);
    },

    /** A refund against one of the order's credit notes, in the caller's transaction (credit-note-refunds.ts). */
    recordCreditNoteRefund(request: CreditNoteRefundRequest, tx: Db): Promise<{ number: string; amount: Money; left: Money }> {
      return recordCreditNoteRefund(tx, request);
    },

    /** The order's invoices, oldest first, with what is open on each and in all. */
    async list(orderId: string, currency: Currency, today: string): Promise<OrderInvoicesView> {
      const rows = await repo.listInvoices(db, orderId);
      const sent = await reminders.sentReminderCounts(db, orderId);
      const numbers = new Map(rows.map((row) => [row.id, row.number]));
      const creditNotesOf = (row: repo.InvoiceRow) => rows.filter((other) => other.creditsInvoiceId === row.id);
      const toRefund = (row: repo.InvoiceRow) => {
        const invoice = row.kind === 'CREDIT_NOTE' ? rows.find((other) => other.id === row.creditsInvoiceId) : undefined;
        return money(invoice ? toRefundMinor(row, invoice, creditNotesOf(invoice)) : 0, row.currency);
      };
      const invoices = rows.map((row) => ({ ...summaryOf(row, today, numbers, sent.get(row.id) ?? 0), toRefund: toRefund(row), lines: invoiceLinesOf(row, creditNotesOf(row)) }));
      const open = sumMoney(currency, rows.map((row) => money(openMinorOf(row), currency)));
      return { invoices, open, currency };
    },

    /** One invoice of the order as PDF; 404 for another order's. */
    async pdf(orderId: string, invoiceId: string): Promise<{ number: string; pdf: Buffer }> {
      const row = await repo.findInvoice(db, invoiceId);
      if (!row || row.orderId !== orderId) throw new AppError('notFound', 'error.invoice.notFound');
      return { number: row.number, pdf: await pdfOf(row) };
    },

    /**
     * One invoice of the order as XRechnung XML, made from what it printed: 404 for another
     * order's, and when the buyer gave no reference (BT-10, which XRechnung requires).
     */
    async xrechnung(orderId: string, invoiceId: string): Promise<{ number: string; xml: string }> {
      const row = await repo.findInvoice(db, invoiceId);
      if (!row || row.orderId !== orderId) throw new AppError('notFound', 'error.invoice.notFound');
      const document = row.document as unknown as PrintedInvoice & { issuedAt: string };
      if (!document.buyer.buyerReference?.trim()) throw new AppError('notFound', 'error.invoice.noBuyerReference');
      return { number: row.number, xml: facturXml({ ...document, issuedAt: new Date(document.issuedAt), seller: sellerDetails }, 'XRECHNUNG') };
    },

    /** The order's first invoice as PDF: 404 until INVOICE issued it. */
    async firstPdf(orderId: string): Promise<{ number: string; pdf: Buffer }> {
      const [row] = await repo.listInvoices(db, orderId);
      if (!row) throw new AppError('notFound', 'error.invoice.notIssued');
      return { number: row.number, pdf: await pdfOf(row) };
    },

    /** An issued invoice's record and PDF, for its mail (composed by the mail worker). */
    async forMail(invoiceId: string): Promise<{ row: repo.InvoiceRow; pdf: Buffer } | undefined> {
      const row = await repo.findInvoice(db, invoiceId);
      return row ? { row, pdf: await pdfOf(row) } : undefined;
    },

    /**
     * A payment in the caller's transaction: against the invoice staff chose, else the
     * oldest open ones, each paid up in turn. Answers the invoice it went to first (null
     * for an order without invoice records, placed before they existed).
     */
    async applyPayment(orderId: string, amountMinor: number, invoiceId: string | undefined, tx: Db): Promise<string | null> {
      const open = await repo.lockOpenInvoices(tx, orderId);
      if (invoiceId && !open.some((row) => row.id === invoiceId)) throw AppError.field('invoiceId', 'invalid', 'error.invoice.notOpen');
      const ordered = invoiceId ? [...open.filter((row) => row.id === invoiceId), ...open.filter((row) => row.id !== invoiceId)] : open;
      let rest = amountMinor;
      for (const row of ordered) {
        if (rest <= 0) break;
        const take = Math.min(rest, invoiceOpenMinor(row));
        if (take <= 0) continue;
        const paid = row.paidMinor + take;
        await repo.setPaid(tx, row.id, paid, invoiceOpenMinor({ ...row, paidMinor: paid }) === 0 ? 'PAID' : 'OPEN');
        rest -= take;
      }
      return ordered[0]?.id ?? null;
    },

    /** A refund paid out, in the caller's transaction: recorded against the newest invoice paid. */
    async applyRefund(orderId: string, amountMinor: number, tx: Db): Promise<void> {
      const row = await repo.lockLatestPaidInvoice(tx, orderId);
      if (row && amountMinor > 0) await repo.addRefund(tx, row.id, amountMinor);
    },

    /** A canceled order's open invoices are canceled with it. */
    cancelOpen(orderId: string, tx: Db): Promise<void> {
      return repo.cancelOpenInvoices(tx, orderId);
    },

    /** The open invoices a reminder may be due for: past their first reminder day, without every reminder. */
    remindable(options: { asOf: string; firstDay: number; steps: number }, db: Db): Promise<reminders.RemindableInvoice[]> {
      return reminders.remindableInvoices(db, options);
    },

    /** Every open invoice of a billing contact, locked for its statement in the caller's transaction. */
    lockOpenOfContact(contact: string, tx: Db): Promise<reminders.OpenInvoiceOfContact[]> {
      return reminders.lockOpenInvoicesOfContact(tx, contact);
    },

    /** The reminder levels a statement carried, in the caller's transaction: each once per invoice and level. */
    recordReminders(records: readonly reminders.ReminderRecord[], tx: Db): Promise<void> {
      return reminders.insertReminders(tx, records);
    },

    /** The reminders recorded for the invoices, lowest level first: what a reminder's text says went before. */
    remindersOf(invoiceIds: readonly string[], db: Db): Promise<reminders.ReminderRecord[]> {
      return reminders.remindersOf(db, invoiceIds);
    },

    /** The orders with an invoice still open after its last reminder. */
    overdueOrderIds(steps: number): Promise<string[]> {
      return repo.overdueOrderIds(db, steps);
    },

    /** The same orders with what their open invoices ask for, the oldest due day and the reminder level: the desk's overdue queue. */
    async overdueOrders(steps: number): Promise<{ orderId: string; open: Money; oldestDueOn: string; reminderLevel: number }[]> {
      const rows = await repo.overdueOrders(db, steps);
      return rows.map((row) => ({ orderId: row.orderId, open: money(row.openMinor, row.currency), oldestDueOn: row.oldestDueOn, reminderLevel: row.reminderLevel }));
    },
  };
}

export type InvoiceRecordsService = ReturnType<typeof createInvoiceRecordsService>;

export type { InvoiceRow } from './invoices.repository.ts';
