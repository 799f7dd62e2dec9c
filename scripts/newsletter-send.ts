/**
 * Sends a newsletter issue: `npm run newsletter:send -- FILE.md [--language de-CH] [--topic ID ...]`
 * schedules the issue (Markdown, its first heading the subject) for now, to every
 * confirmed subscriber of the language (and of one of the topics); the server's sending
 * job sends it from NEWSLETTER_FROM, as an issue written in the back office. Refused when
 * the mails would not go out: without SMTP_URL, or (run-with-database.ts) while the server
 * holds the embedded database.
 */
import { readFile } from 'node:fs/promises';
import { createAuditService } from '#server/modules/audit/audit.service.ts';
import { mailSettingsFor } from '#server/modules/mail/mail-senders.rules.ts';
import { createOutboxService } from '#server/modules/mail/outbox.service.ts';
import { runNewsletterSendCommand } from '#server/modules/newsletter/newsletter-cli.ts';
import { createNewsletterIssuesService } from '#server/modules/newsletter/newsletter-issues.service.ts';
import { runWithDatabase } from './run-with-database.ts';

runWithDatabase(({ env, database }) =>
  runNewsletterSendCommand(process.argv.slice(2), {
    issues: createNewsletterIssuesService({
      db: database.db,
      outbox: createOutboxService(),
      mail: mailSettingsFor(env.NEWSLETTER_FROM),
      publicUrl: env.PUBLIC_URL,
      mailsPerMinute: env.NEWSLETTER_MAILS_PER_MINUTE,
      audit: createAuditService({ db: database.db, secretKey: env.SECRET_KEY }),
    }),
    readFile: (file) => readFile(file, 'utf8'),
    print: (line) => console.log(line),
    delivery: { smtp: Boolean(env.SMTP_URL), database: database.kind, mailsPerMinute: env.NEWSLETTER_MAILS_PER_MINUTE },
  }),
);
