import { PassThrough, type Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import type { AuditActor, AuditService } from '#server/modules/audit/audit.service.ts';
import type { StaffMember } from '#server/plugins/staff-session.ts';
import { csvByteOrderMark, csvLine, type CsvSeparator } from '#server/http/csv.ts';
import { addDays, addMonths, daysFrom, formatSpreadsheetDateTime, isoDateInZurich, startOfYear } from '#shared/dates.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { money, plainAmount, type Money } from '#shared/money.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import { roleAllows } from '#shared/staff-roles.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { apiBase } from '#shared/paths.ts';
import {
  defaultListStatuses,
  openOrderStatuses,
  orderQueues,
  type CsvFlavour,
  type Dashboard,
  type OrderQueueCounts,
  type OrderExportQuery,
  type OrderList,
  type OrderListRequest,
  type SavedView,
  type SavedViewContent,
  type savedViewRequestSchema,
  sharedViewRole,
} from '#shared/schemas/orders-admin.ts';
import * as adminRepo from './orders-admin.repository.ts';
import * as seatRows from './seat-rows.repository.ts';

type ViewRequest = z.output<typeof savedViewRequestSchema>;

const exportBatchSize = 500;
const dashboardMonths = 12;
/** The pending seat reductions the dashboard lists, the soonest first. */
const dashboardPendingSeats = 20;

/** The separator and decimal mark of each kind of CSV file (csvFlavours). */
const csvFlavourOf: Record<CsvFlavour, { separator: CsvSeparator; decimalMark: '.' | ',' }> = {
  STANDARD: { separator: ',', decimalMark: '.' },
  EXCEL_CH: { separator: ';', decimalMark: '.' },
  EXCEL_DE: { separator: ';', decimalMark: ',' },
};

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

/** The search box's words, at most eight: each must be found. */
function wordsOf(search: string | undefined): string[] {
  return [...new Set((search ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

function criteriaOf(filter: Omit<OrderExportQuery, 'language' | 'flavour'>): adminRepo.ListCriteria {
  return {
    statuses: filter.statuses && filter.statuses.length > 0 ? [...new Set(filter.statuses)] : defaultListStatuses,
    company: filter.company,
    number: filter.number,
    words: wordsOf(filter.search),
    ...daysOf(filter),
    sortColumn: filter.sortColumn,
    sortDirection: filter.sortDirection,
  };
}

/** An order of the overdue queue as the invoices see it (their service's `overdueOrders`). */
interface OverdueOrder {
  orderId: string;
  open: Money;
  oldestDueOn: string;
  reminderLevel: number;
}

/** The queue's orders with what sorts them; days overdue count from the oldest due day to today in Zurich. */
function overdueKeysOf(overdue: readonly OverdueOrder[]): adminRepo.OverdueKey[] {
  const today = isoDateInZurich();
  return overdue.map((order) => ({
    orderId: order.orderId,
    openMinor: order.open.minor,
    oldestDueOn: order.oldestDueOn,
    reminderLevel: order.reminderLevel,
    daysOverdue: daysFrom(order.oldestDueOn, today),
  }));
}

/** A page of the orders table and the dashboard's order figures, their amounts as `Money`. */
type OrderListView = MoneyAt<OrderList, 'totalExclVat' | 'open'>;
type OrderFiguresView = MoneyAt<Pick<Dashboard, 'months' | 'openOrders' | 'money' | 'pendingSeats'>, 'receivedThisMonth' | 'receivedLastMonth' | 'open' | 'netRevenue'>;

function rowView(row: adminRepo.ListRow, overdue?: adminRepo.OverdueKey): OrderListView['results'][number] {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    received: row.received,
    company: row.company,
    customer: row.customer,
    totalExclVat: row.totalNetMinor === null ? null : money(row.totalNetMinor, row.currency as Currency),
    currency: row.currency,
    ...(overdue
      ? { overdue: { open: money(overdue.openMinor, row.currency as Currency), oldestDueOn: overdue.oldestDueOn, reminderLevel: overdue.reminderLevel, daysOverdue: overdue.daysOverdue } }
      : {}),
  };
}

/**
 * The back office's orders table (docs/product/order-lifecycle.md, "Back office"): a page
 * of the filtered, sorted orders, all of them as CSV, the staff members' saved views of
 * it, and the order figures of the start page.
 */
export function createOrdersTableService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The orders with an invoice open after its last reminder, with their open invoices' figures: the overdue queue (from the invoices). */
  overdueOrders: () => Promise<OverdueOrder[]>;
  /** The staff module: the e-mails of the views' owners. */
  /** The staff module's directory (staff-directory.service.ts), handed over by app.ts: staff depends on orders. */
  staff: { emailsOf(ids: string[]): Promise<Map<string, string>> };
}) {
  const { db, audit } = deps;

  /** The filter's criteria, with the overdue queue's orders when it asks for them. */
  async function criteriaWithQueue(filter: Omit<OrderExportQuery, 'language' | 'flavour'>): Promise<adminRepo.ListCriteria> {
    const criteria = criteriaOf(filter);
    return filter.overdue ? { ...criteria, overdue: overdueKeysOf(await deps.overdueOrders()) } : criteria;
  }

  return {
    /** POST /orders/admin/list: one page of the filtered, sorted orders, with the filter as applied. */
    async list(request: OrderListRequest): Promise<OrderListView> {
      const criteria = await criteriaWithQueue(request);
      const offset = (request.page - 1) * request.pageSize;
      const { rows, total: totalResults, capped } = await adminRepo.listOrders(db, criteria, { limit: request.pageSize, offset });
      const overdueOf = new Map(criteria.overdue?.map((key) => [key.orderId, key]));
      return {
        ...request,
        statuses: [...criteria.statuses],
        results: rows.map((row) => rowView(row, overdueOf.get(row.id))),
        totalResults,
        totalPages: Math.ceil(totalResults / request.pageSize),
        ...(capped ? { totalCapped: true as const } : {}),
      };
    },

    /**
     * GET /orders/admin/export.csv: every row of the filter as CSV (UTF-8 with BOM, CRLF,
     * a header row in the asked language), streamed: rows come from a cursor in batches
     * and each batch is written when the client has taken the one before. The export is
     * written to the audit log before the first row leaves.
     */
    async exportCsv(query: OrderExportQuery, language: Language, staff: AuditActor): Promise<Readable> {
      const criteria = await criteriaWithQueue(query);
      const described = Object.entries(query)
        .filter(([key, value]) => key !== 'language' && value !== undefined && !(Array.isArray(value) && value.length === 0))
        .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('|') : String(value)}`)
        .join(', ');
      await audit.record(staff, { action: 'export.orders', summary: described ? `orders CSV; ${described}` : 'orders CSV' }, db);
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
      const { separator, decimalMark } = csvFlavourOf[query.flavour];
      const header = (['number', 'status', 'received', 'company', 'customer', 'totalExclVat', 'currency', 'buyerReference', 'purchaseOrderNumber'] as const).map((key) =>
        translate(language, `ordersAdmin.csv.${key}`),
      );
      const amount = (minor: number | null, currency: Currency) => (minor === null ? null : { plain: plainAmount(money(minor, currency), decimalMark) });
      void db
        .transaction(async (tx) => {
          await write(`${csvByteOrderMark}${csvLine(header, separator)}`);
          for await (const batch of adminRepo.exportOrders(tx, criteria, exportBatchSize)) {
            await write(
              batch
                .map((row) =>
                  csvLine(
                    [
                      row.number,
                      translate(language, `checkout.status.${row.status}`),
                      row.received === null ? null : { plain: formatSpreadsheetDateTime(row.received) },
                      row.company,
                      row.customer,
                      amount(row.totalNetMinor, row.currency as Currency),
                      row.currency,
                      row.buyerReference,
                      row.purchaseOrderNumber,
                    ],
                    separator,
                  ),
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

    /** GET /orders/admin/queues: the orders of each work queue, counted in one pass over the statuses, and the overdue ones. */
    async queues(): Promise<OrderQueueCounts> {
      const [counts, overdue] = await Promise.all([adminRepo.countByStatus(db, orderQueues.ALL), deps.overdueOrders()]);
      const sum = (statuses: readonly OrderStatus[]) => statuses.reduce((total, status) => total + (counts.get(status) ?? 0), 0);
      return {
        NEEDS_ACTION: sum(orderQueues.NEEDS_ACTION),
        AWAITING_PAYMENT: sum(orderQueues.AWAITING_PAYMENT),
        ACTIVE_PLANS: sum(orderQueues.ACTIVE_PLANS),
        ALL: sum(orderQueues.ALL),
        OVERDUE: overdue.length,
      };
    },

    /** GET /orders/admin/views: the staff member's own views and the shared ones. */
    async views(staff: StaffMember): Promise<SavedView[]> {
      const rows = await adminRepo.findViews(db, staff.id);
      const owners = await deps.staff.emailsOf([...new Set(rows.map((row) => row.ownerId))]);
      // A view goes with its owner's account (ON DELETE CASCADE), so every owner is found.
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        shared: row.shared,
        own: row.ownerId === staff.id,
        owner: owners.get(row.ownerId) ?? '',
        view: row.view as SavedViewContent,
        createdAt: new Date(row.createdAt).toISOString(),
      }));
    },

    /** A new saved view, with its audit row (a shared one changes what colleagues see); sharing it needs `sharedViewRole`. */
    async saveView(staff: StaffMember, request: ViewRequest): Promise<SavedView> {
      if (request.shared && !roleAllows(staff.role, sharedViewRole)) {
        // Refused as a call below one's role is: 403 and a row in the audit log.
        await audit.record(
          staff,
          { action: 'access.refused', target: { kind: 'call', id: `${orderAdminCalls.saveView.method} ${apiBase}${orderAdminCalls.saveView.path}` }, outcome: 'refused', summary: `a shared view needs the role ${sharedViewRole}, has ${staff.role}` },
          db,
        );
        throw new AppError('forbidden', 'error.staff.sharedViewRole', { params: { role: { key: `staffRole.${staff.role}` }, needed: { key: `staffRole.${sharedViewRole}` } } });
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await adminRepo.insertView(tx, { ownerId: staff.id, name: request.name, shared: request.shared, view: request.view });
        await audit.record(staff, { action: 'savedView.create', target: { kind: 'savedView', id: inserted.id }, summary: `${request.name}${request.shared ? ', shared' : ''}` }, tx);
        return inserted;
      });
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
    async deleteView(staff: StaffMember, viewId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await adminRepo.deleteView(tx, viewId, staff.id))) throw new AppError('notFound');
        await audit.record(staff, { action: 'savedView.delete', target: { kind: 'savedView', id: viewId } }, tx);
      });
    },

    /** The dashboard's order figures: the last 12 months per currency, the open orders by status, and the money received and open per currency. */
    async dashboardFigures(): Promise<OrderFiguresView> {
      const thisMonth = isoDateInZurich().slice(0, 7);
      const months = Array.from({ length: dashboardMonths }, (_, index) => addMonths(`${thisMonth}-01`, index - dashboardMonths + 1).slice(0, 7));
      const lastMonth = months.at(-2) ?? thisMonth;
      const [figures, counts, moneyRows, pendingSeats] = await Promise.all([
        adminRepo.monthlyFigures(db, months[0] ?? thisMonth),
        adminRepo.countByStatus(db, openOrderStatuses),
        adminRepo.moneyFigures(db, thisMonth, lastMonth),
        seatRows.findPendingReductions(db, dashboardPendingSeats),
      ]);
      return {
        pendingSeats,
        money: moneyRows.map((row) => {
          const amount = (minor: number) => money(Number(minor), row.currency as Currency);
          return { currency: row.currency, receivedThisMonth: amount(row.thisMonthMinor), receivedLastMonth: amount(row.lastMonthMinor), open: amount(row.openMinor) };
        }),
        months: months.map((month) => ({
          month,
          currencies: figures
            .filter((row) => row.month === month)
            .map((row) => ({ currency: row.currency, orders: row.orders, netRevenue: money(Number(row.netMinor), row.currency as Currency) })),
        })),
        openOrders: openOrderStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
      };
    },
  };
}

export type OrdersTableService = ReturnType<typeof createOrdersTableService>;
