import { and, asc, desc, eq, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { webinarSubscriptions, webinars } from '#server/modules/webinars/webinars.schema.ts';
import type { Language } from '#shared/locales.ts';

const w = webinars;
const s = webinarSubscriptions;

export type WebinarRow = typeof webinars.$inferSelect;
/** What staff enter for a webinar. */
export type WebinarValues = Pick<typeof webinars.$inferInsert, 'code' | 'language' | 'title' | 'description' | 'startsAt' | 'durationMinutes' | 'link'>;
export type WebinarWithCount = WebinarRow & { subscriberCount: number };

/** A subscription with the person it belongs to, as the back office and the mails need it. */
export interface SubscriberRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  companyName: string | null;
  role: string | null;
  language: string;
  subscribedAt: Date;
}

/** A column named with its table: a query of one table writes its columns bare, which in a subquery would mean the inner table's. */
const qualified = (table: typeof w | typeof s, column: { name: string }) => sql`${table}.${sql.identifier(column.name)}`;

/** The webinar's subscriptions, counted in SQL beside each row (a subquery: the row may be locked FOR UPDATE, which a GROUP BY forbids). */
const subscriberCount = sql<number>`(select count(*)::int from ${s} where ${qualified(s, s.webinarId)} = ${qualified(w, w.id)})`.mapWith(Number);

const notDeleted = isNull(w.deletedAt);

/**
 * Which webinars a list shows, as of `now`: the upcoming ones (not started yet), soonest
 * first; the past ones (started), latest first; all of them, latest first. Deleted ones never.
 */
export type WebinarPeriod = 'UPCOMING' | 'PAST' | 'ALL';

export async function listWebinars(
  db: Db,
  criteria: { period: WebinarPeriod; now: Date; language?: Language | undefined; limit?: number | undefined },
): Promise<WebinarWithCount[]> {
  const { period, now, language, limit } = criteria;
  const conditions: (SQL | undefined)[] = [
    notDeleted,
    period === 'UPCOMING' ? gt(w.startsAt, now) : period === 'PAST' ? lte(w.startsAt, now) : undefined,
    language ? eq(w.language, language) : undefined,
  ];
  const query = db
    .select({ webinar: w, subscriberCount })
    .from(w)
    .where(and(...conditions))
    .orderBy(...(period === 'UPCOMING' ? [asc(w.startsAt), asc(w.id)] : [desc(w.startsAt), desc(w.id)]));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row.webinar, subscriberCount: row.subscriberCount }));
}

/**
 * A webinar that is not deleted, with its subscriber count. `lock`: `update` for a change
 * of the webinar (PUT, DELETE), `share` for a sign-up, so that a sign-up and a change of
 * the same webinar wait for each other: a subscriber either is told of the change or
 * signs up to the changed webinar.
 */
export async function findWebinar(db: Db, id: string, lock?: 'update' | 'share'): Promise<WebinarWithCount | undefined> {
  const query = db.select({ webinar: w, subscriberCount }).from(w).where(and(eq(w.id, id), notDeleted));
  const [row] = lock ? await query.for(lock) : await query;
  return row ? { ...row.webinar, subscriberCount: row.subscriberCount } : undefined;
}

/** Whether another webinar that is not deleted has this code, whatever its case. */
export async function codeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: w.id })
    .from(w)
    .where(and(notDeleted, sql`lower(${w.code}) = lower(${code})`, exceptId ? ne(w.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertWebinar(db: Db, values: WebinarValues): Promise<WebinarRow> {
  const [row] = await db.insert(w).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateWebinar(db: Db, id: string, values: WebinarValues & { sequence: number }): Promise<WebinarRow> {
  const [row] = await db
    .update(w)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(w.id, id))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Marks the webinar deleted (its code is free again) with the sequence its cancellation carries. */
export async function softDeleteWebinar(db: Db, id: string, sequence: number): Promise<void> {
  await db
    .update(w)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, sequence })
    .where(eq(w.id, id));
}

/**
 * Signs the contact up, or keeps their sign-up (its id and time) when they signed up
 * before, taking the language of the latest sign-up for the mails. Returns its id.
 */
export async function upsertSubscription(db: Db, values: { webinarId: string; contactId: string; language: Language }): Promise<string> {
  const [row] = await db
    .insert(s)
    .values(values)
    .onConflictDoUpdate({ target: [s.webinarId, s.contactId], set: { language: sql`excluded.language` } })
    .returning({ id: s.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

/** The webinar's sign-ups, in order of sign-up; who they are is the contacts module's. */
export async function listSignUps(db: Db, webinarId: string): Promise<{ id: string; contactId: string; language: string; subscribedAt: Date }[]> {
  return db
    .select({ id: s.id, contactId: s.contactId, language: s.language, subscribedAt: s.createdAt })
    .from(s)
    .where(eq(s.webinarId, webinarId))
    .orderBy(asc(s.createdAt), asc(s.id));
}

// ---- a contact's part of what is stored about them ----------------------------------------

/** The contact's sign-ups with their webinar, oldest first. */
export async function listSignUpsOfContact(db: Db, contactId: string) {
  return db
    .select({
      id: s.id,
      language: s.language,
      createdAt: s.createdAt,
      webinar: { id: w.id, code: w.code, title: w.title, startsAt: w.startsAt },
    })
    .from(s)
    .innerJoin(w, eq(w.id, s.webinarId))
    .where(eq(s.contactId, contactId))
    .orderBy(asc(s.createdAt));
}

export async function deleteSignUpsOfContact(db: Db, contactId: string): Promise<void> {
  await db.delete(s).where(eq(s.contactId, contactId));
}
