import http from 'node:http';
import { startSmtpServer } from '../../helpers/smtp.ts';

/**
 * A real SMTP server for the browser journeys: the app under test delivers its mail here,
 * and tests read what arrived from a small JSON endpoint (`GET /mails`).
 */
const smtp = await startSmtpServer(Number(process.env.SMTP_SINK_PORT ?? 2526));

http
  .createServer((request, response) => {
    const mails = smtp.mails.map((mail) => ({
      to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? ''),
      subject: mail.subject ?? '',
      replyTo: mail.replyTo?.text ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType })),
      // The first address of the List-Unsubscribe header (RFC 2369), as a mail program offers it.
      listUnsubscribe: /<([^>]+)>/.exec(mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '')?.[1] ?? '',
    }));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url === '/mails' ? mails : { ok: true }));
  })
  .listen(Number(process.env.SMTP_SINK_HTTP_PORT ?? 2527), '127.0.0.1');
