import { asc, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { newsletterSubscribers, newsletterTopics } from '#server/db/schema.ts';

/** The columns a subscription sets; undefined optional values leave a stored value alone. */
export interface SubscriberData {
  email: string;
  firstName: string;
  lastName: string | undefined;
  gender: string | undefined;
  companyName: string | undefined;
  phoneCountryCode: string | undefined;
  phoneNumber: string | undefined;
  role: string | undefined;
  experienceLevel: string | undefined;
  topicIds: string[] | undefined;
  preferredLanguage: string;
}

export interface TopicRow {
  id: string;
  titles: Record<string, string>;
}

const t = newsletterSubscribers;

/** On a second subscription, a value the form did not send keeps the stored one. */
const keepUnlessGiven = (column: AnyPgColumn) => sql`coalesce(excluded.${sql.identifier(column.name)}, ${column})`;

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

/**
 * Inserts the subscriber, or updates the one with this e-mail address in the same
 * statement (no race between two submissions). The token of an existing subscriber is
 * kept so that links already sent keep working; a returning subscriber who had
 * unsubscribed is subscribed again.
 */
export async function upsertSubscriber(db: Db, data: SubscriberData, newToken: string): Promise<{ id: string; token: string }> {
  const [row] = await db
    .insert(t)
    .values({ ...data, topicIds: data.topicIds ?? [], token: newToken })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        firstName: sql`excluded.first_name`,
        preferredLanguage: sql`excluded.preferred_language`,
        lastName: keepUnlessGiven(t.lastName),
        gender: keepUnlessGiven(t.gender),
        companyName: keepUnlessGiven(t.companyName),
        phoneCountryCode: keepUnlessGiven(t.phoneCountryCode),
        phoneNumber: keepUnlessGiven(t.phoneNumber),
        role: keepUnlessGiven(t.role),
        experienceLevel: keepUnlessGiven(t.experienceLevel),
        ...(data.topicIds === undefined ? {} : { topicIds: sql`excluded.topic_ids` }),
        subscribedAt: sql`case when ${t.unsubscribedAt} is null then ${t.subscribedAt} else now() end`,
        unsubscribedAt: sql`null`,
      },
    })
    .returning({ id: t.id, token: t.token });
  if (!row) throw new Error('upsert returned no row');
  return row;
}
