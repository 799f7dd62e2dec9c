import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { StoredInvoiceInfo } from './invoice-info.ts';

export interface CheckoutOrderRow {
  id: string;
  status: OrderStatus;
  currency: string;
  language: string;
  invoiceInfo: StoredInvoiceInfo | null;
  number: string | null;
  orderedAt: Date | null;
}

const columns = {
  id: orders.id,
  status: orders.status,
  currency: orders.currency,
  language: orders.language,
  invoiceInfo: orders.invoiceInfo,
  number: orders.number,
  orderedAt: orders.orderedAt,
};

export async function findOrder(db: Db, id: string): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db.select(columns).from(orders).where(eq(orders.id, id));
  return row as CheckoutOrderRow | undefined;
}

/** The order row, locked until the transaction ends: one checkout at a time per order. */
export async function lockOrder(db: Db, id: string): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db.select(columns).from(orders).where(eq(orders.id, id)).for('update');
  return row as CheckoutOrderRow | undefined;
}

export async function saveInvoiceInfo(db: Db, id: string, info: StoredInvoiceInfo): Promise<void> {
  await db.update(orders).set({ invoiceInfo: info as Record<string, unknown>, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

/**
 * The next number of the year: the counter row is created or raised in one statement,
 * whose row lock makes concurrent checkouts wait for each other's number.
 */
export async function nextOrderNumber(db: Db, year: number): Promise<string> {
  const result = await db.execute(sql`
    insert into order_number_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = order_number_counters.last + 1
    returning last`);
  const last = Number((result as unknown as { rows: { last: number }[] }).rows[0]?.last);
  return `${year}-${String(last).padStart(6, '0')}`;
}

export async function markOrdered(db: Db, id: string, values: { number: string; language: string; status: OrderStatus }): Promise<Date> {
  const [row] = await db
    .update(orders)
    .set({ status: values.status, number: values.number, language: values.language, orderedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning({ orderedAt: orders.orderedAt });
  return row?.orderedAt ?? new Date();
}
