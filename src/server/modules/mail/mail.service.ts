import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { composeMail, type MailMessage } from './compose.ts';
import { insertMail } from './outbox.repository.ts';

export interface MailSettings {
  from: string;
  /** Domain of the Message-IDs. */
  domain: string;
}

/**
 * Queues a mail in the outbox. Call it with the transaction of the change that causes
 * the mail: both are saved, or neither (DESIGN.md §1).
 */
export async function queueMail(tx: Db, settings: MailSettings, message: Omit<MailMessage, 'from'>): Promise<string> {
  const id = randomUUID();
  const raw = await composeMail(id, settings.domain, { ...message, from: settings.from });
  await insertMail(tx, { id, recipient: message.to, subject: message.subject, raw });
  return id;
}

/**
 * Queues a mail that the worker composes when it sends it, with the composer registered
 * for `kind` (see MailWorkerOptions.composers). For mails whose attachments are costly
 * to make, so the request that causes them does not wait for that.
 */
export async function queueMailComposedLater(
  tx: Db,
  mail: { to: string; subject: string; kind: string; payload: Record<string, unknown> },
): Promise<string> {
  const id = randomUUID();
  await insertMail(tx, { id, recipient: mail.to, subject: mail.subject, kind: mail.kind, payload: mail.payload });
  return id;
}
