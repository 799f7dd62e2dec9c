import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contactMessages } from '#server/modules/messages/messages.schema.ts';
import type { MessageFilter } from '#shared/schemas/messages.ts';

const t = contactMessages;

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'receivedAt' | 'readAt' | 'archivedAt'>;

/** A row of the list: the message's text only as its first `previewLength` characters. */
export type ListedMessageRow = Omit<ContactMessageRow, 'message' | 'phoneCountryCode' | 'phoneNumber' | 'language' | 'contactId'> & { preview: string };

/** Unread and in the inbox: the condition of the `contact_messages_unread` index. */
const unread = and(isNull(t.readAt), isNull(t.archivedAt));

/**
 * The views. ARCHIVED is written as the `contact_messages_inbox` index's expression
 * (`archived_at is not null` would not be matched to it), so its pages are read in order.
 */
const filters: Record<MessageFilter, SQL | undefined> = {
  INBOX: isNull(t.archivedAt),
  UNREAD: unread,
  ARCHIVED: sql`(${t.archivedAt} is null) is false`,
};

export async function insertMessage(db: Db, values: NewContactMessage): Promise<ContactMessageRow> {
  const [row] = await db.insert(t).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** One page of a view, newest first (ties: the id, so pages never overlap), and the view's size. */
export async function listMessages(
  db: Db,
  filter: MessageFilter,
  page: { limit: number; offset: number; previewLength: number },
): Promise<{ rows: ListedMessageRow[]; total: number }> {
  const where = filters[filter];
  const rows = await db
    .select({
      id: t.id,
      receivedAt: t.receivedAt,
      firstName: t.firstName,
      lastName: t.lastName,
      email: t.email,
      company: t.company,
      recipient: t.recipient,
      subject: t.subject,
      // In SQL: `left` counts characters, and the rest of a long text stays in the database.
      preview: sql<string>`left(${t.message}, ${page.previewLength})`,
      readAt: t.readAt,
      archivedAt: t.archivedAt,
    })
    .from(t)
    .where(where)
    .orderBy(desc(t.receivedAt), desc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function countUnread(db: Db): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(t).where(unread);
  return counted?.n ?? 0;
}

/** The latest unread messages of the inbox, newest first. */
export async function latestUnread(db: Db, limit: number): Promise<Pick<ContactMessageRow, 'id' | 'receivedAt' | 'firstName' | 'lastName' | 'subject'>[]> {
  return db
    .select({ id: t.id, receivedAt: t.receivedAt, firstName: t.firstName, lastName: t.lastName, subject: t.subject })
    .from(t)
    .where(unread)
    .orderBy(desc(t.receivedAt), desc(t.id))
    .limit(limit);
}

/** Marks the message read (keeping the time of the first reading) and returns it; undefined when there is none. */
export async function markRead(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ readAt: sql`coalesce(${t.readAt}, now())` })
    .where(eq(t.id, id))
    .returning();
  return row;
}

export async function findMessage(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

export async function markUnread(db: Db, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.update(t).set({ readAt: null }).where(eq(t.id, id)).returning();
  return row;
}

/** Archives the message (keeping the time it was first archived) or moves it back to the inbox. */
export async function setArchived(db: Db, id: string, archived: boolean): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ archivedAt: archived ? sql`coalesce(${t.archivedAt}, now())` : null })
    .where(eq(t.id, id))
    .returning();
  return row;
}

// ---- a contact's part of what is stored about them ----------------------------------------

/** The contact's messages, oldest first. */
export async function listMessagesOfContact(db: Db, contactId: string): Promise<ContactMessageRow[]> {
  return db.select().from(t).where(eq(t.contactId, contactId)).orderBy(asc(t.receivedAt));
}

export async function deleteMessagesOfContact(db: Db, contactId: string): Promise<void> {
  await db.delete(t).where(eq(t.contactId, contactId));
}
