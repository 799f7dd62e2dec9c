import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';

/**
 * The buyer's account (docs/product/account.md, docs/decisions/070-buyer-account.md): the
 * sign-in links mailed to an address and the sessions they start. Owned by this module;
 * no foreign key to the orders: a session names an address, and the orders of that
 * address are asked of the orders service when they are listed. Both tables keep only a
 * SHA-256 of the secret the mail or the cookie holds, so a copy of them opens nothing.
 * Times are written by the service (not `now()`), so tests move them with a fake clock.
 */

/** A mailed sign-in link: valid until `expires_at`, usable once (`used_at`). */
export const accountSignInLinks = pgTable(
  'account_sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The address the link was mailed to, lower-cased and trimmed. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_sign_in_links_expires_at').on(t.expiresAt)],
);

/** A buyer's session: ends after 30 days without a request, or at sign-out. Separate from staff sessions. */
export const accountSessions = pgTable(
  'account_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** The address whose orders the session may see, lower-cased and trimmed. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('account_sessions_email').on(t.email)],
);
