import { sql } from 'drizzle-orm';
import type { Currency } from '#shared/locales.ts';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The catalogue: products, their translated content in *_translations rows and their prices.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

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
    currency: text('currency').$type<Currency>().notNull(),
    /** Net per seat (ONE_TIME) or per seat and month (MONTHLY), minor units. */
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productCode, t.paymentFrequency, t.currency] }),
    check('product_prices_amount_positive', sql`${t.amountMinor} >= 0`),
  ],
);
