import { sql } from 'drizzle-orm';
import { orderStatuses, type OrderAction, type OrderStatus } from '#shared/orders.ts';
import type { NewsletterStatus } from '#shared/schemas/newsletter.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema, one file for PGlite and PostgreSQL alike. After a change run
 * `npm run db:generate`: drizzle-kit writes the next SQL migration into ./migrations,
 * which the server applies at start.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- catalogue: translated content in *_translations rows ---------------------------

export const products = pgTable('products', {
  code: text('code').primaryKey(),
  tier: text('tier').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const productTranslations = pgTable(
  'product_translations',
  {
    productCode: text('product_code').notNull().references(() => products.code, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.language] })],
);

export const productPrices = pgTable(
  'product_prices',
  {
    productCode: text('product_code').notNull().references(() => products.code, { onDelete: 'cascade' }),
    paymentFrequency: text('payment_frequency').notNull(),
    currency: text('currency').notNull(),
    /** Net per seat (ONE_TIME) or per seat and month (MONTHLY), minor units. */
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productCode, t.paymentFrequency, t.currency] }),
    check('product_prices_amount_positive', sql`${t.amountMinor} >= 0`),
  ],
);

// ---- marketing content ---------------------------------------------------------------

export const newsletterTopics = pgTable('newsletter_topics', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
});

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

/** Binary content (a PDF): `bytea`, read as a Buffer from PGlite (Uint8Array) and PostgreSQL alike. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Downloadable content (docs/product/downloadables.md), owned by the downloadables module: the
 * free guide and other documents, sent as a signed link by e-mail. `code` appears in
 * addresses (`/app/downloadable-content/{code}/{language}`); title and description are
 * per language. The files are in `downloadable_files`, one per language.
 */
export const downloadables = pgTable('downloadables', {
  code: text('code').primaryKey(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
  /** Order in lists (smaller first). */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/** A downloadable's document in one language (a PDF), its page count and its cover image (SVG). */
export const downloadableFiles = pgTable(
  'downloadable_files',
  {
    code: text('code')
      .notNull()
      .references(() => downloadables.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    language: text('language').notNull(),
    /** The name the browser saves it under: `cybersecurity-guide.pdf`. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    content: bytea('content').notNull(),
    pageCount: integer('page_count').notNull(),
    /** The cover as a standalone SVG document, in this language. */
    coverSvg: text('cover_svg').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.code, t.language] })],
);

// ---- people --------------------------------------------------------------------------

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

/** Staff accounts. The e-mail is stored lower-cased and trimmed; the password as an argon2id hash. */
export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** The TOTP secret, encrypted with a key derived from SECRET_KEY; set when enrolment starts. */
  totpSecret: text('totp_secret'),
  /** Set once the first code was confirmed: from then on sign-in asks for a code. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** A disabled account cannot sign in; disabling ends its sessions. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /**
   * What the account may do (docs/product/staff-roles.md): `admin`, `editor` or `viewer`.
   * New accounts are editors; the accounts that existed before roles became admins (the
   * migration adds the column with that default first).
   */
  role: text('role').$type<StaffRole>().notNull().default('editor'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('staff_members_role', sql`${t.role} in ('admin', 'editor', 'viewer')`)]);

/**
 * An invitation to the back office: a one-time link mailed to the invitee, who sets a
 * name and password with it (only the link token's SHA-256 is stored). It is used once,
 * expires after 7 days, or is withdrawn by an admin.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    language: text('language').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('staff_invitations_email').on(t.email), check('staff_invitations_role', sql`${t.role} in ('admin', 'editor', 'viewer')`)],
);

// ---- audit log (docs/product/audit-log.md) --------------------------------------------

/**
 * One row per staff change, refused staff attempt, sign-in and export, written in the
 * transaction of what it records. Rows are never updated by the app: a trigger of the
 * migration refuses UPDATE unless the transaction declared a pseudonymisation (a person's
 * erasure), and then allows only the personal columns to change. Old rows are pruned after
 * AUDIT_RETENTION_DAYS. Both go through functions of migration 0019; on PostgreSQL with two
 * roles the app's role may only add and read rows (docs/product/audit-log.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's e-mail; 'system' or 'command line' for what no one signed in did; the tried address for a failed sign-in. */
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role'),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    outcome: text('outcome').$type<'success' | 'refused' | 'failed'>().notNull(),
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor_at').on(t.actorEmail, t.at),
    index('audit_log_target_at').on(t.targetKind, t.targetId, t.at),
    index('audit_log_action_at').on(t.action, t.at),
    check('audit_log_outcome', sql`${t.outcome} in ('success', 'refused', 'failed')`),
  ],
);

/**
 * The audit log's retention, one row: the pruning function of migration 0019 deletes only
 * rows older than this. Written at start by the role that migrates (src/server/db/client.ts),
 * so on PostgreSQL with two roles the app's role can read it but not shorten it.
 */
export const auditLogSettings = pgTable(
  'audit_log_settings',
  {
    id: integer('id').primaryKey().default(1),
    retentionDays: integer('retention_days').notNull().default(730),
  },
  (t) => [check('audit_log_settings_one_row', sql`${t.id} = 1`), check('audit_log_settings_retention_days', sql`${t.retentionDays} between 1 and 36500`)],
);

// ---- anti-robot ----------------------------------------------------------------------

/** Every accepted captcha solution, kept until its puzzle expires, so it works once. */
export const captchaReplays = pgTable(
  'captcha_replays',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_replays_expires_at').on(t.expiresAt)],
);

// ---- orders and carts (docs/product/order-lifecycle.md) ------------------------------

/**
 * One row per order; while `status` is SHOPPING_CART it is the visitor's cart. The id is
 * a random UUID and is the only key to the cart (it sits in the shopping_cart cookie).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    /** Who saved the cart by e-mail (docs/product/forms.md), with the form's other answers. */
    subscriberEmail: text('subscriber_email'),
    subscriber: jsonb('subscriber').$type<Record<string, unknown>>(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    /** What the checkout steps saved: company, address, invoice address, contact, step. */
    invoiceInfo: jsonb('invoice_info').$type<Record<string, unknown>>(),
    /** Set by checkout (BUY): the human-readable number, `2026-000123`. */
    number: text('number').unique(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** When the buyer agreed to the legal texts (at BUY). */
    contractAcceptedAt: timestamp('contract_accepted_at', { withTimezone: true }),
    /** Net total excluding VAT at BUY, minor units: what the orders table lists and sorts by. */
    totalNetMinor: integer('total_net_minor'),
    /** What fell due at purchase, minor units: the gross total incl. VAT (renewals add theirs in the history). */
    amountDueMinor: integer('amount_due_minor'),
    /** What credit notes took off what fell due (minor units, gross). */
    creditedMinor: integer('credited_minor').notNull().default(0),
    /** The first day the seats can be used (set when work starts). */
    availableFrom: date('available_from'),
    /** Who canceled or terminated (a staff e-mail), and from which day a termination takes effect. */
    canceledBy: text('canceled_by'),
    terminatedBy: text('terminated_by'),
    terminatedFrom: date('terminated_from'),
    /** A promised refund (cancel-refund, termination) and its payout (archive-refund). */
    refund: boolean('refund').notNull().default(false),
    refundAmountMinor: integer('refund_amount_minor'),
    refunded: boolean('refunded').notNull().default(false),
    refundedDate: date('refunded_date'),
    /** Set by DELETE: the order stays for audit but no list shows it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A demo order of a first start (src/server/modules/demo/): billing issues its invoices
     * and reminder steps like any other's, but mails none of them (its addresses are invented).
     */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the orders table's one search box looks in, lower-cased: the number, the company,
     * the contact's name and e-mail. Kept by the database, indexed by trigrams, so a part
     * of any of them is found without reading every order.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(number, '') || ' ' || coalesce(invoice_info->'company'->>'name', '') || ' ' || coalesce(invoice_info->'contact'->>'firstName', '') || ' ' || coalesce(invoice_info->'contact'->>'lastName', '') || ' ' || coalesce(invoice_info->'contact'->>'email', ''))`,
    ),
    /** The status's place in the lifecycle (orderStatuses), the orders table's default order. */
    statusRank: smallint('status_rank').generatedAlwaysAs(sql.raw(`case status ${orderStatuses.map((status, index) => `when '${status}' then ${index}`).join(' ')} end`)),
  },
  (t) => [
    index('orders_status_updated_at').on(t.status, t.updatedAt),
    // The work queue: by status in lifecycle order, newest first within a status.
    index('orders_queue').on(t.statusRank, t.orderedAt.desc().nullsLast(), t.id).where(sql`${t.deletedAt} is null`),
    index('orders_search').using('gin', t.searchText.op('gin_trgm_ops')),
    // The work queue with the search text beside each entry: a page of a search word many
    // orders hold is read from this index alone, stopping after the page (decision 051).
    index('orders_queue_search').on(t.statusRank, t.orderedAt.desc().nullsLast(), t.id, t.searchText).where(sql`${t.deletedAt} is null`),
    // The orders table filters by status and sorts by the date received (and the other columns).
    index('orders_status_ordered_at').on(t.status, t.orderedAt),
    index('orders_ordered_at').on(t.orderedAt),
  ],
);

/** Every transition of the order state machine (docs/product/order-lifecycle.md), for audit and tracking. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action').$type<OrderAction>().notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** Who: 'visitor', 'system' or an admin user's e-mail. */
    actor: text('actor').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_history_order_id').on(t.orderId, t.at)],
);

/** The last order number given out per year; incremented under a row lock at checkout. */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull().references(() => products.code),
    paymentFrequency: text('payment_frequency').notNull(),
    quantity: integer('quantity').notNull(),
    /** MONTHLY only: the minimum term in months (1–36, default 12). */
    periodMonths: integer('period_months'),
    /** Net seat price (per month for MONTHLY) in the order currency, minor units. */
    unitPriceMinor: integer('unit_price_minor').notNull(),
    status: text('status').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_id').on(t.orderId),
    // One line per product and frequency: adding again raises that line (ON CONFLICT).
    uniqueIndex('order_items_one_line_per_offer').on(t.orderId, t.productCode, t.paymentFrequency),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 10000`),
    check('order_items_period_range', sql`${t.periodMonths} is null or ${t.periodMonths} between 1 and 36`),
  ],
);

// ---- e-mail outbox (docs/decisions/005-mail-outbox.md) -------------------------------

/**
 * Mails to send, written in the same transaction as the change that causes them. Most
 * are composed when queued (`raw`); a mail with a costly attachment (the invoice PDF) is
 * queued by `kind` and `payload` and composed once by the worker, which then keeps `raw`
 * so a retry sends the same bytes.
 * A worker claims due rows with FOR UPDATE SKIP LOCKED and a lease (`claimedUntil`):
 * a worker that dies after claiming leaves the row to be claimed again when the lease
 * runs out.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The RFC 822 text; null until the worker composes a mail queued by `kind`. */
    raw: text('raw'),
    /** For mails composed at delivery (their attachments are costly to make): which composer, with what. */
    kind: text('kind'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The order a mail is about, so the back office shows it in the order's timeline. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`), index('outbox_order_id').on(t.orderId)],
);

// ---- newsletter issues (docs/product/newsletter.md#issues-from-the-back-office) ---------

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

// ---- back office: payments, notes, staff sessions (docs/product/order-lifecycle.md) --

/** A payment staff recorded against an order (PAY); a partial payment keeps the status. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    paidOn: date('paid_on').notNull(),
    /** The staff member's e-mail. */
    recordedBy: text('recorded_by').notNull(),
    /** The invoice it pays (the oldest open one unless staff chose). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_payments_order_id').on(t.orderId), check('order_payments_amount_positive', sql`${t.amountMinor} > 0`)],
);

// ---- invoices (docs/product/billing.md), owned by the invoices module -----------------

/**
 * An issued invoice or credit note. The first invoice is issued by INVOICE, each further
 * period of a monthly plan by the billing job; `billing_key` makes it one per order and
 * period (`first`, the period's first day, or `credit:<invoice id>`), so two copies of the
 * job, a retry or a restart cannot issue a second. What is printed is frozen in `document`
 * at issue and the PDF kept in `pdf` once rendered: an issued invoice never changes, a
 * correction is a credit note (`credits_invoice_id`). Amounts in minor units.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'INVOICE' | 'CREDIT_NOTE'>().notNull().default('INVOICE'),
    billingKey: text('billing_key').notNull(),
    /** `INV-2026-000123` (credit notes `CN-…`), one counter per year for both. */
    number: text('number').notNull().unique(),
    /** The 27-digit QR reference made from the number (src/server/modules/invoices/qr-bill.ts). */
    qrReference: text('qr_reference').notNull(),
    /** The period billed, ISO days, end excluded; null for the first invoice (its period starts with the payment). */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    currency: text('currency').notNull(),
    language: text('language').notNull(),
    netMinor: integer('net_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    /** Hundredths of a percent: 810 is 8.1 %. */
    vatRateBasisPoints: integer('vat_rate_bp').notNull(),
    paidMinor: integer('paid_minor').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** What credit notes took off this invoice (minor units, gross); a credit note's own is 0. */
    creditedMinor: integer('credited_minor').notNull().default(0),
    /** OPEN, PAID or CANCELED; OVERDUE is an OPEN one past its due day (read, not stored). */
    /** A credit note is ISSUED; an invoice credited in full is CANCELED. */
    status: text('status').$type<'OPEN' | 'PAID' | 'CANCELED' | 'ISSUED'>().notNull().default('OPEN'),
    creditsInvoiceId: uuid('credits_invoice_id'),
    /** Reminders sent (0 to the number of reminder days); the last one flags the order overdue. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_once_per_period').on(t.orderId, t.billingKey),
    index('invoices_open_due').on(t.dueOn).where(sql`${t.status} = 'OPEN'`),
  ],
);

/** The last invoice number given out per year. */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A note staff added to an order; shown in its timeline beside the history. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_id').on(t.orderId, t.at)],
);

/** One-time recovery codes of the second factor, hashed; each works once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_id').on(t.userId)],
);

/**
 * Staff sessions. The cookie holds a 256-bit random id; only its SHA-256 is stored, so a
 * copy of this table opens no session. A session ends after 8 idle hours, 7 days after
 * sign-in at the latest, at sign-out, or when it is ended from the staff member's page.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Waiting for the second factor: the session opens nothing until the code is given. */
    pendingSecondFactor: boolean('pending_second_factor').notNull().default(false),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_id').on(t.userId)],
);

/** Failed sign-ins, to slow down guessing (by address and by client), kept 15 minutes or more. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_email_at').on(t.email, t.at), index('sign_in_failures_client_at').on(t.clientAddress, t.at)],
);

/** A saved view of the orders table (filter, sort, columns), for its owner or for the whole team. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => staffMembers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    view: jsonb('view').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_views_owner_id').on(t.ownerId)],
);

// ---- contact form and the back office's inbox (docs/product/forms.md) ------------------

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

/**
 * Requests per client address and time window of a limited group of calls (the forms that
 * send mail), owned by src/server/plugins/rate-limit.ts. In the database, so that every
 * copy of the app counts the same requests.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    scope: text('scope').notNull(),
    clientAddress: text('client_address').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.scope, t.clientAddress, t.windowStart] }), index('rate_limit_counters_window').on(t.windowStart)],
);
