import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from '#server/modules/contacts/contacts.schema.ts';

/**
 * The contact form's messages and the back office's inbox (docs/product/forms.md).
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * A message sent with the contact form. The text is kept as the visitor wrote it (it is
 * shown as text, never as HTML). Unread while `read_at` is null; archived ones leave the
 * inbox. `language` is the sender's, the one their acknowledgement was written in.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's record; deleting the person deletes their messages. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    company: text('company'),
    /** One of `contactRecipients` (src/shared/schemas/forms.ts). */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first (ties by id), of the inbox (`archived_at is null`) or of the
    // archive (`(archived_at is null) is false`): PostgreSQL reads a page of either in
    // order from here. NULLS FIRST is the order of a plain `desc`.
    index('contact_messages_inbox').on(sql`(${t.archivedAt} is null)`, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The unread ones of the inbox: the UNREAD view, the counts, the dashboard.
    index('contact_messages_unread')
      .on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
  ],
);
