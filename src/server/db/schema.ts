import { sql } from 'drizzle-orm';
import type { OrderAction, OrderStatus } from '#shared/orders.ts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema, one file for PGlite and PostgreSQL alike. After a change run
 * `npm run db:generate`: drizzle-kit writes the next SQL migration into ./migrations,
 * which the server applies at start.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- catalogue (DESIGN.md §3): translated content in *_translations rows -------------

export const products = pgTable('products', {
  code: text('code').primaryKey(),
  tier: text('tier').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const productTranslations = pgTable(
  'product_translations',
  {
    productCode: text('product_code').notNull().references(() => products.code, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.language] })],
);

export const productPrices = pgTable(
  'product_prices',
  {
    productCode: text('product_code').notNull().references(() => products.code, { onDelete: 'cascade' }),
    paymentFrequency: text('payment_frequency').notNull(),
    currency: text('currency').notNull(),
    /** Net per seat (ONE_TIME) or per seat and month (MONTHLY), minor units. */
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productCode, t.paymentFrequency, t.currency] }),
    check('product_prices_amount_positive', sql`${t.amountMinor} >= 0`),
  ],
);

// ---- marketing content ---------------------------------------------------------------

export const newsletterTopics = pgTable('newsletter_topics', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
});

export const webinars = pgTable('webinars', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  language: text('language').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  link: text('link').notNull(),
  createdAt: createdAt(),
});

export const downloadables = pgTable('downloadables', {
  code: text('code').primaryKey(),
  fileName: text('file_name').notNull(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
});

// ---- people --------------------------------------------------------------------------

export const adminUsers = pgTable('admin_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    gender: text('gender'),
    companyName: text('company_name'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    role: text('role'),
    experienceLevel: text('experience_level'),
    topicIds: jsonb('topic_ids').$type<string[]>().notNull().default([]),
    preferredLanguage: text('preferred_language').notNull(),
    /** Unguessable token of the preferences link (SPEC §2 /newsletter/{token}/). */
    token: text('token').notNull().unique(),
    subscribedAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
);

// ---- anti-robot ----------------------------------------------------------------------

/** Every accepted captcha solution, kept until its puzzle expires, so it works once. */
export const captchaReplays = pgTable(
  'captcha_replays',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_replays_expires_at').on(t.expiresAt)],
);

// ---- orders and carts (DESIGN.md §3, §4) ---------------------------------------------

/**
 * One row per order; while `status` is SHOPPING_CART it is the visitor's cart. The id is
 * a random UUID and is the only key to the cart (it sits in the shopping_cart cookie).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    /** Who saved the cart by e-mail (SPEC §1), with the form's other answers. */
    subscriberEmail: text('subscriber_email'),
    subscriber: jsonb('subscriber').$type<Record<string, unknown>>(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    /** What the checkout steps saved: company, address, invoice address, contact, step. */
    invoiceInfo: jsonb('invoice_info').$type<Record<string, unknown>>(),
    /** Set by checkout (BUY): the human-readable number, `2026-000123`. */
    number: text('number').unique(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_status_updated_at').on(t.status, t.updatedAt)],
);

/** Every transition of the order state machine (DESIGN.md §4), for audit and tracking. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').$type<OrderAction>().notNull(),
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
    status: text('status').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_id').on(t.orderId),
    // One line per product and frequency: adding again raises that line (ON CONFLICT).
    uniqueIndex('order_items_one_line_per_offer').on(t.orderId, t.productCode, t.paymentFrequency),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 10000`),
    check('order_items_period_range', sql`${t.periodMonths} is null or ${t.periodMonths} between 1 and 36`),
  ],
);

// ---- e-mail outbox (DESIGN.md §1) ----------------------------------------------------

/**
 * Mails to send, written in the same transaction as the change that causes them. Most
 * are composed when queued (`raw`); a mail with a costly attachment (the invoice PDF) is
 * queued by `kind` and `payload` and composed once by the worker, which then keeps `raw`
 * so a retry sends the same bytes.
 * A worker claims due rows with FOR UPDATE SKIP LOCKED and a lease (`claimedUntil`):
 * a worker that dies after claiming leaves the row to be claimed again when the lease
 * runs out.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The RFC 822 text; null until the worker composes a mail queued by `kind`. */
    raw: text('raw'),
    /** For mails composed at delivery (their attachments are costly to make): which composer, with what. */
    kind: text('kind'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
