import { z } from 'zod';
import { nextWebinarSchema } from './webinars.ts';
import { languages } from '../locales.ts';
import { pendingSeatsSchema } from './seat-changes.ts';
import { orderActions, orderEvents, orderStatuses, type OrderAction, type OrderStatus } from '../orders.ts';
import type { StaffRole } from '../staff-roles.ts';
import { companySchema, orderDetailSchema } from './checkout.ts';
import { isoDaySchema } from './dates.ts';

/**
 * Payloads of the back office's order calls (docs/product/order-lifecycle.md, "Back
 * office"): the orders table and its CSV export, an order's detail and timeline, the
 * staff actions, notes, bulk changes, saved views and the dashboard. Amounts are major
 * units with at most two decimals; dates are ISO (`2026-11-21`), days in Europe/Zurich.
 */

/**
 * The columns the table sorts by. The last four are the overdue queue's (its open
 * invoices): the list sorts by them only in that queue, elsewhere by the date received.
 */
export const overdueSortColumns = ['OPEN_AMOUNT', 'OLDEST_DUE', 'REMINDER_LEVEL', 'DAYS_OVERDUE'] as const;
export type OverdueSortColumn = (typeof overdueSortColumns)[number];
export const orderSortColumns = ['STATUS', 'RECEIVED', 'COMPANY', 'TOTAL_EXCL_VAT', 'NUMBER', ...overdueSortColumns] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];
export const sortDirections = ['ASC', 'DESC'] as const;
export const dateRanges = ['ALL', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_YEAR', 'CUSTOM'] as const;
export type DateRange = (typeof dateRanges)[number];
/** The columns of the orders table a saved view can show. */
export const orderColumns = ['NUMBER', 'STATUS', 'RECEIVED', 'COMPANY', 'CUSTOMER', 'TOTAL_EXCL_VAT', 'CURRENCY'] as const;

export const orderListLimits = { defaultPageSize: 20, maxPageSize: 100, maxBulk: 200 } as const;

/** What the orders table shows when no status is asked for: every status but carts and abandoned carts (DELETED never). */
export const defaultListStatuses: readonly OrderStatus[] = orderStatuses.filter(
  (status) => status !== 'SHOPPING_CART' && status !== 'ABANDONED' && status !== 'DELETED',
);

/**
 * The actions staff take through `POST …/status` (and bulk): the STATUS_CHANGE rows of
 * the lifecycle table except the visitor's CREATE and REOPEN. The others have calls of
 * their own (PAY, CANCEL_REFUND, ARCHIVE_REFUND, START_TERMINATION, DELETE) or belong to
 * the visitor (BUY).
 */
export const staffStatusActions = ['ABANDON', 'START_WORK', 'INVOICE', 'COMPLETE', 'CANCEL', 'TERMINATE', 'RENEW', 'ARCHIVE'] as const satisfies readonly OrderAction[];
const actionTypes = ['STATUS_CHANGE', 'CUSTOM_ENDPOINT'] as const;

/** Days as answered; the days the calls take are `isoDaySchema`, within the shared range. */
const isoDate = z.iso.date();
const isoDateTime = z.string();
export const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().max(max).optional());
const reason = optionalText(1000);

/** Amounts in major units: at most two decimals and 10 million. */
const moneyLimits = { max: 10_000_000 } as const;
const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
export const money = (min: number) =>
  z.number().min(min).max(moneyLimits.max).refine(hasAtMostTwoDecimals, { error: 'error.money.decimals' });

const statusList = z.array(z.enum(orderStatuses)).max(orderStatuses.length * 2);
/** Query strings give one status as a string and several as repeated keys or a comma list. */
const statusListInQuery = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
  statusList,
);

const filterShape = {
  /** Default: `defaultListStatuses`. DELETED orders are never listed. */
  statuses: statusList.optional(),
  /** Part of the company name, any case. */
  company: optionalText(200),
  /** The exact order number, `2026-000123`. */
  number: optionalText(20),
  /**
   * The one search box: every word (any case) is part of the order number, the company,
   * the contact's name or e-mail.
   */
  search: optionalText(200),
  dateRange: z.enum(dateRanges).default('ALL'),
  /** CUSTOM: the first and last day, both included (Europe/Zurich). */
  fromDate: isoDaySchema.optional(),
  toDate: isoDaySchema.optional(),
  /** Only the orders with an invoice still open after its last reminder (billing's overdue queue). */
  overdue: z.boolean().optional(),
};
const sortShape = {
  /** By status in lifecycle order, newest first within a status: the orders that need work come first. */
  sortColumn: z.enum(orderSortColumns).default('STATUS'),
  sortDirection: z.enum(sortDirections).default('ASC'),
};

/** A start after the end is refused on the end. */
function checkDateOrder(filter: { fromDate?: string | undefined; toDate?: string | undefined }, ctx: z.RefinementCtx): void {
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) {
    ctx.addIssue({ code: 'custom', path: ['toDate'], input: filter.toDate, message: 'error.date.beforeStart' });
  }
}

const orderFilterSchema = z.object(filterShape).superRefine(checkDateOrder);

/** POST /orders/admin/list */
export const orderListRequestSchema = z
  .object({
    ...filterShape,
    ...sortShape,
    page: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(orderListLimits.maxPageSize).default(orderListLimits.defaultPageSize),
  })
  .superRefine(checkDateOrder);
export type OrderListRequest = z.output<typeof orderListRequestSchema>;

/**
 * The spreadsheet a CSV export is made for: `,` with a decimal point (the default, most
 * programs), or `;` with the decimal mark of the region (Excel in Switzerland: `;` and
 * `.`; in Germany: `;` and `,`).
 */
export const csvFlavours = ['STANDARD', 'EXCEL_CH', 'EXCEL_DE'] as const;
export type CsvFlavour = (typeof csvFlavours)[number];

/** GET /orders/admin/export.csv?… : the list's filter and sort as query parameters, every row. */
export const orderExportQuerySchema = z
  .object({
    ...filterShape,
    statuses: statusListInQuery.optional(),
    overdue: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    ...sortShape,
    language: z.enum(languages).optional(),
    flavour: z.enum(csvFlavours).default('STANDARD'),
  })
  .superRefine(checkDateOrder);
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

const orderListRowSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(orderStatuses),
  /** When the order was placed (ISO date-time); null for carts. */
  received: isoDateTime.nullable(),
  company: z.string().nullable(),
  /** The contact's first and last name. */
  customer: z.string().nullable(),
  /** Net total at purchase, major units; null for carts. */
  totalExclVat: z.number().nullable(),
  currency: z.string(),
  /** Only in the overdue queue: what the order's open invoices show. */
  overdue: z
    .object({
      /** What its open invoices still ask for, major units in the order's currency. */
      open: z.number(),
      /** The due day of its oldest open invoice. */
      oldestDueOn: isoDate,
      /** The most reminders sent for one of its open invoices. */
      reminderLevel: z.number().int(),
      /** Days since that oldest due day (Europe/Zurich). */
      daysOverdue: z.number().int(),
    })
    .optional(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** The filter's fields as answered (the list's filter as applied, a saved view's filter), but its statuses. */
const answeredFilterFields = {
  company: z.string().optional(),
  number: z.string().optional(),
  search: z.string().optional(),
  dateRange: z.enum(dateRanges),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
};

/** The list's answer: the filter as applied (defaults filled in) with one page of rows. */
export const orderListSchema = z.object({
  statuses: z.array(z.enum(orderStatuses)),
  ...answeredFilterFields,
  sortColumn: z.enum(orderSortColumns),
  sortDirection: z.enum(sortDirections),
  page: z.number().int(),
  pageSize: z.number().int(),
  results: z.array(orderListRowSchema),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Only on a search or a company filter that matches more orders than it counts (500,
   * or the next multiple of 500 past the page asked for): there are more than
   * `totalResults`, and more pages than `totalPages`.
   */
  totalCapped: z.literal(true).optional(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const adminOrderParams = z.object({ id: z.uuid() });

/** PUT /orders/admin/{id}/references: the buyer's references on the invoices, until INVOICE; an empty one is removed. */
export const orderReferencesSchema = companySchema.pick({ buyerReference: true, purchaseOrderNumber: true });

/** One entry of an order's timeline: a transition, a staff note or a mail about the order. */
const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('TRANSITION'),
    at: isoDateTime,
    action: z.enum([...orderActions, ...orderEvents]),
    from: z.enum(orderStatuses).nullable(),
    to: z.enum(orderStatuses),
    /** A staff member's e-mail, `customer` (the visitor) or `system`. */
    who: z.string(),
    data: z.record(z.string(), z.unknown()).nullable(),
  }),
  z.object({ kind: z.literal('NOTE'), at: isoDateTime, id: z.uuid(), who: z.string(), text: z.string() }),
  z.object({
    kind: z.literal('MAIL'),
    at: isoDateTime,
    subject: z.string(),
    recipient: z.string(),
    sent: z.boolean(),
    sentAt: isoDateTime.nullable(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /orders/admin/{id}/ : the order as the back office sees it. */
export const adminOrderSchema = z.object({
  /** The order as GET /orders/{id}/detail shows it. */
  detail: orderDetailSchema,
  currency: z.string(),
  received: isoDateTime.nullable(),
  contractAccepted: isoDateTime.nullable(),
  availableFrom: isoDate.nullable(),
  canceledBy: z.string().nullable(),
  terminatedBy: z.string().nullable(),
  /** The day a termination takes effect: the end of the period running when notice was given. */
  terminatedFrom: isoDate.nullable(),
  refund: z.boolean(),
  refundAmount: z.number().nullable(),
  refunded: z.boolean(),
  refundedDate: isoDate.nullable(),
  payments: z.array(z.object({ amount: z.number(), date: isoDate, by: z.string() })),
  /** What the state machine allows now, and how the API takes it. */
  actions: z.array(z.object({ action: z.enum(orderActions), type: z.enum(actionTypes) })),
  totalAmountPaid: z.number(),
  /** What is still open: everything that fell due (purchase and renewals) minus what was paid. */
  amountDue: z.number(),
  /** Transitions, notes and mails, newest first. */
  history: z.array(timelineEntrySchema),
  /** A reduction of the plan's seats waiting for the next period (docs/product/seat-changes.md). */
  pendingSeats: pendingSeatsSchema.nullable().optional(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** POST /orders/admin/{id}/pay */
export const payOrderSchema = z.object({
  amount: money(0.01),
  /** The day the money arrived: not before the order's BUY day, not in the future. */
  date: isoDaySchema,
  reason,
  /** The invoice it pays; default the order's oldest open one, then the next (docs/product/billing.md). */
  invoiceId: z.uuid().optional(),
});

/** Refund terms of CANCEL_REFUND and START_TERMINATION: an amount only with a refund. */
const refundShape = { refund: z.boolean(), refundAmount: money(0).optional(), reason };
function checkRefund(body: { refund: boolean; refundAmount?: number | undefined }, ctx: z.RefinementCtx): void {
  if (body.refund && body.refundAmount === undefined) {
    // No catalogue key and no input: the shared mapping answers `required`.
    ctx.addIssue({ code: 'custom', path: ['refundAmount'], input: undefined, message: 'refundAmount is required with a refund' });
  }
  if (!body.refund && body.refundAmount !== undefined && body.refundAmount > 0) {
    ctx.addIssue({ code: 'custom', path: ['refundAmount'], input: body.refundAmount, message: 'error.order.refundAmountWithoutRefund' });
  }
}

/** POST /orders/admin/{id}/cancel-refund */
export const cancelRefundSchema = z.object(refundShape).superRefine(checkRefund);
/** POST /orders/admin/{id}/termination */
export const terminationSchema = z.object(refundShape).superRefine(checkRefund);
export type RefundTerms = z.output<typeof cancelRefundSchema>;

/** POST /orders/admin/{id}/archive-refund: the day the refund was paid out. */
export const archiveRefundSchema = z.object({ refundDate: isoDaySchema });

/** DELETE /orders/admin/{id}/ : the reason, in the body or the query (a DELETE without a body has none). */
export const deleteOrderSchema = z.object({ reason }).nullish();
export const deleteOrderQuerySchema = z.object({ reason });

/** POST /orders/admin/{id}/status */
export const statusChangeSchema = z.object({ action: z.enum(staffStatusActions), reason });
export type StaffStatusAction = (typeof staffStatusActions)[number];

/** POST /orders/admin/{id}/notes */
export const orderNoteSchema = z.object({ text: z.string().trim().min(1).max(2000) });
export const orderNoteAnswerSchema = z.object({ id: z.uuid(), text: z.string(), who: z.string(), at: isoDateTime });

/** POST /orders/admin/bulk: one status change on many orders, each on its own. */
export const bulkActionSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(orderListLimits.maxBulk),
  action: z.enum(staffStatusActions),
});
export const bulkAnswerSchema = z.object({
  succeeded: z.array(z.uuid()),
  refused: z.array(
    z.object({ id: z.uuid(), code: z.string(), messagesByLanguage: z.record(z.enum(languages), z.string()) }),
  ),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

/** POST /orders/admin/bulk-pay: a payment of its open amount on each order, all arrived on one day. */
export const bulkPaySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(orderListLimits.maxBulk),
  /** The day the money arrived: not before an order's BUY day, not in the future. */
  date: isoDaySchema,
});

/** A saved view of the orders table: filter, sort and the columns shown. */
const savedViewContentSchema = z.object({
  filter: orderFilterSchema,
  ...sortShape,
  columns: z.array(z.enum(orderColumns)).min(1).max(orderColumns.length),
});
/**
 * The least role that may share a view with the team: a shared view changes what every
 * colleague sees, which a viewer may not (docs/product/staff-roles.md). Anyone may save
 * views for themselves.
 */
export const sharedViewRole: StaffRole = 'editor';
export const savedViewRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Shared views are listed for the whole team (from `sharedViewRole` on); only their owner deletes them. */
  shared: z.boolean().default(false),
  view: savedViewContentSchema,
});
/**
 * A view as answered: the same content without the input's clean-up (answers are checked
 * by encoding, which takes no preprocessing).
 */
const savedViewContentAnswerSchema = z.object({
  filter: z.object({
    statuses: z.array(z.enum(orderStatuses)).optional(),
    ...answeredFilterFields,
  }),
  sortColumn: z.enum(orderSortColumns),
  sortDirection: z.enum(sortDirections),
  columns: z.array(z.enum(orderColumns)),
});
export type SavedViewContent = z.infer<typeof savedViewContentAnswerSchema>;
export const savedViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  shared: z.boolean(),
  /** Whether the signed-in staff member owns it (and may delete it). */
  own: z.boolean(),
  owner: z.string(),
  view: savedViewContentAnswerSchema,
  createdAt: isoDateTime,
});
export const savedViewListSchema = z.array(savedViewSchema);
export const savedViewParams = z.object({ id: z.uuid() });
export type SavedView = z.infer<typeof savedViewSchema>;

/**
 * The orders table's work queues (its chips), each a set of statuses: what needs staff's
 * action, what waits for the customer's payment, the running plans, and everything (the
 * default statuses). The overdue queue (OVERDUE in the counts) is not a set of statuses:
 * it is the orders with an invoice open after its last reminder, counted from the invoices.
 */
export const orderQueues = {
  NEEDS_ACTION: ['ORDERED', 'IN_PROGRESS'],
  AWAITING_PAYMENT: ['INVOICED'],
  ACTIVE_PLANS: ['ACTIVE', 'TERMINATING'],
  ALL: defaultListStatuses,
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderQueue = keyof typeof orderQueues;

/** GET /orders/admin/queues: how many orders each queue holds now. */
export const orderQueueCountsSchema = z.object({
  NEEDS_ACTION: z.number().int(),
  AWAITING_PAYMENT: z.number().int(),
  ACTIVE_PLANS: z.number().int(),
  ALL: z.number().int(),
  OVERDUE: z.number().int(),
});
export type OrderQueueCounts = z.infer<typeof orderQueueCountsSchema>;

/** The statuses the dashboard counts as open work. */
export const openOrderStatuses = ['ORDERED', 'IN_PROGRESS', 'INVOICED', 'PAID', 'ACTIVE', 'TERMINATING'] as const satisfies readonly OrderStatus[];

/** GET /admin/dashboard */
export const dashboardSchema = z.object({
  /** The last 12 months (Europe/Zurich), oldest first: orders received and their net total per currency. */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      currencies: z.array(z.object({ currency: z.string(), orders: z.number().int(), netRevenue: z.number() })),
    }),
  ),
  openOrders: z.array(z.object({ status: z.enum(openOrderStatuses), count: z.number().int() })),
  /**
   * Per currency (amounts in different currencies are never added): the payments received
   * this month and last month (Europe/Zurich, by the day the money arrived), and what is
   * open on the orders waiting for money (INVOICED, ACTIVE, TERMINATING).
   */
  money: z.array(z.object({ currency: z.string(), receivedThisMonth: z.number(), receivedLastMonth: z.number(), open: z.number() })),
  /**
   * The running plans with a seat reduction pending (docs/product/seat-changes.md), the
   * soonest first: the seats in force, the seats from `from` on.
   */
  pendingSeats: z.array(z.object({ orderId: z.uuid(), number: z.string(), currentSeats: z.number().int(), seats: z.number().int(), from: isoDate })),
  /** The five latest unread contact messages of the inbox (not archived), newest first. */
  unreadMessages: z.array(z.object({ id: z.uuid(), receivedAt: isoDateTime, name: z.string(), subject: z.string() })),
  /** All unread messages of the inbox. */
  unreadMessageCount: z.number().int(),
  /** The next five webinars to come, soonest first, with their subscriber counts. */
  nextWebinars: z.array(nextWebinarSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
