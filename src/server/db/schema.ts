import { sql } from 'drizzle-orm';
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
