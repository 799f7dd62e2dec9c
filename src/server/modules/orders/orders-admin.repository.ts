import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/statement.ts';
import { foldText } from '#server/db/folded-text.ts';
import { orderPayments } from '#server/modules/orders/order-payments.schema.ts';
import { orderHistory, orderNotes, orders, savedViews } from '#server/modules/orders/orders.schema.ts';
import { defaultTimeZone } from '#shared/dates.ts';
import { orderStatuses, type OrderStatus } from '#shared/orders.ts';
import { overdueSortColumns, type OrderSortColumn } from '#shared/schemas/orders-admin.ts';

/**
 * SQL of the back office's order calls. The orders table and its export are plain SQL
 * (docs/decisions/006-cart-sql.md): one statement for the page, one for the count, and a
 * cursor for the export. The rest uses the query builder.
 */

/** What the orders table filters by; dates are ISO days in Europe/Zurich, both included. */
export interface ListCriteria {
  statuses: readonly OrderStatus[];
  company?: string | undefined;
  number?: string | undefined;
  /** The search box's words, each part of the number, company, contact name or e-mail. */
  words?: readonly string[] | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** Only these orders, with what sorts them (the overdue queue's, from the invoices). */
  overdue?: readonly OverdueKey[] | undefined;
  sortColumn: OrderSortColumn;
  sortDirection: 'ASC' | 'DESC';
}

/** An order of the overdue queue with the figures it is sorted by (from the invoices). */
export interface OverdueKey {
  orderId: string;
  openMinor: number;
  oldestDueOn: string;
  reminderLevel: number;
  daysOverdue: number;
}

export interface ListRow {
  id: string;
  number: string | null;
  status: OrderStatus;
  received: string | null;
  company: string | null;
  customer: string | null;
  totalNetMinor: number | null;
  currency: string;
}

/** `%`, `_` and `\` stand for themselves in the company filter. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The part of a search word the trigram index is asked for: its longest run of letters
 * and digits (of three or more), else the word. pg_trgm reads only letters and digits,
 * other characters part its words; every trigram it makes of a word must be looked up,
 * and those of the parts many orders share (an e-mail's domain, `example` in
 * `buyer54321@example`) cost most and narrow least. Any row holding the word holds the
 * piece, so the rows found are exactly checked for the whole word afterwards.
 */
export function indexedPiece(word: string): string {
  const runs = word.match(/[\p{L}\p{N}]+/gu) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  return longest.length >= 3 ? longest : word;
}

/** The start of a day in Zurich as a timestamp. */
function startOfDay(isoDate: string, plusDays = 0): SQL {
  return sql`((${isoDate}::date + ${plusDays}::int)::timestamp at time zone ${defaultTimeZone})`;
}

/** The column the database keeps from the invoice info's company (migration 0029). */
const companyName = sql`o.company_name`;
const sortKeys: Record<OrderSortColumn, SQL> = {
  // Statuses sort in lifecycle order (the stored `status_rank`), not alphabetically.
  STATUS: sql`o.status_rank`,
  RECEIVED: sql`o.ordered_at`,
  COMPANY: sql`lower(${companyName})`,
  TOTAL_EXCL_VAT: sql`o.total_net_minor`,
  NUMBER: sql`o.number`,
  // The overdue queue's, from its joined list (overdueJoin); elsewhere orderByOf takes the date received.
  OPEN_AMOUNT: sql`d.open_minor`,
  OLDEST_DUE: sql`d.oldest_due_on`,
  REMINDER_LEVEL: sql`d.reminder_level`,
  DAYS_OVERDUE: sql`d.days_overdue`,
};

/**
 * The overdue queue's orders as a list of values joined to `orders o` as `d`: only they
 * are found, and they sort by their open amount, oldest due day, reminder level or days
 * overdue, which are the invoices' (read through their service). Nothing outside the queue.
 */
function overdueJoin(criteria: ListCriteria): SQL {
  if (!criteria.overdue || criteria.overdue.length === 0) return sql``;
  const rows = criteria.overdue.map(
    (key) => sql`(${key.orderId}::uuid, ${key.openMinor}::bigint, ${key.oldestDueOn}::date, ${key.reminderLevel}::int, ${key.daysOverdue}::int)`,
  );
  return sql` join (values ${sql.join(rows, sql`, `)}) as d(order_id, open_minor, oldest_due_on, reminder_level, days_overdue) on d.order_id = o.id`;
}

/**
 * The statuses as their places in the lifecycle (`status_rank`): the `orders_queue` index
 * holds them for the orders not deleted, so a count or a page by status reads the index
 * alone.
 */
function ranksOf(statuses: readonly OrderStatus[]): SQL {
  return sql.raw(statuses.map((status) => String(orderStatuses.indexOf(status))).join(', '));
}

/** Deleted orders never; the statuses asked for; the company, number and days. */
function whereOf(criteria: ListCriteria): SQL {
  const statuses = criteria.statuses.filter((status) => status !== 'DELETED');
  if (statuses.length === 0) return sql`false`;
  const conditions: SQL[] = [sql`o.deleted_at is null`, sql`o.status_rank in (${ranksOf(statuses)})`];
  if (criteria.company) {
    // The company is part of the search text, folded as the search words are: the trigram
    // index finds the filter's longest piece there, and only those orders are compared
    // whole (indexedPiece). A piece under three letters narrows nothing: left out.
    const piece = indexedPiece(foldText(criteria.company));
    if (piece.length >= 3) conditions.push(sql`o.search_text like ${containsPattern(piece)}`);
    conditions.push(sql`${companyName} ilike ${containsPattern(criteria.company)}`);
  }
  if (criteria.number) conditions.push(sql`o.number = ${criteria.number}`);
  // The trigram index on `search_text` (migration 0012) finds each word anywhere in it:
  // asked for the word's longest run of letters and digits, the rows it finds are then
  // checked for the whole word (indexedPiece).
  // The words are folded as the search text is (lower case, no accents: folded-text.ts).
  for (const word of criteria.words ?? []) {
    const folded = foldText(word);
    const piece = indexedPiece(folded);
    conditions.push(sql`o.search_text like ${containsPattern(piece)}`);
    if (piece !== folded) conditions.push(sql`strpos(o.search_text, ${folded}) > 0`);
  }
  if (criteria.fromDate) conditions.push(sql`o.ordered_at >= ${startOfDay(criteria.fromDate)}`);
  if (criteria.toDate) conditions.push(sql`o.ordered_at < ${startOfDay(criteria.toDate, 1)}`);
  // The queue's orders are those of its join (overdueJoin); an empty queue finds none.
  if (criteria.overdue && criteria.overdue.length === 0) conditions.push(sql`false`);
  return sql.join(conditions, sql` and `);
}

/**
 * Empty values last in both directions; equal keys by date received, then by id, so
 * pages never overlap. Within a status the newest order comes first (a work queue: what
 * came in last is on the first page); the `orders_queue` index holds that order.
 */
function orderByOf(criteria: ListCriteria): SQL {
  const direction = sql.raw(criteria.sortDirection === 'DESC' ? 'desc' : 'asc');
  const overdueColumn = (overdueSortColumns as readonly string[]).includes(criteria.sortColumn);
  if (overdueColumn && !criteria.overdue?.length) return sql`o.ordered_at ${direction} nulls last, o.id`;
  if (criteria.sortColumn === 'STATUS') return sql`o.status_rank ${direction}, o.ordered_at desc nulls last, o.id`;
  const tieBreak = criteria.sortColumn === 'RECEIVED' ? sql`o.id` : sql`o.ordered_at nulls last, o.id`;
  return sql`${sortKeys[criteria.sortColumn]} ${direction} nulls last, ${tieBreak}`;
}

const listColumns = sql`
  o.id, o.number, o.status,
  to_char(o.ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received,
  ${companyName} as company,
  nullif(concat_ws(' ', o.invoice_info->'contact'->>'firstName', o.invoice_info->'contact'->>'lastName'), '') as customer,
  o.total_net_minor as "totalNetMinor", o.currency`;

/** A search or a company filter counts its matches up to this many (or the next multiple of it past the page asked for), and says when there are more. */
const searchCountBound = 500;

/**
 * One page and the number of rows the filter matches. The inner query finds the page's
 * ids, sorting on the sort key alone; the columns shown (JSON fields, formatted dates)
 * are computed for the page's rows only.
 *
 * Sorted by date received, by status upwards or by company upwards, the page is read
 * from the `orders_ordered_at`, `orders_queue` or `orders_company` index and stops after
 * it (search words or a company that many orders match are met early on that way): a
 * separate count (run alongside) is then cheaper. With search words or a company filter
 * that count stops at a bound: counting every order a common word or name matches reads
 * most of the table, the page does not (`capped` says there are more than `total`).
 * Otherwise every match is read and sorted anyway, and the count is taken in that same
 * scan (`count(*) over ()`). A page past the end has no row to carry it: counted apart.
 */
export async function listOrders(
  db: Db,
  criteria: ListCriteria,
  page: { limit: number; offset: number },
): Promise<{ rows: ListRow[]; total: number; capped: boolean }> {
  const upwards = criteria.sortDirection === 'ASC';
  const countApart = criteria.sortColumn === 'RECEIVED' || (upwards && (criteria.sortColumn === 'STATUS' || criteria.sortColumn === 'COMPANY'));
  const narrowed = (criteria.words?.length ?? 0) > 0 || Boolean(criteria.company);
  const bound = countApart && narrowed ? searchCountBound * Math.max(1, Math.ceil((page.offset + page.limit) / searchCountBound)) : undefined;
  const pageQuery = db.execute(sql`
    select ${listColumns}, p.total::int as total
      from (select o.id, ${countApart ? sql`0` : sql`count(*) over ()`} as total
              from orders o${overdueJoin(criteria)}
             where ${whereOf(criteria)}
             order by ${orderByOf(criteria)}
             limit ${page.limit} offset ${page.offset}) p
      join orders o on o.id = p.id${overdueJoin(criteria)}
     order by ${orderByOf(criteria)}`);
  const [result, counted] = await Promise.all([pageQuery, countApart ? countOrders(db, criteria, bound) : undefined]);
  const rows = rowsOf<ListRow & { total: number }>(result).map(({ total: _total, ...row }) => row);
  if (counted !== undefined) {
    const capped = bound !== undefined && counted > bound;
    return { rows, total: capped ? bound : counted, capped };
  }
  const total = rows.length > 0 || page.offset === 0 ? (rowsOf<{ total: number }>(result)[0]?.total ?? 0) : await countOrders(db, criteria);
  return { rows, total, capped: false };
}

/** The orders the filter matches; with a bound, up to one more than it. */
async function countOrders(db: Db, criteria: ListCriteria, bound?: number): Promise<number> {
  const result = await db.execute(
    bound === undefined
      ? sql`select count(*)::int as count from orders o${overdueJoin(criteria)} where ${whereOf(criteria)}`
      : sql`select count(*)::int as count from (select 1 from orders o${overdueJoin(criteria)} where ${whereOf(criteria)} limit ${bound + 1}) m`,
  );
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/**
 * Every row of a filter, in batches read from a cursor: the export never holds more
 * than one batch. Call it inside a transaction (a cursor lives as long as its transaction).
 */
/** A row of the CSV export: the table's columns and the buyer's references from the invoice info. */
export interface ExportRow extends ListRow {
  buyerReference: string | null;
  purchaseOrderNumber: string | null;
}

export async function* exportOrders(tx: Db, criteria: ListCriteria, batchSize: number): AsyncGenerator<ExportRow[]> {
  await tx.execute(sql`
    declare orders_export no scroll cursor for
    select ${listColumns},
           o.invoice_info->'company'->>'buyerReference' as "buyerReference",
           o.invoice_info->'company'->>'purchaseOrderNumber' as "purchaseOrderNumber"
      from orders o${overdueJoin(criteria)}
     where ${whereOf(criteria)}
     order by ${orderByOf(criteria)}`);
  for (;;) {
    const rows = rowsOf<ExportRow>(await tx.execute(sql.raw(`fetch forward ${Math.trunc(batchSize)} from orders_export`)));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) break;
  }
  await tx.execute(sql`close orders_export`);
}

export async function findOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findPayments(db: Db, orderId: string) {
  return db
    .select({ amountMinor: orderPayments.amountMinor, paidOn: orderPayments.paidOn, recordedBy: orderPayments.recordedBy })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .orderBy(asc(orderPayments.paidOn), asc(orderPayments.createdAt));
}

/** The order's own part of its timeline: its history and notes (its mails are the mail module's). */
export async function findTimelineSources(db: Db, orderId: string) {
  const [history, notes] = await Promise.all([
    db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(desc(orderHistory.at)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(desc(orderNotes.at)),
  ]);
  return { history, notes };
}

export async function insertNote(db: Db, note: { orderId: string; author: string; text: string }) {
  const [row] = await db.insert(orderNotes).values(note).returning();
  if (!row) throw new Error('insert returned no note');
  return row;
}

/** The staff member's own views and the team's shared ones, by name (their owners' e-mails are the staff module's). */
export async function findViews(db: Db, staffId: string) {
  return db
    .select({
      id: savedViews.id,
      name: savedViews.name,
      shared: savedViews.shared,
      ownerId: savedViews.ownerId,
      view: savedViews.view,
      createdAt: savedViews.createdAt,
    })
    .from(savedViews)
    .where(or(eq(savedViews.ownerId, staffId), eq(savedViews.shared, true)))
    .orderBy(asc(savedViews.name), asc(savedViews.createdAt));
}

export async function insertView(db: Db, view: { ownerId: string; name: string; shared: boolean; view: Record<string, unknown> }) {
  const [row] = await db.insert(savedViews).values(view).returning();
  if (!row) throw new Error('insert returned no view');
  return row;
}

/** Deletes a view of its owner; false when there is none of that owner. */
export async function deleteView(db: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, ownerId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}

/** Orders received (placed, not deleted) per Zurich month and currency, from the first day of `fromMonth`. */
export async function monthlyFigures(db: Db, fromMonth: string): Promise<{ month: string; currency: string; orders: number; netMinor: number }[]> {
  const result = await db.execute(sql`
    select to_char(o.ordered_at at time zone ${defaultTimeZone}, 'YYYY-MM') as month, o.currency,
           count(*)::int as orders, coalesce(sum(o.total_net_minor), 0)::float8 as "netMinor"
      from orders o
     where o.ordered_at >= ${startOfDay(`${fromMonth}-01`)} and o.deleted_at is null
     group by 1, 2
     order by 1, 2`);
  return rowsOf<{ month: string; currency: string; orders: number; netMinor: number }>(result);
}

/** How many orders (not deleted) each of the statuses holds. */
export async function countByStatus(db: Db, statuses: readonly OrderStatus[]): Promise<Map<OrderStatus, number>> {
  if (statuses.length === 0) return new Map();
  const result = await db.execute(sql`
    select o.status_rank as rank, count(*)::int as count
      from orders o
     where o.deleted_at is null and o.status_rank in (${ranksOf(statuses)})
     group by o.status_rank`);
  const rows = rowsOf<{ rank: number; count: number }>(result);
  return new Map(rows.map((row) => [orderStatuses[Number(row.rank)] as OrderStatus, Number(row.count)]));
}

/**
 * Per currency: the payments received in this Zurich month and the month before (by the
 * day the money arrived), and what is open on the orders that wait for money (everything
 * that fell due, renewals included, minus what was paid).
 */
export async function moneyFigures(db: Db, thisMonth: string, lastMonth: string): Promise<{ currency: string; thisMonthMinor: number; lastMonthMinor: number; openMinor: number }[]> {
  const result = await db.execute(sql`
    with received as (
      select o.currency,
             coalesce(sum(p.amount_minor) filter (where to_char(p.paid_on, 'YYYY-MM') = ${thisMonth}), 0)::float8 as this_month,
             coalesce(sum(p.amount_minor) filter (where to_char(p.paid_on, 'YYYY-MM') = ${lastMonth}), 0)::float8 as last_month
        from order_payments p join orders o on o.id = p.order_id
       where p.paid_on >= ${`${lastMonth}-01`}::date and o.deleted_at is null
       group by o.currency),
    open as (
      select o.currency,
             sum(greatest(0, coalesce(o.amount_due_minor, o.total_net_minor, 0)
               + coalesce((select sum((h.data->'amountDue'->>'minor')::int) from order_history h where h.order_id = o.id and h.action in ('RENEW', 'SEATS_CHANGED')), 0)
               - o.credited_minor
               - coalesce((select sum(p.amount_minor) from order_payments p where p.order_id = o.id), 0)))::float8 as open
        from orders o
       where o.status in ('INVOICED', 'ACTIVE', 'TERMINATING') and o.deleted_at is null
       group by o.currency)
    select coalesce(r.currency, x.currency) as currency,
           coalesce(r.this_month, 0) as "thisMonthMinor", coalesce(r.last_month, 0) as "lastMonthMinor", coalesce(x.open, 0) as "openMinor"
      from received r full join open x on x.currency = r.currency
     order by 1`);
  return rowsOf<{ currency: string; thisMonthMinor: number; lastMonthMinor: number; openMinor: number }>(result);
}
