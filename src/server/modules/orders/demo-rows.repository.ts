import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orderPayments } from '#server/modules/orders/order-payments.schema.ts';
import { orderHistory, orderItems, orders } from '#server/modules/orders/orders.schema.ts';
import type { OrderAction } from '#shared/orders.ts';

/** SQL of the demo orders: whether the shop has any order yet, and the demo dates. */

export async function hasAnyOrder(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).limit(1);
  return row !== undefined;
}

/** When the things of one demo order happened, in the order they were written. */
export interface DemoDates {
  orderId: string;
  /** The cart: the order row and its lines. */
  createdAt: Date;
  /** BUY (`ordered_at` and `contract_accepted_at`, which BUY wrote already). */
  placedAt: Date;
  /** START_WORK's day (ISO), when work started. */
  availableFrom: string | null;
  /** Every history row, oldest first, with its action (checked against what was written). */
  history: { action: OrderAction; at: Date }[];
  /** When each payment was recorded, oldest first. */
  payments: Date[];
}

/**
 * Moves the rows of one demo order to its demo dates: the services wrote them now. The
 * rows are matched in the order they were written, and their actions must be the planned ones.
 */
export async function setDemoDates(tx: Db, dates: DemoDates): Promise<void> {
  const history = await tx
    .select({ id: orderHistory.id, action: orderHistory.action })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, dates.orderId))
    .orderBy(asc(orderHistory.at));
  const written = history.map((row) => row.action).join(',');
  const planned = dates.history.map((entry) => entry.action).join(',');
  if (written !== planned) throw new Error(`demo order ${dates.orderId}: history ${written}, planned ${planned}`);
  for (const [index, row] of history.entries()) {
    await tx.update(orderHistory).set({ at: dates.history[index]?.at }).where(eq(orderHistory.id, row.id));
  }
  const payments = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, dates.orderId))
    .orderBy(asc(orderPayments.createdAt));
  if (payments.length !== dates.payments.length) throw new Error(`demo order ${dates.orderId}: ${payments.length} payments, planned ${dates.payments.length}`);
  for (const [index, row] of payments.entries()) {
    await tx.update(orderPayments).set({ createdAt: dates.payments[index] }).where(eq(orderPayments.id, row.id));
  }
  await tx.update(orderItems).set({ createdAt: dates.createdAt }).where(eq(orderItems.orderId, dates.orderId));
  await tx
    .update(orders)
    .set({
      createdAt: dates.createdAt,
      updatedAt: dates.history.at(-1)?.at ?? dates.placedAt,
      ...(dates.availableFrom ? { availableFrom: dates.availableFrom } : {}),
    })
    .where(eq(orders.id, dates.orderId));
}
