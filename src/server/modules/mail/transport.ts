import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { addressOf } from './mail-senders.rules.ts';

/** Sends one composed mail; throws when it could not be handed over. */
export type MailTransport = (mail: { id: string; from: string; to: string; subject: string; raw: string }) => Promise<void>;

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
 * SMTP_URL set: hand the mail to that server. With a DKIM key, nodemailer signs each mail
 * as it sends it (the outbox keeps the unsigned text), so a new key applies to mails
 * already queued, and the signature's time is the sending's.
 */
export function smtpTransport(smtpUrl: string, dkim?: DkimKey): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(dkim ? { dkim } : {}),
  });
  return async (mail) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`SMTP send took longer than ${maxSendSeconds} s`)), maxSendSeconds * 1000);
    });
    try {
      await Promise.race([transporter.sendMail({ envelope: { from: addressOf(mail.from), to: [mail.to] }, raw: mail.raw }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** SMTP_URL unset: each mail becomes an .eml file under DATA_DIR/mail/ (docs/decisions/005-mail-outbox.md). */
export function fileTransport(folder: string, log: (message: string) => void): MailTransport {
  return async (mail) => {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
    await writeFile(file, mail.raw, 'utf8');
    // The file names the recipient; the log does not (no personal data in the log).
    log(`mail ${mail.id} written to ${file}`);
  };
}
