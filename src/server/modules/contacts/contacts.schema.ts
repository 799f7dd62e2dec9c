import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';

/**
 * People: one contact per e-mail address, their consents and their deletion requests.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * One record per person who left an address through any form (newsletter, webinar,
 * download, contact, save-cart, checkout), owned by the contacts module. Keyed by the
 * lower-cased, trimmed e-mail address. Anonymous forms only fill empty fields.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    companyName: text('company_name'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    role: text('role'),
    experienceLevel: text('experience_level'),
    preferredLanguage: text('preferred_language'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The back office's list of contacts, newest first.
  (t) => [index('contacts_created_at').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * What a contact agreed to (or withdrew), one row per statement, never rewritten: the
 * subject (`ConsentSubject`), the version of the text, its language, the form it came
 * from (`ConsentSource`) and the time.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    granted: boolean('granted').notNull(),
    textVersion: text('text_version').notNull(),
    language: text('language').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('consents_contact').on(t.contactId, t.createdAt)],
);

/**
 * A contact's confirmation of a deletion of everything stored about them
 * (docs/product/contacts.md): the link's token is 256 random bits, of which only the SHA-256
 * is stored. It works once (the contact's deletion removes it) and until `expires_at`.
 */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    tokenHash: text('token_hash').primaryKey(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deletion_requests_contact').on(t.contactId, t.createdAt)],
);
