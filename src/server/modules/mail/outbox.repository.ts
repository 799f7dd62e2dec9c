import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { outbox } from '#server/modules/mail/mail.schema.ts';

export interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  raw: string | null;
  kind: string | null;
  payload: Record<string, unknown> | null;
  attempts: number;
}

/** A mail for the outbox: composed already (`raw`), or composed by the worker from its kind and payload. */
type NewMail = { id: string; recipient: string; subject: string; orderId?: string | undefined } & (
  | { raw: string }
  | { kind: string; payload: Record<string, unknown> }
);

/**
 * Queues mails in one statement, the rows as one JSON parameter (the billing job queues a
 * thousand at once: docs/decisions/076-billing-batches-of-a-thousand.md).
 */
export async function insertMails(db: Db, rows: NewMail[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into outbox (id, recipient, subject, raw, kind, payload, order_id)
    select id, recipient, subject, raw, kind, payload, "orderId"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(id uuid, recipient text, subject text, raw text, kind text, payload jsonb, "orderId" uuid)`);
}

/**
 * Claims up to `limit` due mails for `leaseSeconds`. SKIP LOCKED lets two workers claim
 * at the same moment without waiting for or taking each other's rows; the lease makes a
 * claim by a worker that died run out, so the mail is claimed again.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    update outbox
       set claimed_until = now() + make_interval(secs => ${leaseSeconds}),
           attempts = attempts + 1
     where id in (
       select id from outbox
        where sent_at is null
          and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, recipient, subject, raw, kind, payload, attempts`);
  return (result as unknown as { rows: ClaimedMail[] }).rows;
}

/**
 * Hands claimed mails back unsent (a worker that stops): due again at once for any worker,
 * and the claim does not count as an attempt.
 */
export async function releaseMails(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ claimedUntil: null, attempts: sql`${outbox.attempts} - 1` })
    .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)));
}

/**
 * Marks a mail sent; false when it was sent already (by another worker), so it is counted
 * once. `composed`: the message the worker composed for it at delivery, kept with the outcome.
 */
export async function markMailSent(db: Db, id: string, composed?: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null, ...(composed === undefined ? {} : { raw: composed }) })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** A failed attempt, due again in `retryInSeconds`; `composed` (as for markMailSent) is what the retry sends again. */
export async function markMailFailed(db: Db, id: string, error: string, retryInSeconds: number, composed?: string): Promise<void> {
  await db
    .update(outbox)
    .set({
      ...(composed === undefined ? {} : { raw: composed }),
      claimedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(outbox.id, id));
}

/** Deletes the mails already sent to `address` (any case): copies of what a person was told, kept no longer once they are erased. */
export async function deleteSentMailsTo(db: Db, address: string): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(and(isNotNull(outbox.sentAt), sql`lower(trim(${outbox.recipient})) = ${address.trim().toLowerCase()}`))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * The unsent mails, for the metrics (read at each scrape, so every copy reports the same):
 * queued ones (due, or waiting for a retry) with the age of the oldest, and parked ones.
 * The worker retries after at most an hour and parks a mail by moving its next attempt a
 * century ahead (mail.worker.ts), so a next attempt more than a day ahead means parked.
 */
export async function readOutboxBacklog(db: Db): Promise<{ queued: number; oldestQueuedSeconds: number; parked: number }> {
  const result = await db.execute(sql`
    select count(*) filter (where next_attempt_at <= now() + interval '1 day')::int as queued,
           coalesce(extract(epoch from now() - min(created_at) filter (where next_attempt_at <= now() + interval '1 day')), 0)::float8 as oldest,
           count(*) filter (where next_attempt_at > now() + interval '1 day')::int as parked
      from outbox
     where sent_at is null`);
  const [row] = (result as unknown as { rows: { queued: number; oldest: number; parked: number }[] }).rows;
  return { queued: row?.queued ?? 0, oldestQueuedSeconds: Math.max(0, row?.oldest ?? 0), parked: row?.parked ?? 0 };
}

/**
 * Of the mails whose ids `ids` (a subquery) selects: how many were sent, and how many
 * failed (not sent, with an error: waiting for a retry or given up).
 */
export async function countDeliveries(db: Db, ids: SQL): Promise<{ sent: number; failed: number }> {
  const result = await db.execute(sql`
    select count(*) filter (where sent_at is not null)::int as sent,
           count(*) filter (where sent_at is null and last_error is not null)::int as failed
      from outbox
     where id in (${ids})`);
  const [row] = (result as unknown as { rows: { sent: number; failed: number }[] }).rows;
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
}

/** The mails about an order, newest first: the back office's order timeline. */
export async function findMailsOfOrder(db: Db, orderId: string) {
  return db
    .select({ subject: outbox.subject, recipient: outbox.recipient, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(eq(outbox.orderId, orderId))
    .orderBy(desc(outbox.createdAt));
}
