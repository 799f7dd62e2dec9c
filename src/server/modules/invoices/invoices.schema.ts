import { sql } from 'drizzle-orm';
import type { Currency } from '#shared/locales.ts';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from '#server/db/columns.ts';
import { orders } from '#server/modules/orders/orders.schema.ts';

/**
 * Invoices and credit notes (docs/product/billing.md) and their numbers.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * An issued invoice or credit note. The first invoice is issued by INVOICE, each further
 * period of a monthly plan by the billing job; `billing_key` makes it one per order and
 * period (`first`, the period's first day, or `credit:<invoice id>`), so two copies of the
 * job, a retry or a restart cannot issue a second. What is printed is frozen in `document`
 * at issue and the PDF kept in `pdf` once rendered: an issued invoice never changes, a
 * correction is a credit note (`credits_invoice_id`). Amounts in minor units.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'INVOICE' | 'CREDIT_NOTE'>().notNull().default('INVOICE'),
    billingKey: text('billing_key').notNull(),
    /** `INV-2026-000123` (credit notes `CN-…`), one counter per year for both. */
    number: text('number').notNull().unique(),
    /** The 27-digit QR reference made from the number (src/server/modules/invoices/qr-bill.ts). */
    qrReference: text('qr_reference').notNull(),
    /** The period billed, ISO days, end excluded; null for the first invoice (its period starts with the payment). */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    language: text('language').notNull(),
    netMinor: integer('net_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    /** Hundredths of a percent: 810 is 8.1 %. */
    vatRateBasisPoints: integer('vat_rate_bp').notNull(),
    paidMinor: integer('paid_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** What credit notes took off this invoice (minor units, gross); a credit note's own is 0. */
    creditedMinor: integer('credited_minor').notNull().default(0),
    /** OPEN, PAID or CANCELED; OVERDUE is an OPEN one past its due day (read, not stored). */
    /** A credit note is ISSUED; an invoice credited in full is CANCELED. */
    status: text('status').$type<'OPEN' | 'PAID' | 'CANCELED' | 'ISSUED'>().notNull().default('OPEN'),
    creditsInvoiceId: uuid('credits_invoice_id'),
    /**
     * The reminder level reached (0 to the number of reminder days; after downtime a level
     * may be skipped); the last one flags the order overdue. Each reminder recorded is a
     * row of `invoice_reminders`.
     */
    remindersSent: integer('reminders_sent').notNull().default(0),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_once_per_period').on(t.orderId, t.billingKey),
    index('invoices_open_due').on(t.dueOn).where(sql`${t.status} = 'OPEN'`),
    // The open invoices of one billing contact, which a reminder statement lists (billing-reminders.service.ts).
    index('invoices_open_billing_contact')
      .on(sql`lower(${t.document}->'buyer'->>'email')`)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

/**
 * Each reminder level an invoice reached, once (`invoice_reminders_once`): the day, and
 * whether the statement that carried it was mailed (not to a demo order, nor without an
 * address; the address is the one printed on the invoice). What a reminder's text says
 * went before, and what the order page counts as sent, is read from here
 * (docs/decisions/063-reminder-statements.md).
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The run's day; null for a reminder recorded before this table, whose day is unknown. */
    sentOn: date('sent_on'),
    mailed: boolean('mailed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoice_reminders_once').on(t.invoiceId, t.level)],
);

/** The last invoice number given out per year. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
