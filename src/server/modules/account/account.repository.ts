import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accountSessions, accountSignInLinks } from './account.schema.ts';

/**
 * The account's tables (account.schema.ts), executor first. Every time comes from the
 * service's clock (`now`), so a test moves it with a fake clock.
 */

/** Stores a mailed link by its token's hash; sweeps the links that expired a day ago or more, so the table stays small. */
export async function insertSignInLink(db: Db, link: { tokenHash: string; email: string; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(accountSignInLinks).where(lt(accountSignInLinks.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await db.insert(accountSignInLinks).values(link);
}

/**
 * Spends a link: marks it used when it is unused and not expired, in one statement (two
 * clicks at once spend it once). Answers its address, or why it opens nothing.
 */
export async function spendSignInLink(db: Db, tokenHash: string, now: Date): Promise<{ email: string } | { refused: 'expired' | 'used' | 'unknown' }> {
  const [spent] = await db
    .update(accountSignInLinks)
    .set({ usedAt: now })
    .where(and(eq(accountSignInLinks.tokenHash, tokenHash), isNull(accountSignInLinks.usedAt), gt(accountSignInLinks.expiresAt, now)))
    .returning({ email: accountSignInLinks.email });
  if (spent) return { email: spent.email };
  const [link] = await db.select({ usedAt: accountSignInLinks.usedAt }).from(accountSignInLinks).where(eq(accountSignInLinks.tokenHash, tokenHash));
  if (!link) return { refused: 'unknown' };
  return { refused: link.usedAt ? 'used' : 'expired' };
}

export async function insertSession(db: Db, session: { idHash: string; email: string }, now: Date): Promise<void> {
  await db.insert(accountSessions).values({ ...session, createdAt: now, lastSeenAt: now });
}

/**
 * The address of a session that has not ended and was used since `idleSince`; refreshes
 * its `last_seen_at` (at most once a minute, sparing a write per request).
 */
export async function findSession(db: Db, idHash: string, idleSince: Date, now: Date): Promise<{ email: string } | undefined> {
  const [row] = await db
    .select({ email: accountSessions.email, lastSeenAt: accountSessions.lastSeenAt })
    .from(accountSessions)
    .where(and(eq(accountSessions.idHash, idHash), isNull(accountSessions.endedAt), gt(accountSessions.lastSeenAt, idleSince)));
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(accountSessions).set({ lastSeenAt: now }).where(eq(accountSessions.idHash, idHash));
  }
  return { email: row.email };
}

/** Ends a session (sign-out); sweeps the sessions that ended or went idle before `idleSince`. */
export async function endSession(db: Db, idHash: string, idleSince: Date, now: Date): Promise<void> {
  await db.update(accountSessions).set({ endedAt: now }).where(and(eq(accountSessions.idHash, idHash), isNull(accountSessions.endedAt)));
  await db.delete(accountSessions).where(or(lt(accountSessions.lastSeenAt, idleSince), lt(accountSessions.endedAt, idleSince)));
}
