import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type NewItem = Omit<typeof orderItems.$inferInsert, 'id' | 'createdAt'>;

export async function insertOrder(db: Db, values: { status: string; currency: string; language: string }): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: changes to one cart queue up here. */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function touchOrder(db: Db, id: string, values: Partial<Pick<OrderRow, 'currency' | 'language' | 'subscriberEmail' | 'subscriber' | 'subscribedAt'>> = {}): Promise<void> {
  await db.update(orders).set({ ...values, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

export async function findItems(db: Db, orderId: string): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

export async function insertItem(db: Db, values: NewItem): Promise<ItemRow> {
  const [row] = await db.insert(orderItems).values(values).returning();
  if (!row) throw new Error('insert returned no item');
  return row;
}

export async function updateItem(db: Db, id: string, values: Partial<NewItem>): Promise<void> {
  await db.update(orderItems).set(values).where(eq(orderItems.id, id));
}

export async function countActiveItems(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'ACTIVE')));
  return Number(row?.value ?? 0);
}
