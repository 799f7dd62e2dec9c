import MailComposer from 'nodemailer/lib/mail-composer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The `Reply-To` header: where a reply goes when it should not go to `from`. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The complete RFC 822 text of a mail. Composed when the mail is queued, so the outbox
 * row holds exactly what will be sent; the Message-ID is derived from the row id, so a
 * resend after a crash carries the same id and receivers can tell it is one mail.
 */
export async function composeMail(id: string, domain: string, message: MailMessage): Promise<string> {
  const composer = new MailComposer({
    ...message,
    messageId: `<${id}@${domain}>`,
    date: new Date(),
  });
  const raw = await composer.compile().build();
  return raw.toString('utf8');
}
