import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { uuidArray } from '#server/db/statement.ts';
import { orders } from '#server/modules/orders/orders.schema.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Address } from '#shared/schemas/checkout.ts';

/** The invoice info as stored in `orders.invoice_info`: only what was saved. */
export interface StoredInvoiceInfo {
  /** With the buyer's references, which every invoice of the order prints (BT-10, BT-13 of its e-invoice). */
  company?: { name: string; vatNumber?: string | undefined; buyerReference?: string | undefined; purchaseOrderNumber?: string | undefined };
  address?: Address;
  invoiceAddressSameAsAddress?: boolean;
  invoiceAddress?: Address;
  contact?: { firstName: string; lastName: string; email: string; phoneCountryCode: string; phoneNumber: string };
  step?: number;
}

export interface CheckoutOrderRow {
  id: string;
  status: OrderStatus;
  currency: string;
  language: string;
  invoiceInfo: StoredInvoiceInfo | null;
  /** Who saved the cart by e-mail, as their form gave it (save-cart.service.ts); null when nobody did. */
  subscriber: Record<string, unknown> | null;
  number: string | null;
  orderedAt: Date | null;
  /** The day a plan under notice ends (ISO date). */
  terminatedFrom: string | null;
}

const columns = {
  id: orders.id,
  status: orders.status,
  currency: orders.currency,
  language: orders.language,
  invoiceInfo: orders.invoiceInfo,
  subscriber: orders.subscriber,
  number: orders.number,
  orderedAt: orders.orderedAt,
  terminatedFrom: orders.terminatedFrom,
};

/** The order as the visitor reaches it: a deleted order is unknown (404); the back office asks with `includeDeleted`. */
export async function findOrder(db: Db, id: string, options: { includeDeleted?: boolean } = {}): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(orders)
    .where(options.includeDeleted ? eq(orders.id, id) : and(eq(orders.id, id), isNull(orders.deletedAt)));
  return row as CheckoutOrderRow | undefined;
}

/** Several orders, deleted ones too (the billing job's invoices of a batch). */
export async function findOrders(db: Db, ids: readonly string[]): Promise<CheckoutOrderRow[]> {
  if (ids.length === 0) return [];
  // One array parameter for any number of ids (the billing job asks for a thousand at once).
  return (await db.select(columns).from(orders).where(sql`${orders.id} = any(${uuidArray(ids)})`)) as CheckoutOrderRow[];
}

/** The order row, locked until the transaction ends: one checkout at a time per order. */
export async function lockOrder(db: Db, id: string): Promise<CheckoutOrderRow | undefined> {
  const [row] = await db.select(columns).from(orders).where(and(eq(orders.id, id), isNull(orders.deletedAt))).for('update');
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

/**
 * What BUY writes besides the status: the number, the language of the order, its date
 * and the moment the legal texts were agreed to (the transaction's time), the net total
 * (what the orders table lists) and the amount due at purchase: the gross total (net +
 * VAT), which the invoice asks for.
 */
export function placedOrderValues(values: { number: string; language: string; netMinor: number; grossMinor: number }): PgUpdateSetSource<typeof orders> {
  return {
    number: values.number,
    language: values.language,
    orderedAt: sql`now()`,
    contractAcceptedAt: sql`now()`,
    totalNetMinor: values.netMinor,
    amountDueMinor: values.grossMinor,
  };
}
