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
