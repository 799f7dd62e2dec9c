/**
 * Sends a newsletter issue: `npm run newsletter:send -- FILE.md [--language de-CH] [--topic ID ...]`
 * queues the issue (Markdown, its first heading the subject) in the outbox for every
 * confirmed subscriber of the language (and of one of the topics), from NEWSLETTER_FROM,
 * with the one-click unsubscribe headers; the server's mail worker sends it. Runs on the
 * database of the environment (run-with-database.ts).
 */
import { readFile } from 'node:fs/promises';
import { mailSettingsFor } from '#server/modules/mail/mail-senders.rules.ts';
import { createOutboxService } from '#server/modules/mail/outbox.service.ts';
import { runNewsletterSendCommand } from '#server/modules/newsletter/newsletter-cli.ts';
import { createNewsletterIssuesService } from '#server/modules/newsletter/newsletter-issues.service.ts';
import { runWithDatabase } from './run-with-database.ts';

runWithDatabase(({ env, database }) =>
  runNewsletterSendCommand(process.argv.slice(2), {
    issues: createNewsletterIssuesService({ db: database.db, outbox: createOutboxService(), mail: mailSettingsFor(env.NEWSLETTER_FROM), publicUrl: env.PUBLIC_URL }),
    readFile: (file) => readFile(file, 'utf8'),
    print: (line) => console.log(line),
  }),
);
