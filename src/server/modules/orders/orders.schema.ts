import { sql } from 'drizzle-orm';
import type { Currency } from '#shared/locales.ts';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderStatuses, type HistoryAction, type OrderStatus } from '#shared/orders.ts';
import { createdAt } from '#server/db/columns.ts';
import { foldedSql } from '#server/db/folded-text.ts';
import { products } from '#server/modules/catalog/catalog.schema.ts';
import { staffMembers } from '#server/modules/staff/staff.schema.ts';

/**
 * Orders and carts (docs/product/order-lifecycle.md): the order, its lines, history, notes, numbers, and the back office's saved views of the orders table.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * One row per order; while `status` is SHOPPING_CART it is the visitor's cart. The id is
 * a random UUID and is the only key to the cart (it sits in the shopping_cart cookie).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    language: text('language').notNull(),
    /** Who saved the cart by e-mail (docs/product/forms.md), with the form's other answers. */
    subscriberEmail: text('subscriber_email'),
    subscriber: jsonb('subscriber').$type<Record<string, unknown>>(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    /** What the checkout steps saved: company, address, invoice address, contact, step. */
    invoiceInfo: jsonb('invoice_info').$type<Record<string, unknown>>(),
    /** Set by checkout (BUY): the human-readable number, `2026-000123`. */
    number: text('number').unique(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** When the buyer agreed to the legal texts (at BUY). */
    contractAcceptedAt: timestamp('contract_accepted_at', { withTimezone: true }),
    /** Net total excluding VAT at BUY, minor units: what the orders table lists and sorts by. */
    totalNetMinor: integer('total_net_minor'),
    /** What fell due at purchase, minor units: the gross total incl. VAT (renewals add theirs in the history). */
    amountDueMinor: integer('amount_due_minor'),
    /** What credit notes took off what fell due (minor units, gross). */
    creditedMinor: integer('credited_minor').notNull().default(0),
    /** The first day the seats can be used (set when work starts). */
    availableFrom: date('available_from'),
    /** Who canceled or terminated (a staff e-mail), and from which day a termination takes effect. */
    canceledBy: text('canceled_by'),
    terminatedBy: text('terminated_by'),
    terminatedFrom: date('terminated_from'),
    /** A promised refund (cancel-refund, termination) and its payout (archive-refund). */
    refund: boolean('refund').notNull().default(false),
    refundAmountMinor: integer('refund_amount_minor'),
    refunded: boolean('refunded').notNull().default(false),
    refundedDate: date('refunded_date'),
    /** Set by DELETE: the order stays for audit but no list shows it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A demo order of a first start (src/server/modules/demo/): billing issues its invoices
     * and reminder steps like any other's, but mails none of them (its addresses are invented).
     */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the orders table's one search box looks in, lower-cased and without accents (folded-text.ts): the number, the company,
     * the contact's name and e-mail. Kept by the database, indexed by trigrams, so a part
     * of any of them is found without reading every order.
     */
    searchText: text('search_text').generatedAlwaysAs(
      foldedSql(
        sql`coalesce(number, '') || ' ' || coalesce(invoice_info->'company'->>'name', '') || ' ' || coalesce(invoice_info->'contact'->>'firstName', '') || ' ' || coalesce(invoice_info->'contact'->>'lastName', '') || ' ' || coalesce(invoice_info->'contact'->>'email', '')`,
      ),
    ),
    /**
     * The buyer's company as the invoice info names it, kept by the database: the orders
     * table filters and sorts by it without reading the JSON of every order (decision 083).
     */
    companyName: text('company_name').generatedAlwaysAs(sql`invoice_info->'company'->>'name'`),
    /** The status's place in the lifecycle (orderStatuses), the orders table's default order. */
    statusRank: smallint('status_rank').generatedAlwaysAs(sql.raw(`case status ${orderStatuses.map((status, index) => `when '${status}' then ${index}`).join(' ')} end`)),
  },
  (t) => [
    index('orders_status_updated_at').on(t.status, t.updatedAt),
    // The work queue: by status in lifecycle order, newest first within a status.
    index('orders_queue').on(t.statusRank, t.orderedAt.desc().nullsLast(), t.id).where(sql`${t.deletedAt} is null`),
    index('orders_search').using('gin', t.searchText.op('gin_trgm_ops')),
    // The work queue with the search text beside each entry: a page of a search word many
    // orders hold is read from this index alone, stopping after the page (decision 051).
    index('orders_queue_search').on(t.statusRank, t.orderedAt.desc().nullsLast(), t.id, t.searchText).where(sql`${t.deletedAt} is null`),
    // The orders table filters by status and sorts by the date received (and the other columns).
    index('orders_status_ordered_at').on(t.status, t.orderedAt),
    index('orders_ordered_at').on(t.orderedAt),
    // Sorted by company (upwards), a page is read from here and stops after it (decision 083).
    index('orders_company').on(sql`lower(${t.companyName})`, t.orderedAt, t.id).where(sql`${t.deletedAt} is null`),
  ],
);

/** Every transition of the order state machine (docs/product/order-lifecycle.md), for audit and tracking. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').$type<HistoryAction>().notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** Who: 'visitor', 'system' or an admin user's e-mail. */
    actor: text('actor').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_id').on(t.orderId, t.at)],
);

/** The last order number given out per year; incremented under a row lock at checkout. */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull().references(() => products.code),
    paymentFrequency: text('payment_frequency').notNull(),
    quantity: integer('quantity').notNull(),
    /** MONTHLY only: the minimum term in months (1–36, default 12). */
    periodMonths: integer('period_months'),
    /** Net seat price (per month for MONTHLY) in the order currency, minor units. */
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /**
     * MONTHLY only: fewer seats asked for, in force from `pendingFrom` (the next period's
     * first day), which the billing job makes the line's quantity when it bills that
     * period (docs/decisions/072-seat-changes.md). Null: no change pending.
     */
    pendingQuantity: integer('pending_quantity'),
    pendingFrom: date('pending_from'),
    status: text('status').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_id').on(t.orderId),
    // One line per product and frequency: adding again raises that line (ON CONFLICT).
    uniqueIndex('order_items_one_line_per_offer').on(t.orderId, t.productCode, t.paymentFrequency),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 10000`),
    check('order_items_pending_quantity_range', sql`${t.pendingQuantity} is null or ${t.pendingQuantity} between 1 and 10000`),
    check('order_items_period_range', sql`${t.periodMonths} is null or ${t.periodMonths} between 1 and 36`),
  ],
);

/** A note staff added to an order; shown in its timeline beside the history. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_id').on(t.orderId, t.at)],
);

/** A saved view of the orders table (filter, sort, columns), for its owner or for the whole team. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    view: jsonb('view').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_views_owner_id').on(t.ownerId)],
);
