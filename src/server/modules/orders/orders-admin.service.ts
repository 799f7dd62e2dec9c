import { PassThrough, type Readable } from 'node:stream';
import type { Db } from '#server/db/client.ts';
import { csvByteOrderMark, csvLine } from '#server/http/csv.ts';
import { AppError } from '#shared/errors.ts';
import { translate, translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { toMajor, toMinor } from '#shared/money.ts';
import type { OrderAction } from '#shared/orders.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import {
  defaultListStatuses,
  openOrderStatuses,
  type AdminOrder,
  type BulkAnswer,
  type Dashboard,
  type OrderExportQuery,
  type OrderList,
  type OrderListRequest,
  type RefundTerms,
  type SavedView,
  type StaffStatusAction,
  type TimelineEntry,
  type SavedViewContent,
  type savedViewRequestSchema,
} from '#shared/schemas/orders-admin.ts';
import type { z } from 'zod';
import { orderVatTotals } from '../checkout/order-vat.rules.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { addDays, addMonths, startOfYear } from './calendar.ts';
import { allowedActions } from './order-state-machine.ts';
import * as adminRepo from './orders-admin.repository.ts';
import * as repo from './orders.repository.ts';
import { factsOf } from './order-facts.ts';
import type { ActionPlan, ActionRequest, OrdersService } from './orders.service.ts';

/**
 * The back office's order calls (docs/product/order-lifecycle.md, "Back office"): the
 * orders table and its export, an order's detail and timeline, the staff actions (each
 * through the orders service's one action function, with the staff member's e-mail as
 * actor), notes, bulk status changes, saved views and the dashboard's figures.
 */

/** Who acts: the signed-in staff member. */
export interface Staff {
  id: string;
  email: string;
}

export interface OrdersAdminDeps {
  db: Db;
  orders: OrdersService;
  /** The order as GET /orders/{id}/detail shows it (lines, totals with VAT, invoice info). */
  checkout: { orderDetail(orderId: string, language: Language, options?: { includeDeleted?: boolean }): Promise<OrderDetail> };
}

type ViewRequest = z.output<typeof savedViewRequestSchema>;

const exportBatchSize = 500;
const dashboardMonths = 12;

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
const amountText = (minor: number, currency: string) => `${toMajor(minor).toFixed(2)} ${currency}`;

/** The days a date range covers, both included, in Zurich. */
function daysOf(filter: { dateRange: OrderListRequest['dateRange']; fromDate?: string | undefined; toDate?: string | undefined }) {
  const today = isoDateInZurich();
  switch (filter.dateRange) {
    case 'LAST_7_DAYS':
      return { fromDate: addDays(today, -6), toDate: today };
    case 'LAST_30_DAYS':
      return { fromDate: addDays(today, -29), toDate: today };
    case 'THIS_YEAR':
      return { fromDate: startOfYear(today), toDate: today };
    case 'CUSTOM':
      return { fromDate: filter.fromDate, toDate: filter.toDate };
    default:
      return {};
  }
}

function criteriaOf(filter: Omit<OrderExportQuery, 'language'>): adminRepo.ListCriteria {
  return {
    statuses: filter.statuses && filter.statuses.length > 0 ? [...new Set(filter.statuses)] : defaultListStatuses,
    company: filter.company,
    number: filter.number,
    ...daysOf(filter),
    sortColumn: filter.sortColumn,
    sortDirection: filter.sortDirection,
  };
}

function rowView(row: adminRepo.ListRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    received: row.received,
    company: row.company,
    customer: row.customer,
    totalExclVat: row.totalNetMinor === null ? null : toMajor(row.totalNetMinor),
    currency: row.currency,
  };
}

/** The timeline's newest-first order; at equal times a transition's mails come above it. */
const kindRank: Record<TimelineEntry['kind'], number> = { MAIL: 0, NOTE: 1, TRANSITION: 2 };

/** The actor as the back office shows it: the visitor is the customer. */
const whoOf = (actor: string) => (actor === 'visitor' ? 'customer' : actor);

export function createOrdersAdminService(deps: OrdersAdminDeps) {
  const { db, orders, checkout } = deps;

  function refuseFutureDate(field: string, date: string): void {
    if (date > isoDateInZurich()) throw AppError.field(field, 'tooBig', 'error.date.future');
  }

  /** Runs a staff action through the one action function, with the staff member as actor. */
  async function act(orderId: string, action: OrderAction, staff: Staff, request: Omit<ActionRequest<undefined>, 'orderId' | 'action' | 'actor'> = {}) {
    await orders.applyAction({ ...request, orderId, action, actor: staff.email });
  }

  /** The refund terms as the machine, the order and its history take them. */
  function refundTerms(terms: RefundTerms) {
    const refundAmountMinor = terms.refund ? toMinor(terms.refundAmount ?? 0) : null;
    return {
      data: { refund: terms.refund, refundAmount: refundAmountMinor ?? 0 },
      // The machine refuses a refund above what was paid: said on the field, with the most allowed.
      explainRefusal: (reason: 'notAllowed' | 'precondition', order: repo.LockedOrder) =>
        reason === 'precondition'
          ? AppError.field('refundAmount', 'tooBig', 'error.order.refundAbovePaid', { max: amountText(order.totalPaidMinor, order.currency) })
          : undefined,
      changes: { refund: terms.refund, refundAmountMinor, refunded: false, refundedDate: null },
      history: { refund: terms.refund, ...(terms.refund ? { refundAmount: terms.refundAmount ?? 0 } : {}), ...(terms.reason ? { reason: terms.reason } : {}) },
    };
  }

  async function timelineOf(orderId: string): Promise<TimelineEntry[]> {
    const { history, notes, mails } = await adminRepo.findTimelineSources(db, orderId);
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
  async function orderView(orderId: string, language: Language): Promise<AdminOrder> {
    const [order, facts] = await Promise.all([adminRepo.findOrder(db, orderId), repo.findOrderWithFacts(db, orderId)]);
    if (!order || !facts) throw new AppError('notFound', 'error.order.notFound');
    const machineFacts = factsOf(facts);
    const [detail, payments, history] = await Promise.all([
      checkout.orderDetail(orderId, language, { includeDeleted: true }),
      adminRepo.findPayments(db, orderId),
      timelineOf(orderId),
    ]);
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
      refundAmount: order.refundAmountMinor === null ? null : toMajor(order.refundAmountMinor),
      refunded: order.refunded,
      refundedDate: order.refundedDate,
      payments: payments.map((payment) => ({ amount: toMajor(payment.amountMinor), date: payment.paidOn, by: payment.recordedBy })),
      actions: allowedActions(machineFacts),
      totalAmountPaid: toMajor(machineFacts.totalPaid),
      amountDue: toMajor(Math.max(0, machineFacts.amountDue - machineFacts.totalPaid)),
      history,
    };
  }

  /** The status changes of POST …/status and bulk, with what each writes besides the status. */
  function statusChange(orderId: string, action: StaffStatusAction, staff: Staff, reason?: string) {
    const withReason = (history: Record<string, unknown> = {}) => (reason ? { ...history, reason } : history);
    return act(orderId, action, staff, {
      prepare: ({ order }): ActionPlan => {
        switch (action) {
          case 'START_WORK':
            // The seats can be used from the day work starts (unless a day was set before).
            return { changes: { availableFrom: order.availableFrom ?? isoDateInZurich() }, history: withReason() };
          case 'CANCEL':
            return { changes: { canceledBy: staff.email }, history: withReason() };
          case 'RENEW': {
            // The next month starts where the current period ends; one month of the MONTHLY lines
            // falls due now, gross: with the VAT of the order's billing country, as invoiced
            // (docs/decisions/020-monthly-terms.md). Only the history records it
            // (`amount_due_minor` stays what fell due at purchase).
            const periodStart = order.periodEnd ?? isoDateInZurich();
            const periodEnd = addMonths(periodStart, 1);
            const { grossMinor } = orderVatTotals(order.monthlyMinor, order.invoiceInfo);
            return { history: withReason({ amountDue: toMajor(grossMinor), periodStart, periodEnd }) };
          }
          default:
            return { history: withReason() };
        }
      },
    });
  }

  return {
    /** POST /orders/admin/list: one page of the filtered, sorted orders, with the filter as applied. */
    async list(request: OrderListRequest): Promise<OrderList> {
      const criteria = criteriaOf(request);
      const offset = (request.page - 1) * request.pageSize;
      const { rows, total: totalResults } = await adminRepo.listOrders(db, criteria, { limit: request.pageSize, offset });
      return {
        ...request,
        statuses: [...criteria.statuses],
        results: rows.map(rowView),
        totalResults,
        totalPages: Math.ceil(totalResults / request.pageSize),
      };
    },

    /**
     * GET /orders/admin/export.csv: every row of the filter as CSV (UTF-8 with BOM, CRLF,
     * a header row in the asked language), streamed: rows come from a cursor in batches
     * and each batch is written when the client has taken the one before.
     */
    exportCsv(query: OrderExportQuery, language: Language): Readable {
      const criteria = criteriaOf(query);
      const out = new PassThrough();
      let closed = false;
      out.on('close', () => {
        closed = true;
      });
      const write = async (chunk: string) => {
        if (closed) throw new Error('export stopped: the client went away');
        if (!out.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              out.off('drain', done);
              out.off('close', done);
              resolve();
            };
            out.on('drain', done);
            out.on('close', done);
          });
        }
      };
      const header = (['number', 'status', 'received', 'company', 'customer', 'totalExclVat', 'currency'] as const).map((key) =>
        translate(language, `ordersAdmin.csv.${key}`),
      );
      void db
        .transaction(async (tx) => {
          await write(`${csvByteOrderMark}${csvLine(header)}`);
          for await (const batch of adminRepo.exportOrders(tx, criteria, exportBatchSize)) {
            await write(
              batch
                .map((row) =>
                  csvLine([
                    row.number,
                    row.status,
                    row.received,
                    row.company,
                    row.customer,
                    row.totalNetMinor === null ? null : toMajor(row.totalNetMinor).toFixed(2),
                    row.currency,
                  ]),
                )
                .join(''),
            );
          }
        })
        .then(
          () => out.end(),
          (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      return out;
    },

    orderView,

    /** POST …/pay: a payment of at most the open amount; paying the rest moves INVOICED on (PAID, or ACTIVE with a MONTHLY line). */
    async pay(orderId: string, staff: Staff, payment: { amount: number; date: string; reason?: string | undefined }, language: Language): Promise<AdminOrder> {
      refuseFutureDate('date', payment.date);
      const amountMinor = toMinor(payment.amount);
      await act(orderId, 'PAY', staff, {
        data: { amount: amountMinor },
        prepare: async ({ tx, order, facts, to }) => {
          const open = Math.max(0, facts.amountDue - facts.totalPaid);
          if (amountMinor > open) throw AppError.field('amount', 'tooBig', 'error.order.amountAboveOpen', { max: amountText(open, order.currency) });
          await repo.insertPayment(tx, { orderId, amountMinor, paidOn: payment.date, recordedBy: staff.email });
          const history: Record<string, unknown> = { amount: payment.amount, date: payment.date, ...(payment.reason ? { reason: payment.reason } : {}) };
          if (to === 'ACTIVE' && order.status !== 'ACTIVE') {
            // The subscription starts with the payment that activates it: its first month.
            Object.assign(history, { periodStart: payment.date, periodEnd: addMonths(payment.date, 1) });
          }
          return { history };
        },
      });
      return orderView(orderId, language);
    },

    /** POST …/cancel-refund: cancels a paid order, with or without a refund of at most what was paid. */
    async cancelRefund(orderId: string, staff: Staff, terms: RefundTerms, language: Language): Promise<AdminOrder> {
      const refund = refundTerms(terms);
      await act(orderId, 'CANCEL_REFUND', staff, {
        data: refund.data,
        explainRefusal: refund.explainRefusal,
        prepare: () => ({ changes: { ...refund.changes, canceledBy: staff.email }, history: refund.history }),
      });
      return orderView(orderId, language);
    },

    /** POST …/archive-refund: the promised refund was paid out on `refundDate`. */
    async archiveRefund(orderId: string, staff: Staff, body: { refundDate: string }, language: Language): Promise<AdminOrder> {
      refuseFutureDate('refundDate', body.refundDate);
      await act(orderId, 'ARCHIVE_REFUND', staff, {
        prepare: ({ order }) => ({
          changes: { refunded: true, refundedDate: body.refundDate },
          history: { refundDate: body.refundDate, refundAmount: toMajor(order.refundAmountMinor ?? 0) },
        }),
      });
      return orderView(orderId, language);
    },

    /** POST …/termination: notice on a subscription; it ends with the running month, not before the minimum term (`terminatedFrom`). */
    async startTermination(orderId: string, staff: Staff, terms: RefundTerms, language: Language): Promise<AdminOrder> {
      const refund = refundTerms(terms);
      await act(orderId, 'START_TERMINATION', staff, {
        data: refund.data,
        explainRefusal: refund.explainRefusal,
        prepare: ({ order }) => {
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
    async deleteOrder(orderId: string, staff: Staff, reason?: string | undefined): Promise<void> {
      await act(orderId, 'DELETE', staff, { prepare: () => ({ changes: { deletedAt: new Date() }, history: reason ? { reason } : {} }) });
    },

    /** POST …/status: a STATUS_CHANGE action. */
    async changeStatus(orderId: string, staff: Staff, body: { action: StaffStatusAction; reason?: string | undefined }, language: Language): Promise<AdminOrder> {
      await statusChange(orderId, body.action, staff, body.reason);
      return orderView(orderId, language);
    },

    /** POST /orders/admin/bulk: the action on each order in its own transaction; refusals are reported, not thrown. */
    async bulk(staff: Staff, body: { ids: string[]; action: StaffStatusAction }): Promise<BulkAnswer> {
      const answer: BulkAnswer = { succeeded: [], refused: [] };
      for (const id of new Set(body.ids)) {
        try {
          await statusChange(id, body.action, staff);
          answer.succeeded.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          answer.refused.push({ id, code: error.code, messagesByLanguage: translateAll(error.messageKey, error.params) });
        }
      }
      return answer;
    },

    /** POST …/notes */
    async addNote(orderId: string, staff: Staff, text: string) {
      if (!(await adminRepo.findOrder(db, orderId))) throw new AppError('notFound', 'error.order.notFound');
      const note = await adminRepo.insertNote(db, { orderId, author: staff.email, text });
      return { id: note.id, text: note.text, who: note.author, at: new Date(note.at).toISOString() };
    },

    /** GET /orders/admin/views: the staff member's own views and the shared ones. */
    async views(staff: Staff): Promise<SavedView[]> {
      const rows = await adminRepo.findViews(db, staff.id);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        shared: row.shared,
        own: row.ownerId === staff.id,
        owner: row.owner,
        view: row.view as SavedViewContent,
        createdAt: new Date(row.createdAt).toISOString(),
      }));
    },

    async saveView(staff: Staff, request: ViewRequest): Promise<SavedView> {
      const row = await adminRepo.insertView(db, { ownerId: staff.id, name: request.name, shared: request.shared, view: request.view });
      return {
        id: row.id,
        name: row.name,
        shared: row.shared,
        own: true,
        owner: staff.email,
        view: row.view as SavedViewContent,
        createdAt: new Date(row.createdAt).toISOString(),
      };
    },

    /** Only the owner deletes a view; anyone else's, or an unknown one, is 404. */
    async deleteView(staff: Staff, viewId: string): Promise<void> {
      if (!(await adminRepo.deleteView(db, viewId, staff.id))) throw new AppError('notFound');
    },

    /** The dashboard's order figures: the last 12 months per currency, and the open orders by status. */
    async dashboardFigures(): Promise<Pick<Dashboard, 'months' | 'openOrders'>> {
      const thisMonth = isoDateInZurich().slice(0, 7);
      const months = Array.from({ length: dashboardMonths }, (_, index) => addMonths(`${thisMonth}-01`, index - dashboardMonths + 1).slice(0, 7));
      const [figures, counts] = await Promise.all([adminRepo.monthlyFigures(db, months[0] ?? thisMonth), adminRepo.countByStatus(db, openOrderStatuses)]);
      return {
        months: months.map((month) => ({
          month,
          currencies: figures
            .filter((row) => row.month === month)
            .map((row) => ({ currency: row.currency, orders: row.orders, netRevenue: toMajor(Number(row.netMinor)) })),
        })),
        openOrders: openOrderStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      };
    },
  };
}

export type OrdersAdminService = ReturnType<typeof createOrdersAdminService>;
