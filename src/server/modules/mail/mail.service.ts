import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { MailSettings } from './mail-senders.rules.ts';
import { createMailWorker, type MailComposer } from './mail.worker.ts';
import { fileTransport, smtpTransport, type DkimKey, type MailTransport } from './transport.ts';

export type { MailComposer, MailTransport };

/**
 * Delivery of the outbox: the worker (start, stop, wake, runOnce) with the transport of
 * SMTP_URL, or, when it is unset, one that writes each mail to a file under DATA_DIR/mail/.
 */
export function createMailService(deps: {
  db: Db;
  settings: MailSettings;
  smtpUrl: string | undefined;
  /** Signs every mail sent over SMTP (DKIM_*); the .eml files of the file transport are not signed. */
  dkim?: DkimKey | undefined;
  dataDir: string;
  /** Composers of the mails queued by kind (the outbox service's queueComposedLater). */
  composers: Record<string, MailComposer>;
  log: FastifyBaseLogger;
  /** Overrides the transport chosen from smtpUrl (tests). */
  transport?: MailTransport | undefined;
  /** Told of each delivery attempt's outcome (the metrics). */
  onDelivery?: (outcome: 'sent' | 'failed') => void;
  /** The shop's requests being answered now: the worker sends one mail at a time while there are any. */
  requestsInFlight?: () => number;
}) {
  const { db, settings, smtpUrl, dataDir, composers, log } = deps;
  return createMailWorker({
    db,
    onDelivery: deps.onDelivery,
    requestsInFlight: deps.requestsInFlight,
    from: settings.from,
    domain: settings.domain,
    composers,
    log,
    transport: deps.transport ?? (smtpUrl ? smtpTransport(smtpUrl, deps.dkim) : fileTransport(path.join(dataDir, 'mail'), (m) => log.info(m))),
  });
}

export type MailService = ReturnType<typeof createMailService>;
