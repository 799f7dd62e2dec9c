import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/product/audit-log.md) and its settings.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * One row per staff change, refused staff attempt, sign-in and export, written in the
 * transaction of what it records. Rows are never updated by the app: a trigger of the
 * migration refuses UPDATE unless the transaction declared a pseudonymisation (a person's
 * erasure), and then allows only the personal columns to change. Old rows are pruned after
 * AUDIT_RETENTION_DAYS. Both go through functions of migration 0019; on PostgreSQL with two
 * roles the app's role may only add and read rows (docs/product/audit-log.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's e-mail; 'system' or 'command line' for what no one signed in did; the tried address for a failed sign-in. */
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    outcome: text('outcome').$type<'success' | 'refused' | 'failed'>().notNull(),
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor_at').on(t.actorEmail, t.at),
    index('audit_log_target_at').on(t.targetKind, t.targetId, t.at),
    index('audit_log_action_at').on(t.action, t.at),
    check('audit_log_outcome', sql`${t.outcome} in ('success', 'refused', 'failed')`),
  ],
);

/**
 * The audit log's retention, one row: the pruning function of migration 0019 deletes only
 * rows older than this. Written at start by the role that migrates (src/server/db/client.ts),
 * so on PostgreSQL with two roles the app's role can read it but not shorten it.
 */
export const auditLogSettings = pgTable(
  'audit_log_settings',
  {
    id: integer('id').primaryKey().default(1),
    retentionDays: integer('retention_days').notNull().default(730),
  },
  (t) => [check('audit_log_settings_one_row', sql`${t.id} = 1`), check('audit_log_settings_retention_days', sql`${t.retentionDays} between 1 and 36500`)],
);
