import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { invoices } from '#server/modules/invoices/invoices.schema.ts';
import { orders } from '#server/modules/orders/orders.schema.ts';

/**
 * The payments staff recorded against an order. A file of its own because a payment names the invoice it pays: the invoices' schema names the order, so keeping this table out of orders.schema.ts keeps the schema files free of import cycles.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/** A payment staff recorded against an order (PAY); a partial payment keeps the status. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    paidOn: date('paid_on').notNull(),
    /** The staff member's e-mail. */
    recordedBy: text('recorded_by').notNull(),
    /** The invoice it pays (the oldest open one unless staff chose). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_payments_order_id').on(t.orderId), check('order_payments_amount_positive', sql`${t.amountMinor} > 0`)],
);
