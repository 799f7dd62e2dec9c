import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/statement.ts';
import { newsletterImages, newsletterIssueRecipients, newsletterIssues, newsletterSubscriptions } from '#server/modules/newsletter/newsletter.schema.ts';
import { contactAddresses, contactsOfSegment } from '#server/modules/contacts/contact-segments.rules.ts';
import type { Language } from '#shared/locales.ts';
import type { IssueEdition, IssueStatus, Segment } from '#shared/schemas/newsletter-issues.ts';

/** The issues written in the back office, their recipients and images (docs/product/newsletter.md#issues-from-the-back-office). */

export type IssueRow = Omit<typeof newsletterIssues.$inferSelect, 'editions' | 'segment' | 'status'> & {
  editions: Record<Language, IssueEdition>;
  segment: Segment;
  status: IssueStatus;
};

const issues = newsletterIssues;
const recipients = newsletterIssueRecipients;
const s = newsletterSubscriptions;


export async function insertIssue(db: Db, values: { editions: Record<Language, IssueEdition>; segment: Segment; createdBy: string }): Promise<IssueRow> {
  const [row] = await db.insert(issues).values(values).returning();
  return row as IssueRow;
}

export async function findIssue(db: Db, id: string, lock = false): Promise<IssueRow | undefined> {
  const query = db.select().from(issues).where(eq(issues.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row as IssueRow | undefined;
}

export async function listIssues(db: Db, limit: number): Promise<IssueRow[]> {
  return (await db.select().from(issues).orderBy(desc(issues.createdAt), desc(issues.id)).limit(limit)) as IssueRow[];
}

export async function updateIssue(
  db: Db,
  id: string,
  values: Partial<Pick<IssueRow, 'editions' | 'segment' | 'status' | 'sendAt'>>,
): Promise<IssueRow> {
  const [row] = await db
    .update(issues)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(issues.id, id))
    .returning();
  return row as IssueRow;
}

export async function deleteIssue(db: Db, id: string): Promise<void> {
  await db.delete(issues).where(eq(issues.id, id));
}

/**
 * The confirmed subscribers a segment reaches: the contacts it reaches (of one of its
 * languages, roles, experience levels: `contactsOfSegment`, the contacts module's) joined
 * as `reached`, with one of its topics when it names any.
 */
const reachedBy = (segment: Segment): SQL => sql`join (${contactsOfSegment(segment)}) reached on reached.id = ${s.contactId}`;

function segmentCondition(segment: Segment): SQL {
  const conditions: SQL[] = [sql`${s.status} = 'CONFIRMED'`];
  if (segment.topicIds.length > 0) conditions.push(sql`${s.topicIds} && ${sql`array[${sql.join(segment.topicIds.map((id) => sql`${id}`), sql`, `)}]::text[]`}`);
  return sql.join(conditions, sql` and `);
}

export async function countSegment(db: Db, segment: Segment): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n
      from ${s} ${reachedBy(segment)}
     where ${segmentCondition(segment)}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Takes one scheduled issue that is due (SKIP LOCKED: a copy that finds it taken moves
 * on), makes it SENDING and writes its recipients, the segment as it is now, in the
 * caller's transaction. Answers the issue's id, or undefined when none is due.
 */
export async function startDueIssue(db: Db): Promise<string | undefined> {
  const [due] = rowsOf<{ id: string; segment: Segment }>(
    await db.execute(sql`
      select id, segment from newsletter_issues
       where status = 'SCHEDULED' and send_at <= now()
       order by send_at
       limit 1
       for update skip locked`),
  );
  if (!due) return undefined;
  await db.execute(sql`
    insert into newsletter_issue_recipients (issue_id, contact_id, language)
    select ${due.id}, ${s.contactId}, reached.language
      from ${s} ${reachedBy(due.segment)}
     where ${segmentCondition(due.segment)}
    on conflict do nothing`);
  await db
    .update(issues)
    .set({ status: 'SENDING', startedAt: sql`now()`, nextBatchAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(issues.id, due.id));
  return due.id;
}

/** One issue whose next batch is due, locked until the caller's transaction ends (another copy skips it). */
export async function lockIssueDueForBatch(db: Db): Promise<IssueRow | undefined> {
  const [row] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.status, 'SENDING'), sql`${issues.nextBatchAt} <= now()`))
    .orderBy(issues.nextBatchAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row as IssueRow | undefined;
}

export interface PendingRecipient {
  contactId: string;
  language: Language;
  email: string;
  firstName: string | null;
  /** The subscription now: only CONFIRMED ones get the mail. */
  status: string | null;
}

/** The next recipients of an issue whose mail is not queued yet, with their subscription as it is now. */
export async function pendingRecipients(db: Db, issueId: string, limit: number): Promise<PendingRecipient[]> {
  return rowsOf<PendingRecipient>(
    await db.execute(sql`
      select r.contact_id as "contactId", r.language, c.email, c.first_name as "firstName", sub.status
        from newsletter_issue_recipients r
        join (${contactAddresses()}) c on c.id = r.contact_id
        left join newsletter_subscriptions sub on sub.contact_id = r.contact_id
       where r.issue_id = ${issueId} and r.status = 'PENDING'
       order by r.contact_id
       limit ${limit}
       for update of r`),
  );
}

export async function markRecipient(db: Db, issueId: string, contactId: string, outcome: { mailId: string } | 'SKIPPED'): Promise<void> {
  await db
    .update(recipients)
    .set(outcome === 'SKIPPED' ? { status: 'SKIPPED' } : { status: 'QUEUED', mailId: outcome.mailId, queuedAt: sql`now()` })
    .where(and(eq(recipients.issueId, issueId), eq(recipients.contactId, contactId), eq(recipients.status, 'PENDING')));
}

/** After a batch: the next one in `seconds`, or the issue is SENT when none of its recipients waits. */
export async function finishBatch(db: Db, issueId: string, seconds: number): Promise<void> {
  await db.execute(sql`
    update newsletter_issues
       set next_batch_at = now() + make_interval(secs => ${seconds}),
           status = case when exists (select 1 from newsletter_issue_recipients where issue_id = ${issueId} and status = 'PENDING') then status else 'SENT' end,
           finished_at = case when exists (select 1 from newsletter_issue_recipients where issue_id = ${issueId} and status = 'PENDING') then null else now() end,
           updated_at = now()
     where id = ${issueId}`);
}

/** The recipients of an issue by state, and how many of them have unsubscribed since it started. */
export async function recipientCounts(db: Db, issueId: string): Promise<{ recipients: number; queued: number; skipped: number; unsubscribedSince: number }> {
  const [row] = rowsOf<{ recipients: number; queued: number; skipped: number; unsubscribed: number }>(
    await db.execute(sql`
      select count(*)::int as recipients,
             count(*) filter (where r.status = 'QUEUED')::int as queued,
             count(*) filter (where r.status = 'SKIPPED')::int as skipped,
             count(*) filter (where sub.status = 'UNSUBSCRIBED' and sub.unsubscribed_at >= (select started_at from newsletter_issues where id = ${issueId}))::int as unsubscribed
        from newsletter_issue_recipients r
        left join newsletter_subscriptions sub on sub.contact_id = r.contact_id
       where r.issue_id = ${issueId}`),
  );
  return { recipients: row?.recipients ?? 0, queued: row?.queued ?? 0, skipped: row?.skipped ?? 0, unsubscribedSince: row?.unsubscribed ?? 0 };
}

/** The outbox mails of an issue's recipients, as a subquery for the mail module's delivery counts. */
export const issueMailIds = (issueId: string): SQL => sql`select mail_id from newsletter_issue_recipients where issue_id = ${issueId} and mail_id is not null`;

// ---- images ------------------------------------------------------------------------------

export async function insertImage(db: Db, values: { mediaType: string; content: Buffer }): Promise<string> {
  const [row] = await db.insert(newsletterImages).values(values).returning({ id: newsletterImages.id });
  return row!.id;
}

export async function findImage(db: Db, id: string): Promise<{ mediaType: string; content: Buffer } | undefined> {
  const [row] = await db.select({ mediaType: newsletterImages.mediaType, content: newsletterImages.content }).from(newsletterImages).where(eq(newsletterImages.id, id));
  return row;
}

/** A contact's erasure: the issues sent to them forget them. */
export async function deleteRecipientsOf(db: Db, contactId: string): Promise<void> {
  await db.delete(newsletterIssueRecipients).where(eq(newsletterIssueRecipients.contactId, contactId));
}
