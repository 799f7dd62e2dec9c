import { expect } from '@playwright/test';

const mailboxUrl = `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT ?? 2527}/mails`;

export interface ReceivedMail {
  to: string;
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string }[];
  /** The first address of the List-Unsubscribe header; empty without one. */
  listUnsubscribe: string;
}

/** Waits until a mail to `to` (and with a subject containing `subject`) has arrived, and returns it. */
export async function waitForMail(to: string, subject = ''): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(mailboxUrl)).json()) as ReceivedMail[];
        found = mails.find((mail) => mail.to.includes(to) && mail.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
}
