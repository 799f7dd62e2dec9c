import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import { addMonths, isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { minorWithCode, money, toMinor } from '#shared/money.ts';
import type { OrderAction } from '#shared/orders.ts';
import type { BulkAnswer, RefundTerms, StaffStatusAction } from '#shared/schemas/orders-admin.ts';
import { factsOf, openMinorOfFacts } from './order-facts.ts';
import type { AdminOrderView, OrderPageService } from './order-page.service.ts';
import * as repo from './orders.repository.ts';
import type { ActionPlan, ActionRequest, OrdersService } from './orders.service.ts';

/**
 * A staff RENEW: the next period now, with its invoice, as the billing job would on its first
 * day. Billing's (its `renewNext`), handed over in app.ts: orders does not import billing.
 */
interface RenewNow {
  renewNext(
    orderId: string,
    options: { asOf: string; actor: string; force: boolean; writeAfter: NonNullable<ActionRequest<unknown>['writeAfter']> },
  ): Promise<unknown>;
}

/**
 * The staff actions on orders (docs/product/order-lifecycle.md, "Back office"), each
 * through the orders service's one action function with the staff member's e-mail as
 * actor, and with its audit row written in the action's transaction; each answers the
 * order's page as it is afterwards. What an action does to the invoices is the transition
 * table's hooks (order-state-machine.ts), which billing registers in app.ts.
 */
export function createOrderActionsService(deps: {
  orders: Pick<OrdersService, 'applyAction' | 'orderWithFacts'>;
  /** The order's page, the answer of every action. */
  orderPage: Pick<OrderPageService, 'orderView'>;
  audit: Pick<AuditService, 'record'>;
  /** RENEW by staff: the period's invoice is billing's. */
  renewals: RenewNow;
}) {
  const { orders, orderPage, renewals, audit } = deps;
  const { orderView } = orderPage;

  function refuseFutureDate(field: string, date: string): void {
    if (date > isoDateInZurich()) throw AppError.field(field, 'tooBig', 'error.date.future');
  }

  /** Money cannot move for an order before it was placed; a payment's day also starts a plan's periods. */
  function refuseBeforeOrder(field: string, date: string, order: repo.LockedOrder): void {
    if (order.orderedOn && date < order.orderedOn) throw AppError.field(field, 'tooSmall', 'error.date.beforeOrder', { day: order.orderedOn });
  }

  /**
   * Runs a staff action through the one action function, with the staff member as actor
   * (the demo orders': the system, `systemActor`), as the history and the audit log name
   * them; its audit row is written last in its transaction.
   */
  async function act(
    orderId: string,
    action: OrderAction,
    staff: AuditActor,
    request: Omit<ActionRequest<unknown>, 'orderId' | 'action' | 'actor' | 'writeAfter'> = {},
    auditDetail?: (order: repo.LockedOrder) => string,
  ) {
    await orders.applyAction({ ...request, orderId, action, actor: staff.email, writeAfter: auditRow(action, staff, auditDetail) });
  }

  /** The audit row of a staff action, written in the action's transaction; `detail` adds what moved (a payment's amount). */
  function auditRow(action: OrderAction, staff: AuditActor, detail?: (order: repo.LockedOrder) => string): NonNullable<ActionRequest<unknown>['writeAfter']> {
    return ({ tx, order, to }) =>
      audit.record(
        staff,
        { action: `order.${action}`, target: { kind: 'order', id: order.id }, summary: `${order.number ?? 'cart'}: ${order.status} → ${to}${detail ? `, ${detail(order)}` : ''}` },
        tx,
      );
  }

  /** The refund terms as the machine, the order and its history take them. */
  function refundTerms(terms: RefundTerms) {
    const refundAmountMinor = terms.refund ? toMinor(terms.refundAmount ?? 0) : null;
    return {
      data: { refund: terms.refund, refundAmount: refundAmountMinor ?? 0 },
      // The machine refuses a refund above what was paid: said on the field, with the most allowed.
      explainRefusal: (reason: 'notAllowed' | 'precondition', order: repo.LockedOrder) =>
        reason === 'precondition'
          ? AppError.field('refundAmount', 'tooBig', 'error.order.refundAbovePaid', { max: minorWithCode(order.totalPaidMinor, order.currency) })
          : undefined,
      changes: { refund: terms.refund, refundAmountMinor, refunded: false, refundedDate: null },
      history: { refund: terms.refund, ...(terms.refund ? { refundAmount: terms.refundAmount ?? 0 } : {}), ...(terms.reason ? { reason: terms.reason } : {}) },
    };
  }

  /** The status changes of POST …/status and bulk, with what each writes besides the status. */
  async function statusChange(orderId: string, action: StaffStatusAction, staff: AuditActor, reason?: string) {
    const withReason = (history: Record<string, unknown> = {}) => (reason ? { ...history, reason } : history);
    if (action === 'RENEW') {
      // The next period now, with its invoice, as the billing job would on its first day (docs/product/billing.md).
      await renewals.renewNext(orderId, { asOf: isoDateInZurich(), actor: staff.email, force: true, writeAfter: auditRow('RENEW', staff) });
      return;
    }
    // INVOICE's first invoice and CANCEL's canceled invoices are the table's hooks.
    await act(orderId, action, staff, {
      plan: ({ order }): ActionPlan => {
        switch (action) {
          case 'START_WORK':
            // The seats can be used from the day work starts (unless a day was set before).
            return { changes: { availableFrom: order.availableFrom ?? isoDateInZurich() }, history: withReason() };
          case 'CANCEL':
            return { changes: { canceledBy: staff.email }, history: withReason() };
          case 'TERMINATE': {
            // Before the day notice takes effect, ending a plan is an early termination: it needs a reason, kept in its history.
            const early = order.terminatedFrom !== null && isoDateInZurich() < order.terminatedFrom;
            if (early && !reason?.trim()) throw AppError.field('reason', 'required', 'error.order.terminateEarlyReason', { day: order.terminatedFrom ?? '' });
            return { history: early ? withReason({ early: true }) : withReason() };
          }
          default:
            return { history: withReason() };
        }
      },
    });
  }

  /** A PAY of at most the open amount; paying the rest moves INVOICED on (PAID, or ACTIVE with a MONTHLY line). */
  async function payMinor(
    orderId: string,
    staff: AuditActor,
    payment: { amountMinor: number; date: string; reason?: string | undefined; invoiceId?: string | undefined },
  ): Promise<void> {
    const { amountMinor } = payment;
    const request: Parameters<typeof act>[3] = {
      // Against the invoice chosen, else the oldest open ones (docs/product/billing.md): the table's `paymentReceived`.
      data: { amount: amountMinor, invoiceId: payment.invoiceId },
      before: () => refuseFutureDate('date', payment.date),
      plan: ({ order, facts, to }) => {
        refuseBeforeOrder('date', payment.date, order);
        const open = openMinorOfFacts(facts);
        if (amountMinor > open) throw AppError.field('amount', 'tooBig', 'error.order.amountAboveOpen', { max: minorWithCode(open, order.currency) });
        const history: Record<string, unknown> = { amount: money(amountMinor, order.currency as Currency), date: payment.date, ...(payment.reason ? { reason: payment.reason } : {}) };
        if (to === 'ACTIVE' && order.status !== 'ACTIVE') {
          // The subscription starts with the payment that activates it: its first month.
          Object.assign(history, { periodStart: payment.date, periodEnd: addMonths(payment.date, 1) });
        }
        return { history };
      },
      // The payment's row names the invoice the hook put it against.
      writeBefore: async ({ tx, invoiceId }) => {
        await repo.insertPayment(tx, { orderId, amountMinor, paidOn: payment.date, recordedBy: staff.email, invoiceId: invoiceId ?? null });
        return undefined;
      },
    };
    // The audit log's row names the payment: `2026-000012: INVOICED → PAID, 473.48 CHF on 2026-11-28`.
    await act(orderId, 'PAY', staff, request, (order) => `${minorWithCode(amountMinor, order.currency)} on ${payment.date}`);
  }

  /** What is open on an order now (everything that fell due less what was paid): a bulk payment pays it. */
  async function openMinorOf(orderId: string): Promise<number> {
    const order = await orders.orderWithFacts(orderId);
    if (!order) throw new AppError('notFound', 'error.order.notFound');
    return openMinorOfFacts(factsOf(order));
  }

  /** Runs `change` on each order on its own; refusals are reported per order, not thrown. */
  async function eachOrder(ids: readonly string[], change: (id: string) => Promise<void>): Promise<BulkAnswer> {
    const answer: BulkAnswer = { succeeded: [], refused: [] };
    for (const id of new Set(ids)) {
      try {
        await change(id);
        answer.succeeded.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer.refused.push({ id, code: error.code, messagesByLanguage: translateAll(error.messageKey, error.params) });
      }
    }
    return answer;
  }

  return {
    /** POST …/pay: a payment of at most the open amount. */
    async pay(
      orderId: string,
      staff: AuditActor,
      payment: { amountMinor: number; date: string; reason?: string | undefined; invoiceId?: string | undefined },
      language: Language,
    ): Promise<AdminOrderView> {
      await payMinor(orderId, staff, payment);
      return orderView(orderId, language);
    },

    /**
     * POST /orders/admin/bulk-pay: each order paid what is open on it, all on one day, each
     * in its own transaction (a PAY as above); an order with nothing open, or in a status
     * that takes no payment, is reported as refused.
     */
    bulkPay(staff: AuditActor, body: { ids: string[]; date: string }): Promise<BulkAnswer> {
      return eachOrder(body.ids, async (id) => payMinor(id, staff, { amountMinor: await openMinorOf(id), date: body.date }));
    },

    /** POST …/cancel-refund: cancels a paid order, with or without a refund of at most what was paid. */
    async cancelRefund(orderId: string, staff: AuditActor, terms: RefundTerms, language: Language): Promise<AdminOrderView> {
      const refund = refundTerms(terms);
      await act(orderId, 'CANCEL_REFUND', staff, {
        data: refund.data,
        explainRefusal: refund.explainRefusal,
        plan: () => ({ changes: { ...refund.changes, canceledBy: staff.email }, history: refund.history }),
      });
      return orderView(orderId, language);
    },

    /** POST …/archive-refund: the promised refund was paid out on `refundDate`. */
    async archiveRefund(orderId: string, staff: AuditActor, body: { refundDate: string }, language: Language): Promise<AdminOrderView> {
      // The refund paid out is recorded against the newest invoice paid: the table's `refundPaidOut`.
      await act(orderId, 'ARCHIVE_REFUND', staff, {
        before: () => refuseFutureDate('refundDate', body.refundDate),
        plan: ({ order }) => {
          refuseBeforeOrder('refundDate', body.refundDate, order);
          return {
            changes: { refunded: true, refundedDate: body.refundDate },
            history: { refundDate: body.refundDate, refundAmount: money(order.refundAmountMinor ?? 0, order.currency as Currency) },
          };
        },
      });
      return orderView(orderId, language);
    },

    /** POST …/termination: notice on a subscription; it ends with the running month, not before the minimum term (`terminatedFrom`). */
    async startTermination(orderId: string, staff: AuditActor, terms: RefundTerms, language: Language): Promise<AdminOrderView> {
      const refund = refundTerms(terms);
      await act(orderId, 'START_TERMINATION', staff, {
        data: refund.data,
        explainRefusal: refund.explainRefusal,
        plan: ({ order }) => {
          // The end of the month running now (set by the payment that activated the subscription or
          // the last renewal), but never before the minimum term is over.
          const termEnd = addMonths(order.subscribedFrom ?? isoDateInZurich(), order.termMonths ?? 12);
          const periodEnd = order.periodEnd ?? termEnd;
          const terminatedFrom = periodEnd > termEnd ? periodEnd : termEnd;
          return { changes: { ...refund.changes, terminatedBy: staff.email, terminatedFrom }, history: { ...refund.history, terminatedFrom } };
        },
      });
      return orderView(orderId, language);
    },

    /** DELETE …/ : the order is marked deleted; it stays for audit and leaves every list and the visitor's calls. */
    async deleteOrder(orderId: string, staff: AuditActor, reason?: string | undefined): Promise<void> {
      await act(orderId, 'DELETE', staff, { plan: () => ({ changes: { deletedAt: new Date() }, history: reason ? { reason } : {} }) });
    },

    /** POST …/status: a STATUS_CHANGE action. */
    async changeStatus(orderId: string, staff: AuditActor, body: { action: StaffStatusAction; reason?: string | undefined }, language: Language): Promise<AdminOrderView> {
      await statusChange(orderId, body.action, staff, body.reason);
      return orderView(orderId, language);
    },

    /** POST /orders/admin/bulk: the action on each order in its own transaction; refusals are reported, not thrown. */
    bulk(staff: AuditActor, body: { ids: string[]; action: StaffStatusAction }): Promise<BulkAnswer> {
      return eachOrder(body.ids, (id) => statusChange(id, body.action, staff));
    },
  };
}

export type OrderActionsService = ReturnType<typeof createOrderActionsService>;
