import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { OutboxService } from '#server/modules/mail/outbox.service.ts';
import type { StaffMember } from '#server/plugins/staff-session.ts';
import { AppError } from '#shared/errors.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { money } from '#shared/money.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { AdminOrder, TimelineEntry, orderReferencesSchema } from '#shared/schemas/orders-admin.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { translate } from '#shared/i18n/messages.ts';
import { factsOf, openMinorOfFacts } from './order-facts.ts';
import { allowedActions } from './order-state-machine.ts';
import * as checkoutRows from './checkout-rows.repository.ts';
import * as adminRepo from './orders-admin.repository.ts';
import * as repo from './orders.repository.ts';
import * as seatRows from './seat-rows.repository.ts';

/** The amounts of an order's detail (lines and totals) and of its page, as `Money`. */
type DetailView = MoneyAt<OrderDetail, 'unitPrice' | 'totalPrice' | 'net' | 'vatAmount' | 'gross'>;
export type AdminOrderView = MoneyAt<Omit<AdminOrder, 'detail'>, 'refundAmount' | 'amount' | 'totalAmountPaid' | 'amountDue'> & { detail: DetailView };

type OrderReferences = z.output<typeof orderReferencesSchema>;

/** The statuses in which the references may still change: before INVOICE issues the first invoice. */
const referencesEditable: readonly OrderStatus[] = ['ORDERED', 'IN_PROGRESS'];

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** The timeline's newest-first order; at equal times a transition's mails come above it. */
const kindRank: Record<TimelineEntry['kind'], number> = { MAIL: 0, NOTE: 1, TRANSITION: 2 };

/** The actor as the back office shows it: the visitor is the customer. */
const whoOf = (actor: string) => (actor === 'visitor' ? 'customer' : actor);

/**
 * An order's page in the back office (docs/product/order-lifecycle.md, "Back office"): the
 * order with what may be done with it now, its payments and its timeline (transitions,
 * mails, notes), and the notes staff add to that timeline.
 */
export function createOrderPageService(deps: {
  db: Db;
  /** The order as GET /orders/{id}/detail shows it (lines, totals with VAT, invoice info). */
  checkout: { orderDetail(orderId: string, language: Language, options?: { includeDeleted?: boolean }): Promise<DetailView> };
  audit: Pick<AuditService, 'record'>;
  /** The mail module: the mails about the order, for its timeline. */
  outbox: Pick<OutboxService, 'mailsOfOrder'>;
}) {
  const { db, checkout, audit, outbox } = deps;

  async function timelineOf(orderId: string): Promise<TimelineEntry[]> {
    const [{ history, notes }, mails] = await Promise.all([adminRepo.findTimelineSources(db, orderId), outbox.mailsOfOrder(orderId, db)]);
    const entries: { at: Date; entry: TimelineEntry }[] = [
      ...history.map((row) => ({
        at: new Date(row.at),
        entry: {
          kind: 'TRANSITION' as const,
          at: new Date(row.at).toISOString(),
          action: row.action,
          from: row.fromStatus,
          to: row.toStatus,
          who: whoOf(row.actor),
          data: row.data ?? null,
        },
      })),
      ...notes.map((row) => ({
        at: new Date(row.at),
        entry: { kind: 'NOTE' as const, at: new Date(row.at).toISOString(), id: row.id, who: row.author, text: row.text },
      })),
      ...mails.map((row) => ({
        at: new Date(row.createdAt),
        entry: {
          kind: 'MAIL' as const,
          at: new Date(row.createdAt).toISOString(),
          subject: row.subject,
          recipient: row.recipient,
          sent: row.sentAt !== null,
          sentAt: iso(row.sentAt),
        },
      })),
    ];
    entries.sort((a, b) => b.at.getTime() - a.at.getTime() || kindRank[a.entry.kind] - kindRank[b.entry.kind]);
    return entries.map(({ entry }) => entry);
  }

  /** GET /orders/admin/{id}/ : the order, what may be done with it now, its money and its timeline. */
  async function orderView(orderId: string, language: Language): Promise<AdminOrderView> {
    const [order, facts] = await Promise.all([adminRepo.findOrder(db, orderId), repo.findOrderWithFacts(db, orderId)]);
    if (!order || !facts) throw new AppError('notFound', 'error.order.notFound');
    const machineFacts = factsOf(facts);
    const [detail, payments, history, pendingSeats] = await Promise.all([
      checkout.orderDetail(orderId, language, { includeDeleted: true }),
      adminRepo.findPayments(db, orderId),
      timelineOf(orderId),
      seatRows.findPendingSeats(db, orderId),
    ]);
    const amount = (minor: number) => money(minor, order.currency as Currency);
    return {
      detail,
      currency: order.currency,
      received: iso(order.orderedAt),
      contractAccepted: iso(order.contractAcceptedAt),
      availableFrom: order.availableFrom,
      canceledBy: order.canceledBy,
      terminatedBy: order.terminatedBy,
      terminatedFrom: order.terminatedFrom,
      refund: order.refund,
      refundAmount: order.refundAmountMinor === null ? null : amount(order.refundAmountMinor),
      refunded: order.refunded,
      refundedDate: order.refundedDate,
      payments: payments.map((payment) => ({ amount: amount(payment.amountMinor), date: payment.paidOn, by: payment.recordedBy })),
      actions: allowedActions(machineFacts),
      totalAmountPaid: amount(machineFacts.totalPaid),
      amountDue: amount(openMinorOfFacts(machineFacts)),
      history,
      pendingSeats,
    };
  }

  return {
    orderView,

    /**
     * PUT …/references: the buyer's reference and purchase order number, which every invoice
     * of the order prints and its e-invoice carries (BT-10, BT-13). Only before INVOICE
     * (409 after): an issued invoice never changes. A note in the timeline and the audit log say what changed.
     */
    async updateReferences(orderId: string, staff: StaffMember, references: OrderReferences, language: Language): Promise<AdminOrderView> {
      await db.transaction(async (tx) => {
        const order = await checkoutRows.lockOrder(tx, orderId);
        if (!order) throw new AppError('notFound', 'error.order.notFound');
        if (!referencesEditable.includes(order.status)) throw new AppError('conflict', 'error.order.referencesLocked');
        const info = order.invoiceInfo ?? {};
        const company = { name: '', ...info.company, buyerReference: references.buyerReference, purchaseOrderNumber: references.purchaseOrderNumber };
        await checkoutRows.saveInvoiceInfo(tx, orderId, { ...info, company });
        const none = translate(language, 'ordersAdmin.references.none');
        const text = translate(language, 'ordersAdmin.references.changed', {
          buyerReference: references.buyerReference ?? none,
          purchaseOrderNumber: references.purchaseOrderNumber ?? none,
        });
        await adminRepo.insertNote(tx, { orderId, author: staff.email, text });
        await audit.record(staff, { action: 'order.references', target: { kind: 'order', id: orderId }, summary: 'invoice references changed' }, tx);
      });
      return orderView(orderId, language);
    },

    /** POST …/notes */
    async addNote(orderId: string, staff: StaffMember, text: string) {
      const note = await db.transaction(async (tx) => {
        const order = await adminRepo.findOrder(tx, orderId);
        if (!order) throw new AppError('notFound', 'error.order.notFound');
        const inserted = await adminRepo.insertNote(tx, { orderId, author: staff.email, text });
        // The note's text stays in the order's page; the audit row says only that one was added.
        await audit.record(staff, { action: 'order.note', target: { kind: 'order', id: orderId }, summary: 'note added' }, tx);
        return inserted;
      });
      return { id: note.id, text: note.text, who: note.author, at: new Date(note.at).toISOString() };
    },
  };
}

export type OrderPageService = ReturnType<typeof createOrderPageService>;
