import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NewsletterStatus } from '#shared/schemas/newsletter.ts';
import { createdAt, bytea } from '#server/db/columns.ts';
import { contacts } from '#server/modules/contacts/contacts.schema.ts';

/**
 * The newsletter: topics, subscriptions with their double opt-in tokens (docs/product/newsletter.md), and the issues written in the back office with their recipients and images.
 * Owned by this module: only its own files read and write these tables (docs/decisions/058-tables-owned-by-modules.md);
 * another module asks its service. A foreign key to another module's table is the one
 * reason to import that module's schema file.
 */

export const newsletterTopics = pgTable('newsletter_topics', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
});

/**
 * The newsletter subscription of a contact, owned by the newsletter module
 * (docs/product/newsletter.md): PENDING until the owner of the address confirms it with
 * the link of the mail, CONFIRMED (the only state that receives newsletters), or
 * UNSUBSCRIBED. Role, experience level, language and name live on the contact.
 * `last_mail_at` throttles the mails an anonymous request can cause (one per 10 minutes).
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    contactId: uuid('contact_id')
      .primaryKey()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').$type<NewsletterStatus>().notNull(),
    topicIds: text('topic_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The form of the latest request (a `ConsentSource`): the NEWSLETTER consent row of the confirmation names it. */
    source: text('source').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    lastMailAt: timestamp('last_mail_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('newsletter_subscriptions_status', sql`${t.status} in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED')`),
    // The recipients of an issue: the confirmed subscribers.
    index('newsletter_subscriptions_confirmed').on(t.contactId).where(sql`${t.status} = 'CONFIRMED'`),
  ],
);

/**
 * The links to a subscriber's preference centre (`/app/newsletter/{token}/`, the
 * List-Unsubscribe address). Every mail carries a token of its own, 256 random bits of
 * which only the SHA-256 is stored, so an old newsletter's unsubscribe link keeps working
 * and the shop never needs a token again once it is sent. A token sent while the
 * subscription waits for confirmation expires 7 days later unless it is confirmed in time;
 * the others work as long as the subscription exists.
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => newsletterSubscriptions.contactId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_tokens_contact').on(t.contactId)],
);

/**
 * An issue written in the back office, owned by the newsletter module: per language a
 * subject, a preheader and a body in the issue Markdown (`editions`), the segment it goes
 * to, and where its sending stands: DRAFT, SCHEDULED (`send_at`), SENDING or SENT.
 * `next_batch_at` paces the sending: the copy that takes the issue's row queues
 * one batch and sets it, so several copies together keep the configured rate.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editions: jsonb('editions').$type<Record<string, { subject: string; preheader: string; body: string }>>().notNull(),
    segment: jsonb('segment').$type<{ languages: string[]; roles: string[]; experienceLevels: string[]; topicIds: string[] }>().notNull(),
    status: text('status').notNull().default('DRAFT'),
    sendAt: timestamp('send_at', { withTimezone: true }),
    nextBatchAt: timestamp('next_batch_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The staff member who wrote it, as an address (no foreign key: the issue outlives the account). */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('newsletter_issues_status', sql`${t.status} in ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT')`),
    index('newsletter_issues_created').on(t.createdAt.desc()),
    // The sending job's look-up: the issues due to start or to send their next batch.
    index('newsletter_issues_due').on(t.status).where(sql`${t.status} in ('SCHEDULED', 'SENDING')`),
  ],
);

/**
 * One row per issue and recipient, made when the issue starts sending (its segment then):
 * the primary key makes each recipient get an issue at most once, whichever copy queues it
 * and however often the sending is interrupted and resumed. PENDING until its batch queues
 * the mail in the outbox (QUEUED, with the mail's id) in the same transaction, or finds
 * the subscriber no longer confirmed (SKIPPED).
 */
export const newsletterIssueRecipients = pgTable(
  'newsletter_issue_recipients',
  {
    issueId: uuid('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** The outbox row of the mail (the mail module's), for the issue's sent and failed counts. */
    mailId: uuid('mail_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.contactId] }),
    check('newsletter_issue_recipients_status', sql`${t.status} in ('PENDING', 'QUEUED', 'SKIPPED')`),
    index('newsletter_issue_recipients_pending').on(t.issueId).where(sql`${t.status} = 'PENDING'`),
    index('newsletter_issue_recipients_contact').on(t.contactId),
  ],
);

/**
 * The images of issues, uploaded in the back office and served by a public call, so every
 * copy of the shop serves them from the database (never from one copy's DATA_DIR).
 */
export const newsletterImages = pgTable('newsletter_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  mediaType: text('media_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
