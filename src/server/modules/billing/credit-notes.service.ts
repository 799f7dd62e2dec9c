import type { Db } from '#server/db/client.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import { minorWithCode, printMoneyWithCode } from '#shared/money.ts';
import type { CreditNoteInput, CreditNoteRefundInput } from '#shared/schemas/invoices.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { InvoiceRecordsService, OrderInvoicesView } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { buyerOf, creditNoteMail, creditNoteMailKind, creditNoteSubject } from './billing.mails.ts';
import type { OrderInvoicesService } from './order-invoices.service.ts';

/** Credit notes by staff against an order's invoices (docs/product/billing.md, docs/decisions/050-billing-in-batches-and-credit-notes.md). */
export function createCreditNotesService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'recordCredit' | 'recordNote'>;
  invoiceRecords: Pick<InvoiceRecordsService, 'issueCreditNote' | 'recordCreditNoteRefund' | 'forMail'>;
  /** The order's invoices, as the credit note's call answers them. */
  orderInvoices: Pick<OrderInvoicesService, 'invoicesOf'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  /** A credit note is a staff change: written to the audit log in its transaction. */
  audit: Pick<AuditService, 'record'>;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const { db, orders, invoiceRecords, outbox, publicUrl } = deps;

  const mailComposers: Record<string, MailComposer> = {
    [creditNoteMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`credit note ${String(payload.invoiceId)} not found`);
      return creditNoteMail(found.row, found.pdf, {
        invoiceNumber: String(payload.invoiceNumber ?? ''),
        orderNumber: String(payload.orderNumber ?? ''),
        reason: String(payload.reason ?? ''),
        person: buyerOf(found.row).person,
        publicUrl,
      });
    },
  };

  return {
    mailComposers,

    /**
     * A credit note by staff for one of the order's invoices (docs/product/billing.md), by
     * amount or by seats of the invoice's lines, all or nothing in one transaction: the order
     * locked and what fell due on it lowered, the credit note issued with its own number
     * against the invoice (at most what it has not been credited), a note in the order's
     * history with amount, reason and who, the audit row, and its mail with the PDF to the
     * billing contact in the order's language.
     * Answers the order's invoices.
     */
    async issueCreditNote(orderId: string, invoiceId: string, input: CreditNoteInput, staff: AuditActor): Promise<OrderInvoicesView> {
      await db.transaction(async (tx) => {
        // The order is locked first, as a payment locks it before its invoices; it takes the credit note's gross once that is known.
        const order = await orders.recordCredit(orderId, 0, tx);
        const { creditNote, invoice } = await invoiceRecords.issueCreditNote(
          { orderId, invoiceId, ...(input.lines ? { lines: input.lines } : { amount: input.amount }), reason: input.reason, issuedOn: isoDateInZurich() },
          tx,
        );
        await orders.recordCredit(orderId, creditNote.grossMinor, tx);
        const amount = minorWithCode(creditNote.grossMinor, creditNote.currency);
        await orders.recordNote(
          orderId,
          staff.email,
          translate('en-US', 'note.billing.creditNote', { number: creditNote.number, invoice: invoice.number, amount, reason: input.reason }),
          tx,
        );
        await deps.audit.record(
          staff,
          { action: 'invoice.creditNote', target: { kind: 'order', id: orderId }, summary: `${order.number}: ${creditNote.number} credits ${invoice.number} by ${amount}` },
          tx,
        );
        const buyer = buyerOf(invoice);
        if (buyer.email) {
          await outbox.queueComposedLater(
            [
              {
                to: buyer.email,
                subject: creditNoteSubject(creditNote, { invoiceNumber: invoice.number, orderNumber: order.number }),
                kind: creditNoteMailKind,
                payload: {
                  invoiceId: creditNote.id,
                  invoiceNumber: invoice.number,
                  orderNumber: order.number,
                  reason: input.reason,
                },
                orderId,
              },
            ],
            tx,
          );
        }
      });
      deps.onMailQueued();
      return deps.orderInvoices.invoicesOf(orderId, { visitor: false });
    },

    /**
     * Money paid back to the buyer against one of the order's credit notes, by staff
     * (docs/decisions/067-credit-notes-by-seats.md, "Refunds"), all or nothing in one
     * transaction: the order locked, the refund recorded against the credit note (at most
     * what it has left to refund, not before its day, not in the future), a note in the
     * order's history with amount, day, what is left and who, and the audit row.
     * Answers the order's invoices.
     */
    async recordCreditNoteRefund(orderId: string, creditNoteId: string, input: CreditNoteRefundInput, staff: AuditActor): Promise<OrderInvoicesView> {
      if (input.date > isoDateInZurich()) throw AppError.field('date', 'tooBig', 'error.date.future');
      await db.transaction(async (tx) => {
        // The order is locked first, as a credit note and a payment lock it; its amounts do not change.
        const order = await orders.recordCredit(orderId, 0, tx);
        const refund = await invoiceRecords.recordCreditNoteRefund({ orderId, creditNoteId, amount: input.amount, date: input.date }, tx);
        const values = { number: refund.number, amount: printMoneyWithCode(refund.amount), date: input.date, left: printMoneyWithCode(refund.left) };
        const note = translate('en-US', 'note.billing.creditNoteRefund', values);
        await orders.recordNote(orderId, staff.email, input.note ? `${note} ${translate('en-US', 'note.billing.refundNote', { note: input.note })}` : note, tx);
        await deps.audit.record(
          staff,
          { action: 'invoice.creditNoteRefund', target: { kind: 'order', id: orderId }, summary: `${order.number}: ${values.amount} refunded against ${refund.number} on ${input.date}` },
          tx,
        );
      });
      return deps.orderInvoices.invoicesOf(orderId, { visitor: false });
    },
  };
}

export type CreditNotesService = ReturnType<typeof createCreditNotesService>;
