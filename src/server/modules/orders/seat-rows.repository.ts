import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf, uuidArray } from '#server/db/statement.ts';

/**
 * The seats of monthly plans (docs/decisions/072-seat-changes.md): a plan's MONTHLY lines
 * with the reduction waiting on each, changed at once for more seats and by the billing
 * job, when it bills the period a reduction starts, for fewer.
 */

/** An ACTIVE MONTHLY line of an order with its pending reduction (null: none). */
export interface PlanLineRow {
  id: string;
  orderId: string;
  productCode: string;
  quantity: number;
  unitPriceMinor: number;
  pendingQuantity: number | null;
  pendingFrom: string | null;
}

/** The ACTIVE MONTHLY lines of the orders, by position. */
export async function findPlanLines(db: Db, orderIds: readonly string[]): Promise<PlanLineRow[]> {
  if (orderIds.length === 0) return [];
  const result = await db.execute(sql`
    select id, order_id as "orderId", product_code as "productCode", quantity, unit_price_minor as "unitPriceMinor",
           pending_quantity as "pendingQuantity", pending_from::text as "pendingFrom"
      from order_items
     where order_id = any(${uuidArray(orderIds)}) and status = 'ACTIVE' and payment_frequency = 'MONTHLY'
     order by order_id, position`);
  return rowsOf<PlanLineRow>(result);
}

/** The line's seats from now on; a pending reduction is dropped (the new count replaces it). */
export async function setLineSeats(db: Db, lineId: string, quantity: number): Promise<void> {
  await db.execute(sql`update order_items set quantity = ${quantity}, pending_quantity = null, pending_from = null where id = ${lineId}`);
}

/** A reduction to `quantity` from `from` on, or none (null): replaces the one pending. */
export async function setPendingSeats(db: Db, lineId: string, pending: { quantity: number; from: string } | null): Promise<void> {
  await db.execute(sql`update order_items set pending_quantity = ${pending?.quantity ?? null}, pending_from = ${pending?.from ?? null} where id = ${lineId}`);
}

/**
 * The reductions in force on the first day of the period each order is billed for: their
 * lines take the pending count, once (the caller holds the orders' locks).
 */
export async function applyPendingSeats(db: Db, periods: readonly { orderId: string; periodStart: string }[]): Promise<void> {
  if (periods.length === 0) return;
  await db.execute(sql`
    update order_items i set quantity = i.pending_quantity, pending_quantity = null, pending_from = null
      from jsonb_to_recordset(${JSON.stringify(periods)}::jsonb) as p("orderId" uuid, "periodStart" date)
     where i.order_id = p."orderId" and i.pending_quantity is not null and i.pending_from <= p."periodStart"`);
}

/** The reduction waiting on an order's plan line, or null (one plan line: docs/decisions/072-seat-changes.md). */
export async function findPendingSeats(db: Db, orderId: string): Promise<{ seats: number; from: string } | null> {
  const line = (await findPlanLines(db, [orderId])).find((candidate) => candidate.pendingQuantity !== null && candidate.pendingFrom !== null);
  return line ? { seats: line.pendingQuantity!, from: line.pendingFrom! } : null;
}

/** A plan with a reduction pending, as the dashboard lists it. */
export interface PendingReductionRow {
  orderId: string;
  number: string;
  currentSeats: number;
  seats: number;
  from: string;
}

/** The running plans (ACTIVE) with a reduction pending, the soonest first, at most `limit`. */
export async function findPendingReductions(db: Db, limit: number): Promise<PendingReductionRow[]> {
  const result = await db.execute(sql`
    select o.id as "orderId", o.number, i.quantity as "currentSeats", i.pending_quantity as "seats", i.pending_from::text as "from"
      from order_items i
      join orders o on o.id = i.order_id
     where i.pending_quantity is not null and i.status = 'ACTIVE' and i.payment_frequency = 'MONTHLY'
       and o.status = 'ACTIVE' and o.deleted_at is null
     order by i.pending_from, o.number
     limit ${limit}`);
  return rowsOf<PendingReductionRow>(result);
}
