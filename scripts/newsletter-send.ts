/**
 * Sends a newsletter issue: `npm run newsletter:send -- FILE.md [--language de-CH] [--topic ID ...]`
 * queues the issue (Markdown, its first heading the subject) in the outbox for every
 * confirmed subscriber of the language (and of one of the topics), from NEWSLETTER_FROM,
 * with the one-click unsubscribe headers; the server's mail worker sends it. Opens the
 * database of the environment, as the server does (DATABASE_URL, else PGlite in
 * DATA_DIR/pgdata: stop the server first, PGlite allows one process at a time).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { EnvError, readEnv } from '#server/env.ts';
import { mailSettingsFor } from '#server/modules/mail/mail.service.ts';
import { runNewsletterSendCommand } from '#server/modules/newsletter/newsletter-cli.ts';
import { createNewsletterIssues } from '#server/modules/newsletter/newsletter.service.ts';

async function main(): Promise<number> {
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    return await runNewsletterSendCommand(process.argv.slice(2), {
      issues: createNewsletterIssues({ db: database.db, mail: mailSettingsFor(env.NEWSLETTER_FROM), publicUrl: env.PUBLIC_URL }),
      readFile: (file) => readFile(file, 'utf8'),
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
