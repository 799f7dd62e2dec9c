import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { newsletterSubscriptions, newsletterTokens, newsletterTopics } from '#server/modules/newsletter/newsletter.schema.ts';
import type { NewsletterStatus } from '#shared/schemas/newsletter.ts';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

export interface TopicRow {
  id: string;
  titles: Record<string, string>;
}

const s = newsletterSubscriptions;
const tokens = newsletterTokens;

export async function listTopics(db: Db): Promise<TopicRow[]> {
  return db
    .select({ id: newsletterTopics.id, titles: newsletterTopics.titles })
    .from(newsletterTopics)
    .orderBy(asc(newsletterTopics.position), asc(newsletterTopics.id));
}

/** The ids among `ids` that name a topic. */
export async function findExistingTopicIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: newsletterTopics.id })
    .from(newsletterTopics)
    .where(inArray(newsletterTopics.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The contact's subscription, locked until the transaction ends (two requests for one address wait for each other). */
export async function lockSubscription(db: Db, contactId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(s).where(eq(s.contactId, contactId)).for('update');
  return row;
}

export async function findSubscription(db: Db, contactId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(s).where(eq(s.contactId, contactId));
  return row;
}

/**
 * Records a request: a new subscription, or an existing one that is not confirmed made
 * PENDING again. The request's topics fill an empty choice only, as a form fills a
 * contact's empty fields. A confirmed subscription is left as it is.
 */
export async function upsertPending(db: Db, values: { contactId: string; source: string; topicIds: string[] }): Promise<void> {
  await db
    .insert(s)
    .values({ ...values, status: 'PENDING' })
    .onConflictDoUpdate({
      target: s.contactId,
      set: {
        status: 'PENDING',
        source: sql`excluded.source`,
        requestedAt: sql`now()`,
        topicIds: sql`case when cardinality(${s.topicIds}) = 0 then excluded.topic_ids else ${s.topicIds} end`,
        updatedAt: sql`now()`,
      },
      setWhere: ne(s.status, 'CONFIRMED'),
    });
}

/**
 * Takes the contact's mail slot: true (and the time noted) when no mail of the double
 * opt-in went to them in the last `seconds`, else false. Atomic, so two requests at once
 * send one mail.
 */
export async function claimMailSlot(db: Db, contactId: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ lastMailAt: sql`now()` })
    .where(and(eq(s.contactId, contactId), or(sql`${s.lastMailAt} is null`, lte(s.lastMailAt, sql`now() - make_interval(secs => ${seconds})`))))
    .returning({ contactId: s.contactId });
  return rows.length > 0;
}

export async function setStatus(db: Db, contactId: string, status: NewsletterStatus): Promise<void> {
  const times: Record<NewsletterStatus, Partial<Record<'confirmedAt' | 'unsubscribedAt', SQL | null>>> = {
    PENDING: {},
    CONFIRMED: { confirmedAt: sql`now()`, unsubscribedAt: null },
    UNSUBSCRIBED: { unsubscribedAt: sql`now()` },
  };
  await db
    .update(s)
    .set({ status, ...times[status], updatedAt: sql`now()` })
    .where(eq(s.contactId, contactId));
}

export async function setTopics(db: Db, contactId: string, topicIds: string[]): Promise<void> {
  await db.update(s).set({ topicIds, updatedAt: sql`now()` }).where(eq(s.contactId, contactId));
}

// ---- the links' tokens -------------------------------------------------------------------

/** Stores tokens (their hashes); `validSeconds` null: no expiry. */
export async function insertTokens(db: Db, rows: { tokenHash: string; contactId: string; validSeconds: number | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(tokens).values(
    rows.map((row) => ({
      tokenHash: row.tokenHash,
      contactId: row.contactId,
      expiresAt: row.validSeconds === null ? null : sql`now() + make_interval(secs => ${row.validSeconds})`,
    })),
  );
}

/** The subscription of a token that works: unknown or expired ones find nothing. `lock`: for a change. */
export async function findByToken(db: Db, tokenHash: string, lock: boolean): Promise<SubscriptionRow | undefined> {
  const query = db
    .select({ subscription: s })
    .from(tokens)
    .innerJoin(s, eq(s.contactId, tokens.contactId))
    .where(and(eq(tokens.tokenHash, tokenHash), or(sql`${tokens.expiresAt} is null`, sql`${tokens.expiresAt} > now()`)));
  const [row] = await (lock ? query.for('update', { of: s }) : query);
  return row?.subscription;
}

/** At confirmation: the contact's links that still work keep working; expired ones are removed. */
export async function keepTokens(db: Db, contactId: string): Promise<void> {
  await deleteExpiredTokens(db, contactId);
  await db
    .update(tokens)
    .set({ expiresAt: null })
    .where(and(eq(tokens.contactId, contactId), isNotNull(tokens.expiresAt)));
}

export async function deleteExpiredTokens(db: Db, contactId: string): Promise<void> {
  await db.delete(tokens).where(and(eq(tokens.contactId, contactId), lte(tokens.expiresAt, sql`now()`)));
}

// ---- a contact's part of what is stored about them ----------------------------------------

/** The subscription status of each of the contacts that has a subscription. */
export async function statusesOf(db: Db, contactIds: string[]): Promise<Map<string, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db.select({ contactId: s.contactId, status: s.status }).from(s).where(inArray(s.contactId, contactIds));
  return new Map(rows.map((row) => [row.contactId, row.status]));
}

/** Deletes the contact's subscription and, through ON DELETE CASCADE, its links. */
export async function deleteSubscriptionOf(db: Db, contactId: string): Promise<void> {
  await db.delete(s).where(eq(s.contactId, contactId));
}
