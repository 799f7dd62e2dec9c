import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { minorWithCode, money, moneyOfMajor, type Money } from '#shared/money.ts';
import * as repo from './invoices.repository.ts';

/**
 * Refunds recorded against credit notes (docs/decisions/067-credit-notes-by-seats.md,
 * "Refunds"). A credit note lowers what is open on its invoice; only what the buyer paid
 * beyond what the invoice still asks is owed back. invoice-records.service.ts records them
 * through here.
 */

type InvoiceMoney = Pick<repo.InvoiceRow, 'grossMinor' | 'paidMinor' | 'refundedMinor' | 'creditedMinor'>;
type CreditNoteMoney = Pick<repo.InvoiceRow, 'id' | 'grossMinor' | 'refundedMinor'>;

/**
 * What is still to refund against one credit note: the buyer is owed what they paid on the
 * invoice (less refunds paid out on it) beyond its gross less its credit notes, less what
 * was refunded against any of its credit notes; and a credit note never gives back more
 * than its own gross less its own refunds. On an unpaid invoice it is 0: the credit note
 * only lowered what is open.
 */
export function toRefundMinor(creditNote: CreditNoteMoney, invoice: InvoiceMoney, creditNotesOfInvoice: readonly CreditNoteMoney[]): number {
  const paidBeyond = invoice.paidMinor - invoice.refundedMinor - (invoice.grossMinor - invoice.creditedMinor);
  const refundedOnNotes = creditNotesOfInvoice.reduce((sum, note) => sum + note.refundedMinor, 0);
  const owed = paidBeyond - refundedOnNotes;
  return Math.max(0, Math.min(creditNote.grossMinor - creditNote.refundedMinor, owed));
}

export interface CreditNoteRefundRequest {
  orderId: string;
  creditNoteId: string;
  /** In major units, as the request gave it. */
  amount: number;
  date: string;
}

/**
 * A refund against a credit note of the order, in the caller's transaction, every check
 * before anything is written: another order's record or an invoice is refused at
 * `invoiceId`; a day before the credit note at `date` (one in the future the caller
 * refuses); more than it has left to refund at `amount`, with that most (nothing left:
 * `nothingToRefund`). The credited invoice is locked first, as a credit note locks it.
 * Answers the credit note's number, the amount, and what is left to refund after it.
 */
export async function recordCreditNoteRefund(tx: Db, request: CreditNoteRefundRequest): Promise<{ number: string; amount: Money; left: Money }> {
  const found = await repo.findInvoice(tx, request.creditNoteId);
  if (!found || found.orderId !== request.orderId || found.kind !== 'CREDIT_NOTE' || !found.creditsInvoiceId) {
    throw AppError.field('invoiceId', 'invalid', 'error.refund.notCreditNote');
  }
  const invoice = await repo.lockInvoice(tx, found.creditsInvoiceId);
  if (!invoice) throw new Error(`invoice ${found.creditsInvoiceId} of credit note ${found.number} not found`);
  const notes = await repo.creditNotesOfInvoice(tx, invoice.id);
  const creditNote = notes.find((note) => note.id === found.id) ?? found;
  if (request.date < found.issuedOn) throw AppError.field('date', 'tooSmall', 'error.refund.beforeCreditNote', { day: found.issuedOn });

  const currency = found.currency;
  const left = toRefundMinor(creditNote, invoice, notes);
  if (left <= 0) throw AppError.field('amount', 'tooBig', 'error.refund.nothingToRefund', { number: found.number });
  const amount = moneyOfMajor(request.amount, currency);
  if (amount.minor > left) throw AppError.field('amount', 'tooBig', 'error.refund.aboveCreditNote', { max: minorWithCode(left, currency) });

  await repo.addRefund(tx, found.id, amount.minor);
  return { number: found.number, amount, left: money(left - amount.minor, currency) };
}
