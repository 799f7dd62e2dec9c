import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { composeMail, type MailMessage } from './compose.ts';
import { createMailWorker, type MailComposer } from './mail.worker.ts';
import { insertMails } from './outbox.repository.ts';

/** For the erasure of a person (the people module): the mails already sent to them go too. */
export { deleteSentMailsTo } from './outbox.repository.ts';
/** The unsent mails by state, for the metrics (src/server/plugins/metrics.ts). */
export { readOutboxBacklog } from './outbox.repository.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

/** The layout of our HTML mails, for the modules that write mails. */
export { amountsTable, escapeHtml, greeting, linkButton, mailLayout, paragraphs, type AmountRow } from './html.ts';
export type { MailComposer, MailTransport };

export interface MailSettings {
  from: string;
  /** Domain of the Message-IDs. */
  domain: string;
}

/** The settings of a sender: its address, and its domain for the Message-IDs. */
export const mailSettingsFor = (from: string): MailSettings => ({ from, domain: from.split('@')[1] ?? 'localhost' });

/**
 * Queues a mail in the outbox. Call it with the transaction of the change that causes
 * the mail: both are saved, or neither. A mail about an order names it (`orderId`), so
 * the back office shows it in the order's timeline.
 */
export async function queueMail(tx: Db, settings: MailSettings, message: Omit<MailMessage, 'from'>, about: { orderId?: string } = {}): Promise<string> {
  const id = randomUUID();
  const raw = await composeMail(id, settings.domain, { ...message, from: settings.from });
  await insertMails(tx, [{ id, recipient: message.to, subject: message.subject, raw, orderId: about.orderId }]);
  return id;
}

/**
 * Queues mails that the worker composes when it sends them, with the composer registered
 * for their `kind` (see MailWorkerOptions.composers): for mails whose content is costly to
 * make (an attachment, MIME encoding), so the transaction that causes them does not wait
 * for that. All of them go into the outbox in one statement.
 */
export async function queueMailsComposedLater(
  tx: Db,
  mails: { to: string; subject: string; kind: string; payload: Record<string, unknown>; orderId?: string }[],
): Promise<string[]> {
  const rows = mails.map((mail) => ({ id: randomUUID(), recipient: mail.to, subject: mail.subject, kind: mail.kind, payload: mail.payload, orderId: mail.orderId }));
  await insertMails(tx, rows);
  return rows.map((row) => row.id);
}

/**
 * Delivery of the outbox: the worker (start, stop, wake, runOnce) with the transport of
 * SMTP_URL, or, when it is unset, one that writes each mail to a file under DATA_DIR/mail/.
 */
export function createMailService(deps: {
  db: Db;
  settings: MailSettings;
  smtpUrl: string | undefined;
  dataDir: string;
  /** Composers of the mails queued by kind (queueMailsComposedLater). */
  composers: Record<string, MailComposer>;
  log: FastifyBaseLogger;
  /** Overrides the transport chosen from smtpUrl (tests). */
  transport?: MailTransport | undefined;
  /** Told of each delivery attempt's outcome (the metrics). */
  onDelivery?: (outcome: 'sent' | 'failed') => void;
}) {
  const { db, settings, smtpUrl, dataDir, composers, log } = deps;
  return createMailWorker({
    db,
    onDelivery: deps.onDelivery,
    from: settings.from,
    domain: settings.domain,
    composers,
    log,
    transport: deps.transport ?? (smtpUrl ? smtpTransport(smtpUrl) : fileTransport(path.join(dataDir, 'mail'), (m) => log.info(m))),
  });
}

export type MailService = ReturnType<typeof createMailService>;
