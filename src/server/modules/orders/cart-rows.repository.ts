import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '#shared/locales.ts';
import type { Db } from '#server/db/client.ts';
import { builtOnce, rowsOf, uuidArray } from '#server/db/statement.ts';
import { orderItems, orders } from '#server/modules/orders/orders.schema.ts';
import { cartStatus, type OrderStatus } from '#shared/orders.ts';

/**
 * SQL of the cart, run by the cart module through the orders service (`cartRows`): the
 * orders module owns the orders and their lines (docs/decisions/058-tables-owned-by-modules.md). The hot calls (reading a cart, adding to it, counting) are written as
 * plain SQL: Drizzle's query builder costs several hundred microseconds per query to
 * build, more than PostgreSQL takes to answer (docs/decisions/006-cart-sql.md).
 */
type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type NewItem = Omit<typeof orderItems.$inferInsert, 'id' | 'createdAt'>;

/** A cart line with what the cart view shows of its product. */
export interface CartLineRow {
  id: string;
  productCode: string;
  paymentFrequency: string;
  quantity: number;
  periodMonths: number | null;
  unitPriceMinor: number;
  status: string;
  tier: string | null;
  translations: Record<string, { title: string; description: string }> | null;
}

export interface CartRow {
  id: string;
  status: string;
  currency: string;
  language: string;
  subscribedAt: Date | string | null;
  items: CartLineRow[];
}

/**
 * A cart row with its version, read in the same statement: the order row's `xmin` (the
 * transaction that wrote it last; every change to a cart's lines updates its order row in
 * the same transaction) and the catalogue's texts' (`catalogueVersion`). An unchanged
 * version means an unchanged cart view (cart.service.ts keeps the views by it).
 */
export interface VersionedCartRow extends CartRow {
  version: string;
}

/**
 * What changes whenever a product or its texts change: each table's row count and newest
 * row version. The catalogue is a few rows, written by the seed; a cart view shows its titles.
 */
const catalogueVersion = sql`(select count(*) || '.' || max(xmin::text::bigint) from products) || '.' || (select count(*) || '.' || max(xmin::text::bigint) from product_translations)`;

/**
 * The `set` of a change to a cart's order row, which locks the row and marks the cart as
 * touched. `updated_at` only tells the abandonment job which carts have been idle for
 * days, so it moves at most once an hour: a change within the hour then writes no indexed
 * column, and PostgreSQL updates the row in place (a HOT update) instead of adding an
 * entry to each of the orders table's indexes (docs/decisions/006-cart-sql.md).
 */
const touchCart = sql`updated_at = case when updated_at < now() - interval '1 hour' then now() else updated_at end`;

export async function insertOrder(db: Db, values: { status: OrderStatus; currency: Currency; language: string }): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned no order');
  return row;
}

/**
 * The JSON array of the lines `i` that `lines` yields (rows of order_items' shape), with
 * what the cart view shows of their products, in cart order.
 */
function cartLinesJson(lines: SQL): SQL {
  return sql`coalesce((
             select json_agg(json_build_object(
                      'id', i.id, 'productCode', i.product_code, 'paymentFrequency', i.payment_frequency,
                      'quantity', i.quantity, 'periodMonths', i.period_months, 'unitPriceMinor', i.unit_price_minor,
                      'status', i.status, 'tier', p.tier,
                      'translations', (select json_object_agg(t.language, json_build_object('title', t.title, 'description', t.description))
                                         from product_translations t where t.product_code = i.product_code))
                    order by i.position)
               from ${lines} left join products p on p.code = i.product_code), '[]'::json)`;
}

const cartById = (deleted: SQL) =>
  builtOnce<{ id: string }>(sql`
    select o.id, o.xmin::text || ':' || ${catalogueVersion} as version, o.status, o.currency, o.language, o.subscribed_at as "subscribedAt",
           ${cartLinesJson(sql`(select * from order_items where order_id = o.id) i`)} as items
      from orders o
     where o.id = ${sql.placeholder('id')} ${deleted}`);
const findCartStatement = cartById(sql`and o.deleted_at is null`);
const findCartIncludingDeletedStatement = cartById(sql``);

/**
 * The order and its lines with their products, in one round trip. A deleted order is
 * unknown, as everywhere the visitor looks; only the back office asks for it (`includeDeleted`).
 */
export async function findCart(db: Db, id: string, options: { includeDeleted?: boolean } = {}): Promise<VersionedCartRow | undefined> {
  const statement = options.includeDeleted ? findCartIncludingDeletedStatement : findCartStatement;
  return rowsOf<VersionedCartRow>(await statement(db, { id }))[0];
}

/**
 * Several orders with their lines, deleted ones too, in one round trip (the billing job's
 * invoices of a batch): the ids as one array parameter, so a thousand of them make one
 * value and one statement text, not a thousand parameters.
 */
export async function findCarts(db: Db, ids: readonly string[]): Promise<CartRow[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select o.id, o.status, o.currency, o.language, o.subscribed_at as "subscribedAt",
           ${cartLinesJson(sql`(select * from order_items where order_id = o.id) i`)} as items
      from orders o
     where o.id = any(${uuidArray(ids)})`);
  return rowsOf<CartRow>(result);
}

const cartVersionStatement = builtOnce<{ id: string }>(
  sql`select xmin::text || ':' || ${catalogueVersion} as version, status from orders where id = ${sql.placeholder('id')} and deleted_at is null`,
);

/** The order row's version and status, by its primary key: what tells whether a kept cart view is still the cart. */
export async function findCartVersion(db: Db, id: string): Promise<Pick<VersionedCartRow, 'version' | 'status'> | undefined> {
  return rowsOf<Pick<VersionedCartRow, 'version' | 'status'>>(await cartVersionStatement(db, { id }))[0];
}

export async function findOrder(db: Db, id: string): Promise<Pick<OrderRow, 'id' | 'status' | 'currency' | 'subscribedAt'> | undefined> {
  const result = await db.execute(
    sql`select id, status, currency, subscribed_at as "subscribedAt" from orders where id = ${id} and deleted_at is null`,
  );
  return rowsOf<Pick<OrderRow, 'id' | 'status' | 'currency' | 'subscribedAt'>>(result)[0];
}

/**
 * Locks the order row until the transaction ends, so changes to one cart queue up here,
 * and marks it as touched. Undefined when there is no such order.
 */
export async function lockOrder(db: Db, id: string): Promise<Pick<OrderRow, 'id' | 'status' | 'currency'> | undefined> {
  const result = await db.execute(sql`
    update orders set ${touchCart} where id = ${id} and deleted_at is null
    returning id, status, currency`);
  return rowsOf<Pick<OrderRow, 'id' | 'status' | 'currency'>>(result)[0];
}

type SeatsLine = { orderId: string; productCode: string; paymentFrequency: string; quantity: number; periodMonths: number | null };

/** The values of an add, as placeholders of a statement built once (`builtOnce`). */
const seatsLine = {
  orderId: sql.placeholder('orderId'),
  productCode: sql.placeholder('productCode'),
  paymentFrequency: sql.placeholder('paymentFrequency'),
  quantity: sql.placeholder('quantity'),
  periodMonths: sql.placeholder('periodMonths'),
};

/**
 * The order row updated (and so locked) for an add, then the line added or raised: a new
 * line, or, when the cart has that product and frequency already, more seats on that line
 * (a removed line comes back with the new seats). Nothing is written when the order is not
 * an open cart or the product is not sold in its currency; `lockedOnlyIf` narrows which
 * order rows are updated. Yields the CTEs `cart` (id, version, status, currency, language,
 * subscribed_at) and `added` (the line's row).
 */
function addSeatsCtes(line: typeof seatsLine, lockedOnlyIf: SQL = sql``): SQL {
  return sql`
    with cart as (
      update orders o set ${touchCart}
       where o.id = ${line.orderId} and o.status = ${cartStatus} ${lockedOnlyIf}
         and exists (
           select 1 from product_prices pp join products p on p.code = pp.product_code
            where pp.product_code = ${line.productCode} and pp.payment_frequency = ${line.paymentFrequency}
              and pp.currency = o.currency and p.active)
      returning o.id, o.xmin::text as version, o.status, o.currency, o.language, o.subscribed_at),
    added as (
      insert into order_items (order_id, product_code, payment_frequency, quantity, period_months, unit_price_minor, status, position)
      select cart.id, pp.product_code, pp.payment_frequency, ${line.quantity}, ${line.periodMonths}, pp.amount_minor, 'ACTIVE',
             (select count(*) from order_items where order_id = cart.id)
        from cart
        join product_prices pp on pp.currency = cart.currency
        join products p on p.code = pp.product_code
       where pp.product_code = ${line.productCode} and pp.payment_frequency = ${line.paymentFrequency} and p.active
      on conflict (order_id, product_code, payment_frequency) do update
         set quantity = case when order_items.status = 'ACTIVE' then order_items.quantity + excluded.quantity else excluded.quantity end,
             status = 'ACTIVE',
             unit_price_minor = excluded.unit_price_minor
      returning id, product_code, payment_frequency, quantity, period_months, unit_price_minor, status, position)`;
}

const addSeatsStatement = builtOnce<SeatsLine>(sql`${addSeatsCtes(seatsLine)} select id, quantity from added`);

/**
 * Adds seats of an offer at the current catalogue price, in one statement
 * (`addSeatsCtes`). The update of the order row locks it: adds to one cart queue up, and
 * an add that waited for a checkout finds the order no longer a cart and adds nothing.
 * ON CONFLICT sees lines committed meanwhile, so no add is lost. No row comes back when
 * nothing was written; a line above 10,000 seats violates `order_items_quantity_range`.
 */
export async function addSeats(db: Db, line: SeatsLine): Promise<{ id: string; quantity: number } | undefined> {
  return rowsOf<{ id: string; quantity: number }>(await addSeatsStatement(db, line))[0];
}

const addSeatsAndReadCartStatement = builtOnce<SeatsLine>(sql`${addSeatsCtes(
  seatsLine,
  sql`and o.deleted_at is null and o.xmin = (select s.xmin from orders s where s.id = ${seatsLine.orderId})`,
)}
    select c.id, c.version || ':' || ${catalogueVersion} as version, c.status, c.currency, c.language, c.subscribed_at as "subscribedAt",
           ${cartLinesJson(sql`(
             select id, product_code, payment_frequency, quantity, period_months, unit_price_minor, status, position
               from order_items where order_id = c.id and id not in (select id from added)
             union all
             select id, product_code, payment_frequency, quantity, period_months, unit_price_minor, status, position from added) i`)} as items
      from cart c
     where exists (select 1 from added)`);

/**
 * `addSeats` and the cart as it is afterwards, in one statement and one round trip.
 *
 * A statement reads the other lines as they were when it started, which is only the cart
 * as it is after the add if nobody changed the cart while this statement waited for its
 * lock. Every change to a cart's lines updates its order row in the same transaction (this
 * module locks the cart that way), so the order row is only updated here while the
 * version this statement started with is still the newest one (same `xmin`). Otherwise
 * nothing is written and nothing comes back: the caller then adds with `addSeats` and
 * reads the cart anew. Also nothing comes back for the reasons `addSeats` adds nothing,
 * and for a deleted order, which the visitor never sees.
 */
export async function addSeatsAndReadCart(db: Db, line: SeatsLine): Promise<VersionedCartRow | undefined> {
  return rowsOf<VersionedCartRow>(await addSeatsAndReadCartStatement(db, line))[0];
}

export async function countActiveItems(db: Db, orderId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from order_items where order_id = ${orderId} and status = 'ACTIVE'`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

export async function findItems(db: Db, orderId: string): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

export async function updateItem(db: Db, id: string, values: Partial<NewItem>): Promise<void> {
  await db.update(orderItems).set(values).where(eq(orderItems.id, id));
}

/**
 * Changes fields of a cart's order row. The caller has locked the cart (`lockOrder`), which
 * already marked it as touched (`touchCart`).
 */
export async function setOrderFields(
  db: Db,
  id: string,
  values: Partial<Pick<OrderRow, 'currency' | 'language' | 'subscriberEmail' | 'subscriber' | 'subscribedAt'>>,
): Promise<void> {
  await db.update(orders).set(values).where(eq(orders.id, id));
}
