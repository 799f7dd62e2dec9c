import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { orders } from '#server/modules/orders/orders.schema.ts';

/**
 * The e-mail outbox (docs/decisions/005-mail-outbox.md).
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

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
    /** The order a mail is about, so the back office shows it in the order's timeline. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`), index('outbox_order_id').on(t.orderId)],
);
