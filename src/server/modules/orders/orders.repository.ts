import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { rowsOf, uuidArray } from '#server/db/statement.ts';
import { orderPayments } from '#server/modules/orders/order-payments.schema.ts';
import { orderHistory, orders } from '#server/modules/orders/orders.schema.ts';
import { defaultTimeZone } from '#shared/dates.ts';
import { cartStatus, type OrderStatus } from '#shared/orders.ts';
import type { HistoryEntry } from './order-history.repository.ts';

/**
 * SQL of the order lifecycle: the locked order with the facts the state machine reads,
 * its changes, its payments, and the claim of idle carts.
 */

/** The order row, locked, with what its lines, payments and renewals add up to (minor units). */
export interface LockedOrder {
  id: string;
  status: OrderStatus;
  currency: string;
  language: string;
  number: string | null;
  invoiceInfo: Record<string, unknown> | null;
  deletedAt: Date | string | null;
  totalNetMinor: number | null;
  /** What fell due at purchase: the gross total (net + VAT). */
  amountDueMinor: number | null;
  refund: boolean;
  refunded: boolean;
  refundAmountMinor: number | null;
  /** ISO date. */
  availableFrom: string | null;
  /** The day the order was placed (BUY), in Zurich (ISO date); null for a cart. */
  orderedOn: string | null;
  /** A demo order of a first start: billing mails none of its invoices and reminders. */
  demo: boolean;
  activeItemCount: number;
  hasMonthlyItem: boolean;
  /** The longest minimum term of the ACTIVE MONTHLY lines, months (null without such a line). */
  termMonths: number | null;
  /** What the ACTIVE MONTHLY lines cost for one month, net: a renewal makes its gross due. */
  monthlyMinor: number;
  totalPaidMinor: number;
  /** Whether the order's history holds an INVOICE: an invoice went out, so the order can no longer be deleted. */
  invoiceIssued: boolean;
  /** Everything renewals made due, gross (RENEW history rows, `amountDue` as money). */
  renewedDueMinor: number;
  /** What credit notes took off what fell due, gross. */
  creditedMinor: number;
  /** The end of the current subscription period (ISO date), from the latest history row that set one. */
  periodEnd: string | null;
  /** The day the subscription started (ISO date): the first period's start, set by the payment that activated it. */
  subscribedFrom: string | null;
  /** How many periods were renewed since (RENEW history rows): the next period is the subscription's start + this + 1 months. */
  renewalCount: number;
  /** The day notice takes effect (ISO date), once given. */
  terminatedFrom: string | null;
}

/** Columns an action sets besides the status (values or SQL such as `now()`). */
export type OrderChanges = Omit<PgUpdateSetSource<typeof orders>, 'id' | 'status' | 'createdAt'>;

/** The day of BUY in the shop's time zone, as an ISO date. */
const orderedOn = sql`(o.ordered_at at time zone ${defaultTimeZone})::date::text`;

/** The order rows `where` picks with what their lines, payments and history add up to; locked or not. */
function selectOrdersWithFacts(where: SQL, lock: boolean) {
  return sql`
    select o.id, o.status, o.currency, o.language, o.number, o.invoice_info as "invoiceInfo", o.deleted_at as "deletedAt",
           o.total_net_minor as "totalNetMinor", o.amount_due_minor as "amountDueMinor", o.credited_minor as "creditedMinor",
           o.refund, o.refunded, o.refund_amount_minor as "refundAmountMinor", o.available_from::text as "availableFrom",
           ${orderedOn} as "orderedOn", o.demo,
           (select count(*)::int from order_items i where i.order_id = o.id and i.status = 'ACTIVE') as "activeItemCount",
           exists (select 1 from order_items i where i.order_id = o.id and i.status = 'ACTIVE' and i.payment_frequency = 'MONTHLY') as "hasMonthlyItem",
           (select max(coalesce(i.period_months, 12))::int from order_items i
             where i.order_id = o.id and i.status = 'ACTIVE' and i.payment_frequency = 'MONTHLY') as "termMonths",
           (select coalesce(sum(i.unit_price_minor * i.quantity), 0)::int from order_items i
             where i.order_id = o.id and i.status = 'ACTIVE' and i.payment_frequency = 'MONTHLY') as "monthlyMinor",
           (select coalesce(sum(p.amount_minor), 0)::int from order_payments p where p.order_id = o.id) as "totalPaidMinor",
           exists (select 1 from order_history h where h.order_id = o.id and h.action = 'INVOICE') as "invoiceIssued",
           (select coalesce(sum((h.data->'amountDue'->>'minor')::int), 0)::int from order_history h
             where h.order_id = o.id and h.action in ('RENEW', 'SEATS_CHANGED')) as "renewedDueMinor",
           (select h.data->>'periodEnd' from order_history h
             where h.order_id = o.id and h.data ? 'periodEnd' order by h.at desc limit 1) as "periodEnd",
           (select h.data->>'periodStart' from order_history h
             where h.order_id = o.id and h.action = 'PAY' and h.data ? 'periodStart' order by h.at asc limit 1) as "subscribedFrom",
           (select count(*)::int from order_history h where h.order_id = o.id and h.action = 'RENEW') as "renewalCount",
           o.terminated_from::text as "terminatedFrom"
      from orders o
     where ${where}
     ${lock ? sql`for update of o` : sql``}`;
}

function selectOrderWithFacts(id: string, lock: boolean) {
  return selectOrdersWithFacts(sql`o.id = ${id}`, lock);
}

/**
 * `SELECT … FOR UPDATE` of the order with its facts, in one statement: the lock holds
 * until the transaction ends, so actions on one order run one after the other and each
 * sees what the one before it did. Undefined when there is no such order.
 */
export async function lockOrder(db: Db, id: string): Promise<LockedOrder | undefined> {
  return rowsOf<LockedOrder>(await db.execute(selectOrderWithFacts(id, true)))[0];
}

/** The same without the lock, for showing the order. */
export async function findOrderWithFacts(db: Db, id: string): Promise<LockedOrder | undefined> {
  return rowsOf<LockedOrder>(await db.execute(selectOrderWithFacts(id, false)))[0];
}

/** Which of the orders are demo orders. */
export async function findDemoOrderIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`select id from orders where id = any(${uuidArray(ids)}) and demo`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * Locks those of the orders that no other transaction holds, in the order of their ids
 * (`FOR UPDATE SKIP LOCKED`): answers the ids locked; the others are someone else's now.
 */
export async function lockOrdersSkippingLocked(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`select id from orders where id = any(${uuidArray(ids)}) order by id for update skip locked`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * The orders with their facts, unlocked: read after `lockOrdersSkippingLocked` in the same
 * transaction, a statement of its own sees what the transactions before the lock wrote.
 */
export async function findOrdersWithFacts(db: Db, ids: readonly string[]): Promise<LockedOrder[]> {
  if (ids.length === 0) return [];
  return rowsOf<LockedOrder>(await db.execute(selectOrdersWithFacts(sql`o.id = any(${uuidArray(ids)})`, false)));
}

/**
 * Several orders' transitions at once, each a history row, with one statement: the rows go
 * as one JSON parameter, and the orders whose status changes take the new one. An order
 * whose status stays (a renewal: ACTIVE to ACTIVE) is not written: its `updated_at` tells
 * only the abandonment job about carts, and rewriting a thousand order rows, each with its
 * indexes (the search's trigrams among them), was the billing batch's slowest statement.
 * The orders are locked by the caller.
 */
export async function recordTransitions(db: Db, transitions: readonly HistoryEntry[]): Promise<void> {
  if (transitions.length === 0) return;
  await db.execute(sql`
    with t as (
      select * from jsonb_to_recordset(${JSON.stringify(transitions)}::jsonb)
        as t("orderId" uuid, action text, "fromStatus" text, "toStatus" text, actor text, data jsonb)
    ), history as (
      insert into order_history (order_id, action, from_status, to_status, actor, data)
      select "orderId", action, "fromStatus", "toStatus", actor, data from t
    )
    update orders o set status = t."toStatus", updated_at = now() from t where o.id = t."orderId" and o.status <> t."toStatus"`);
}

/**
 * Writes the new status with the action's other changes and records the transition in
 * the order's history, in one statement (one round trip while the order is locked);
 * answers the row as it is now.
 */
export async function updateOrder(db: Db, id: string, status: OrderStatus, changes: OrderChanges, transition: HistoryEntry) {
  const history = db.$with('history').as(db.insert(orderHistory).values(transition).returning({ id: orderHistory.id }));
  const [row] = await db
    .with(history)
    .update(orders)
    .set({ ...changes, status, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  if (!row) throw new Error(`order ${id} vanished while locked`);
  return row;
}

/**
 * A credit note took `amountMinor` off what fell due: the order row is updated, and so
 * locked until the transaction ends. Answers the order, undefined when there is none.
 */
export async function addCredit(db: Db, id: string, amountMinor: number): Promise<{ id: string; number: string | null } | undefined> {
  const result = await db.execute(sql`
    update orders set credited_minor = credited_minor + ${amountMinor}, updated_at = now()
     where id = ${id} and deleted_at is null and number is not null
    returning id, number`);
  return rowsOf<{ id: string; number: string | null }>(result)[0];
}

export async function insertPayment(db: Db, payment: { orderId: string; amountMinor: number; paidOn: string; recordedBy: string; invoiceId: string | null }): Promise<void> {
  await db.insert(orderPayments).values(payment);
}

/**
 * Claims up to `limit` carts untouched for `idleDays` (carts are touched by every change,
 * `updated_at`), locking them until the transaction ends. SKIP LOCKED: two processes
 * running the job at once claim different carts, and never one a visitor is changing.
 */
export async function claimIdleCarts(db: Db, idleDays: number, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select id from orders
     where status = ${cartStatus} and deleted_at is null
       and updated_at < now() - make_interval(days => ${idleDays})
     order by updated_at
     limit ${limit}
       for update skip locked`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** A monthly plan the billing job looks at: its start, the periods renewed since, its end date once notice was given. */
export interface Subscription {
  id: string;
  status: OrderStatus;
  number: string;
  company: string;
  currency: string;
  /** What the ACTIVE MONTHLY lines cost a month, net. */
  monthlyMinor: number;
  subscribedFrom: string;
  renewalCount: number;
  terminatedFrom: string | null;
  /** The day the order was placed (ISO date): no period of the plan begins before it. */
  orderedOn: string | null;
}

/**
 * The orders with a subscription start (the payment that activated them) in `statuses`
 * (default ACTIVE and TERMINATING, what the billing job bills), with their renewals so
 * far: the job works out from these which periods are due. `orderIds` narrows them to
 * those orders (a buyer's account), read by one array parameter.
 */
export async function findSubscriptions(db: Db, statuses: readonly OrderStatus[] = ['ACTIVE', 'TERMINATING'], orderIds?: readonly string[]): Promise<Subscription[]> {
  if (orderIds?.length === 0) return [];
  const result = await db.execute(sql`
    select o.id, o.status, o.number, coalesce(o.company_name, '') as company, o.currency,
           o.terminated_from::text as "terminatedFrom", s."subscribedFrom", ${orderedOn} as "orderedOn",
           (select count(*)::int from order_history h where h.order_id = o.id and h.action = 'RENEW') as "renewalCount",
           (select coalesce(sum(i.unit_price_minor * i.quantity), 0)::int from order_items i
             where i.order_id = o.id and i.status = 'ACTIVE' and i.payment_frequency = 'MONTHLY') as "monthlyMinor"
      from orders o
      cross join lateral (
        select h.data->>'periodStart' as "subscribedFrom" from order_history h
         where h.order_id = o.id and h.action = 'PAY' and h.data ? 'periodStart' order by h.at asc limit 1) s
     where o.status in (${sql.join(statuses.map((status) => sql`${status}`), sql`, `)}) and o.deleted_at is null
       ${orderIds ? sql`and o.id = any(${uuidArray(orderIds)})` : sql``}
     order by o.id`);
  return rowsOf<Subscription>(result);
}
