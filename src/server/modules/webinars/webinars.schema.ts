import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { contacts } from '#server/modules/contacts/contacts.schema.ts';

/**
 * Webinars and their sign-ups (docs/product/webinars.md).
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

/**
 * Webinars, owned by the webinars module. A deleted webinar keeps its row (`deleted_at`
 * set) so its subscribers' cancelled invitations keep their ids; its code is free again.
 * `sequence` counts the changes subscribers were told of (the invitations' SEQUENCE).
 */
export const webinars = pgTable(
  'webinars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    link: text('link').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webinars_code_unique').on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`),
    index('webinars_upcoming').on(t.startsAt).where(sql`${t.deletedAt} is null`),
  ],
);

/** One sign-up of one person (a contact) for one webinar; signing up again keeps this row. */
export const webinarSubscriptions = pgTable(
  'webinar_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webinarId: uuid('webinar_id')
      .notNull()
      .references(() => webinars.id),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The language the subscriber's mails and invitation are written in. */
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webinar_subscriptions_once').on(t.webinarId, t.contactId), index('webinar_subscriptions_contact').on(t.contactId)],
);
