import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** Sends one composed mail; throws when it could not be handed over. */
export type MailTransport = (mail: { id: string; from: string; to: string; subject: string; raw: string }) => Promise<void>;

/** SMTP_URL set: hand the mail to that server. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (mail) => {
    await transporter.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw: mail.raw });
  };
}

/** SMTP_URL unset: each mail becomes an .eml file under DATA_DIR/mail/ (docs/decisions/005-mail-outbox.md). */
export function fileTransport(folder: string, log: (message: string) => void): MailTransport {
  return async (mail) => {
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
    await writeFile(file, mail.raw, 'utf8');
    log(`mail to ${mail.to}: "${mail.subject}" written to ${file}`);
  };
}
