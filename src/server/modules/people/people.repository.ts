import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consents, contacts } from '#server/db/schema.ts';

export type ContactDetails = Omit<typeof contacts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewConsent = Omit<typeof consents.$inferInsert, 'id' | 'createdAt'>;

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
