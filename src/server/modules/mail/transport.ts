import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addressOf } from './mail-senders.rules.ts';

/**
 * Sends one composed mail; throws when it could not be handed over. Several sends may run
 * at once (the worker's senders). `close`, when present, ends its connections (the worker's stop).
 */
export type MailTransport = ((mail: { id: string; from: string; to: string; subject: string; raw: string }) => Promise<void>) & { close?: () => void };

/**
 * SMTP connections kept open and shared by the worker's senders: a mail no longer pays for
 * a connection and greeting of its own, which made delivery one mail after the other at
 * about eight a second (docs/decisions/046-mail-throughput-and-memory.md). A connection is renewed
 * after this many mails, as servers limit the mails of one connection.
 */
const smtpConnections = 4;
const mailsPerConnection = 100;

/**
 * The longest one send may take: a send still running then counts as failed (and is
 * retried). The worker's claim on a mail lasts longer than this (mail.worker.ts), so no
 * other process takes a mail while a send of it may still be under way.
 */
export const maxSendSeconds = 40;

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY: the key every mail is signed with. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The header fields a signature covers: nodemailer's own list (RFC 6376 §5.4.1), and
 * `List-Unsubscribe-Post`, which RFC 8058 §4 wants signed with `List-Unsubscribe` so that
 * a receiver may trust the one-click unsubscribe of a newsletter's mail.
 */
const signedHeaderFields = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type', 'Content-Transfer-Encoding',
  'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender', 'Resent-To', 'Resent-Cc', 'Resent-Message-ID',
  'In-Reply-To', 'References', 'List-Id', 'List-Help', 'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post',
  'List-Owner', 'List-Archive',
];

/**
 * SMTP_URL set: hand the mail to that server. With a DKIM key, nodemailer signs each mail
 * as it sends it (the outbox keeps the unsigned text), so a new key applies to mails
 * already queued, and the signature's time is the sending's.
 */
export function smtpTransport(smtpUrl: string, dkim?: DkimKey): MailTransport {
  // Made at the first send after a close, so a worker started again gets fresh connections.
  let pool: ReturnType<typeof openPool> | undefined;
  const send: MailTransport = async (mail) => {
    pool ??= openPool(smtpUrl, dkim);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP send took longer than ${maxSendSeconds} s`)), maxSendSeconds * 1000);
    });
    try {
      await Promise.race([(await pool).sendMail({ envelope: { from: addressOf(mail.from), to: [mail.to] }, raw: mail.raw }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  // Idle connections close at once; one still delivering closes after its mail.
  send.close = () => {
    void pool?.then((opened) => opened.close());
    pool = undefined;
  };
  return send;
}

/** nodemailer is loaded by the first send, not at every start (docs/decisions/052-quick-start.md). */
async function openPool(smtpUrl: string, dkim: DkimKey | undefined) {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: smtpConnections,
    maxMessages: mailsPerConnection,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: signedHeaderFields.join(':') } } : {}),
  });
}

/** SMTP_URL unset: each mail becomes an .eml file under DATA_DIR/mail/ (docs/decisions/005-mail-outbox.md). */
export function fileTransport(folder: string, log: (message: string) => void): MailTransport {
  // The folder is made for the first mail, and again when it has gone since: not for every mail.
  let made: Promise<unknown> | undefined;
  const makeFolder = () =>
    (made ??= mkdir(folder, { recursive: true }).catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  return async (mail) => {
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
    await makeFolder();
    try {
      await writeFile(file, mail.raw, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      made = undefined;
      await makeFolder();
      await writeFile(file, mail.raw, 'utf8');
    }
    // The file names the recipient; the log does not (no personal data in the log).
    log(`mail ${mail.id} written to ${file}`);
  };
}
