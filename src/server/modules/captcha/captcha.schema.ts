import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The captcha replay records.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/** Every accepted captcha solution, kept until its puzzle expires, so it works once. */
export const captchaReplays = pgTable(
  'captcha_replays',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_replays_expires_at').on(t.expiresAt)],
);
