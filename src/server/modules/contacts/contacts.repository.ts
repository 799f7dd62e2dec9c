import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { foldText, foldedSql } from '#server/db/folded-text.ts';
import { consents, contacts, deletionRequests } from '#server/modules/contacts/contacts.schema.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactDetails = Omit<typeof contacts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewConsent = Omit<typeof consents.$inferInsert, 'id' | 'createdAt'>;
export type ConsentRow = typeof consents.$inferSelect;

/** `coalesce(stored, given)`: a field already set stays as it is; an empty one is filled. */
const keepStored = (column: string) => sql.raw(`coalesce("contacts"."${column}", excluded."${column}")`);

/**
 * Creates the contact of `details.email` (already lower-cased) or fills the empty fields of
 * the existing one, and returns its id. One statement, so two forms sent at once by the
 * same person cannot create two contacts.
 */
export async function upsertFillingGaps(db: Db, details: ContactDetails): Promise<string> {
  const [row] = await db
    .insert(contacts)
    .values(details)
    .onConflictDoUpdate({
      target: contacts.email,
      set: {
        firstName: keepStored('first_name'),
        lastName: keepStored('last_name'),
        gender: keepStored('gender'),
        companyName: keepStored('company_name'),
        phoneCountryCode: keepStored('phone_country_code'),
        phoneNumber: keepStored('phone_number'),
        role: keepStored('role'),
        experienceLevel: keepStored('experience_level'),
        preferredLanguage: keepStored('preferred_language'),
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: contacts.id });
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function insertConsents(db: Db, rows: NewConsent[]): Promise<void> {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

export async function findContactById(db: Db, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export async function findContactsByIds(db: Db, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(contacts).where(inArray(contacts.id, ids));
}

export async function findContactByEmail(db: Db, email: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.email, email));
  return row;
}

/** What the person changes about themselves through their own link: these fields are overwritten. */
export async function updateChoices(
  db: Db,
  id: string,
  values: Pick<ContactDetails, 'role' | 'experienceLevel' | 'preferredLanguage'>,
): Promise<void> {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contacts.id, id));
}

// ---- what is stored about a person -----------------------------------------------------

export async function listConsents(db: Db, contactId: string): Promise<ConsentRow[]> {
  return db.select().from(consents).where(eq(consents.contactId, contactId)).orderBy(asc(consents.createdAt), asc(consents.id));
}

// ---- the back office's list ------------------------------------------------------------

/** `%q%` for ILIKE, with the pattern characters of `q` taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any case and any accents alike ("zurich" finds "Zürich"): both sides folded (folded-text.ts). */
function searchOf(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const pattern = containing(foldText(q));
  return or(
    sql`${foldedSql(sql`${contacts.email}`)} like ${pattern}`,
    sql`${foldedSql(sql`${contacts.companyName}`)} like ${pattern}`,
    sql`${foldedSql(sql`concat_ws(' ', ${contacts.firstName}, ${contacts.lastName})`)} like ${pattern}`,
  );
}

export interface ListedContact {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  preferredLanguage: string | null;
  createdAt: Date;
}

/** One page of the contacts `q` finds (name, e-mail or company, any case and accents), newest first, and how many it finds. */
export async function listContacts(db: Db, q: string | undefined, page: { limit: number; offset: number }): Promise<{ rows: ListedContact[]; total: number }> {
  const where = searchOf(q);
  const rows = await db
    .select({
      id: contacts.id,
      email: contacts.email,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      companyName: contacts.companyName,
      preferredLanguage: contacts.preferredLanguage,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ n: count() }).from(contacts).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Every contact `q` finds, newest first, for the CSV export. */
export async function exportContacts(db: Db, q: string | undefined): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(searchOf(q))
    .orderBy(desc(contacts.createdAt), desc(contacts.id));
}

// ---- deletion ----------------------------------------------------------------------------

export async function insertDeletionRequest(db: Db, values: { tokenHash: string; contactId: string; validSeconds: number }): Promise<void> {
  await db.insert(deletionRequests).values({
    tokenHash: values.tokenHash,
    contactId: values.contactId,
    expiresAt: sql`now() + make_interval(secs => ${values.validSeconds})`,
  });
}

/** Whether a deletion mail went to the contact in the last `seconds`. */
export async function hasDeletionRequestSince(db: Db, contactId: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.contactId, contactId), gt(deletionRequests.createdAt, sql`now() - make_interval(secs => ${seconds})`)));
  return (row?.n ?? 0) > 0;
}

/** The contact of a deletion link that still works, locked until the deletion is done. */
export async function findDeletionRequest(db: Db, tokenHash: string): Promise<{ contactId: string } | undefined> {
  const [row] = await db
    .select({ contactId: deletionRequests.contactId })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.tokenHash, tokenHash), gt(deletionRequests.expiresAt, sql`now()`)))
    .for('update');
  return row;
}

/** Deletes the contact and, through ON DELETE CASCADE, every row that points to it. */
export async function deleteContact(db: Db, id: string): Promise<void> {
  await db.delete(contacts).where(eq(contacts.id, id));
}
