import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limit's counters.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * Requests per client address and time window of a limited group of calls (the forms that
 * send mail), owned by src/server/plugins/rate-limit.ts. In the database, so that every
 * copy of the app counts the same requests.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    scope: text('scope').notNull(),
    clientAddress: text('client_address').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.scope, t.clientAddress, t.windowStart] }), index('rate_limit_counters_window').on(t.windowStart)],
);
