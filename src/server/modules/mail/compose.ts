
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The `Reply-To` header: where a reply goes when it should not go to `from`. */
  replyTo?: string;
  /**
   * Further headers, written as given (`List-Unsubscribe`, `List-Id`): the values are the
   * shop's own (addresses, ids), never a visitor's text; line breaks are removed.
   */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The complete RFC 822 text of a mail. Composed when the mail is queued, so the outbox
 * row holds exactly what will be sent; the Message-ID is derived from the row id, so a
 * resend after a crash carries the same id and receivers can tell it is one mail.
 */
export async function composeMail(id: string, domain: string, message: MailMessage): Promise<string> {
  const { headers, ...fields } = message;
  // Loaded by the first mail, not at every start (docs/decisions/052-quick-start.md).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    ...fields,
    // Prepared: not MIME-encoded (a List-Unsubscribe value must stay a list of <URI>s), only folded.
    ...(headers
      ? { headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, { prepared: true, foldLines: true, value: value.replace(/[\r\n]+/g, ' ') }])) }
      : {}),
    messageId: `<${id}@${domain}>`,
    date: new Date(),
  });
  const raw = await composer.compile().build();
  return raw.toString('utf8');
}
