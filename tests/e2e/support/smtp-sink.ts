import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser journeys: the app under test delivers its mail here,
 * and tests read what arrived from a small JSON endpoint (`GET /mails`).
 */
const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2527);
const mails: { to: string; subject: string; text: string; html: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url === '/mails' ? mails : { ok: true }));
  })
  .listen(httpPort, '127.0.0.1');
