import { eq } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contacts, newsletterIssues, newsletterSubscriptions, newsletterTokens, outbox } from '#server/db/schema.ts';
import { mailSettingsFor } from '#server/modules/mail/mail-senders.rules.ts';
import { createOutboxService } from '#server/modules/mail/outbox.service.ts';
import { queuedMailsByRecipient } from '../../../../tests/helpers/outbox.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { runNewsletterSendCommand } from './newsletter-cli.ts';
import { createNewsletterIssuesService } from './newsletter-issues.service.ts';

/**
 * `npm run newsletter:send -- FILE.md [--language de-CH] [--topic id ...]`, through its core
 * (runNewsletterSendCommand): it schedules the issue, and the sending job (run here by
 * hand, as the server's would) queues its mails.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_FROM: 'news@cybersafe-academy.example' });
  const subscribers: [email: string, language: string | null, status: 'PENDING' | 'CONFIRMED' | 'UNSUBSCRIBED', topics: string[]][] = [
    ['de-phishing@example.ch', 'de-CH', 'CONFIRMED', ['phishing', 'awareness']],
    ['de-compliance@example.ch', 'de-CH', 'CONFIRMED', ['compliance']],
    ['de-none@example.ch', 'de-CH', 'CONFIRMED', []],
    ['de-pending@example.ch', 'de-CH', 'PENDING', ['phishing']],
    ['de-gone@example.ch', 'de-CH', 'UNSUBSCRIBED', ['phishing']],
    ['en@example.com', 'en-US', 'CONFIRMED', ['phishing']],
    ['nolang@example.com', null, 'CONFIRMED', []],
  ];
  for (const [email, preferredLanguage, status, topicIds] of subscribers) {
    const [contact] = await t.database.db.insert(contacts).values({ email, preferredLanguage, firstName: 'Test' }).returning();
    await t.database.db.insert(newsletterSubscriptions).values({ contactId: contact!.id, status, topicIds, source: 'NEWSLETTER' });
  }
  // A contact without a subscription gets nothing either.
  await t.database.db.insert(contacts).values({ email: 'contact-only@example.ch', preferredLanguage: 'de-CH' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
});

const issue = `# Neue Phishing-Welle

Diese Woche: **gefälschte Rechnungen** und *dringende* Zahlungsaufforderungen.

- Absender prüfen
- [Unser Webinar](https://cybersafe-academy.example/app/webinars) besuchen
- Nie auf <script>alert(1)</script> klicken

[Nicht klicken](javascript:alert(1))
`;

const issues = () =>
  createNewsletterIssuesService({ db: t.database.db, outbox: createOutboxService(), mail: mailSettingsFor(t.env.NEWSLETTER_FROM), publicUrl: t.env.PUBLIC_URL, mailsPerMinute: 6000, audit: t.app.audit });

async function send(args: string[], markdown = issue, delivery: { smtp: boolean; database: 'pglite' | 'postgres' } = { smtp: true, database: 'postgres' }) {
  const lines: string[] = [];
  const code = await runNewsletterSendCommand(args, {
    issues: issues(),
    readFile: async (path) => {
      if (path !== 'issue.md') throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return markdown;
    },
    print: (line) => lines.push(line),
    delivery: { ...delivery, mailsPerMinute: 6000 },
  });
  // The server's sending job.
  await issues().runSendingOnce();
  return { code, output: lines.join('\n') };
}

const serverSends =
  "A server running on this DATABASE_URL sends it, at most 6000 mails a minute; none is sent while no server runs. The back office's Newsletter page shows how far it got.";

const queued = () => queuedMailsByRecipient(t.database);

const headerOf = (mail: ParsedMail | undefined, name: string) =>
  mail?.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
const addressOf = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field[0] : field)?.value[0]?.address;

describe('newsletter:send', () => {
  it('queues the issue to the confirmed subscribers of the language who chose one of the topics', async () => {
    const { code, output } = await send(['issue.md', '--language', 'de-CH', '--topic', 'phishing', 'compliance']);
    expect(code).toBe(0);
    expect(output).toBe(`Scheduled "Neue Phishing-Welle" for now, to 2 confirmed subscribers (de-CH) who chose phishing, compliance.\n${serverSends}`);
    const mails = await queued();
    expect([...mails.keys()].sort()).toEqual(['de-compliance@example.ch', 'de-phishing@example.ch']);

    const mail = mails.get('de-phishing@example.ch');
    expect(mail?.subject).toBe('Neue Phishing-Welle');
    expect(addressOf(mail?.from)).toBe('news@cybersafe-academy.example');
    // The text part is the Markdown, with why the subscriber gets it and the link to change that.
    expect(mail?.text).toContain('Diese Woche: **gefälschte Rechnungen**');
    expect(mail?.text).toContain('Sie erhalten diesen Newsletter, weil Sie ihn mit de-phishing@example.ch abonniert haben.');
    const token = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain(`Themen ändern oder abmelden: ${t.env.PUBLIC_URL}/app/newsletter/${token}/`);
    // The HTML part: simple Markdown, everything else as text.
    const html = String(mail?.html);
    expect(html).toContain('lang="de-CH"');
    expect(html).toContain('<h1>Neue Phishing-Welle</h1>');
    expect(html).toContain('<strong>gefälschte Rechnungen</strong> und <em>dringende</em>');
    expect(html).toContain('<li><a href="https://cybersafe-academy.example/app/webinars">Unser Webinar</a> besuchen</li>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    // One-click unsubscribe with the mail's own token.
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(
      `<${t.env.PUBLIC_URL}/api/newsletter/${token}/unsubscribe>, <mailto:news@cybersafe-academy.example?subject=unsubscribe%20${token}>`,
    );
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'List-Id')).toBe('Newsletter der CyberSafe Academy <newsletter.cybersafe-academy.example>');
    const other = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(mails.get('de-compliance@example.ch')?.text ?? '')?.[1];
    expect(other).not.toBe(token);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/${token}/unsubscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toMatchObject({ email: 'de-phishing@example.ch', status: 'UNSUBSCRIBED' });
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ status: 'CONFIRMED' })
      .where(eq(newsletterSubscriptions.contactId, (await t.database.db.select().from(contacts).where(eq(contacts.email, 'de-phishing@example.ch')))[0]!.id));
  });

  it('sends to every confirmed subscriber of the language without --topic; a contact without a language counts as English', async () => {
    expect((await send(['issue.md', '--language', 'de-CH'])).output).toBe(`Scheduled "Neue Phishing-Welle" for now, to 3 confirmed subscribers (de-CH).\n${serverSends}`);
    expect([...(await queued()).keys()].sort()).toEqual(['de-compliance@example.ch', 'de-none@example.ch', 'de-phishing@example.ch']);
    await t.database.db.delete(outbox);
    expect((await send(['issue.md'])).code).toBe(0);
    expect([...(await queued()).keys()].sort()).toEqual(['en@example.com', 'nolang@example.com']);
    expect((await queued()).get('en@example.com')?.text).toContain('You receive this newsletter because you subscribed to it with en@example.com.');
  });

  it('says truthfully that on the embedded database the issue waits for the server to start', async () => {
    const { code, output } = await send(['issue.md'], issue, { smtp: true, database: 'pglite' });
    expect(code).toBe(0);
    expect(output).toContain('No server is running on this embedded database: the issue goes out when the server starts (npm start)');
  });

  it('refuses without SMTP_URL, as the mails would only become files, scheduling nothing', async () => {
    const before = (await t.database.db.select().from(newsletterIssues)).length;
    expect(await send(['issue.md'], issue, { smtp: false, database: 'postgres' })).toEqual({
      code: 1,
      output: 'Refused: SMTP_URL is not set, so the mails would only be written as files under DATA_DIR/mail/ and reach nobody. Set SMTP_URL as for the server, and run again.',
    });
    expect(await t.database.db.select().from(newsletterIssues)).toHaveLength(before);
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('refuses unknown topics, an issue without a heading, a missing file and bad arguments, queueing nothing', async () => {
    const tokensBefore = (await t.database.db.select().from(newsletterTokens)).length;
    expect(await send(['issue.md', '--topic', 'phishing', 'gardening'])).toEqual({
      code: 1,
      output: 'Refused: --topic gardening: Please choose one of the offered options.',
    });
    expect(await send(['issue.md'], 'No heading here.')).toEqual({
      code: 1,
      output: 'Refused: The issue needs a heading (a line starting with #): it becomes the subject.',
    });
    expect(await send(['missing.md'])).toEqual({ code: 1, output: 'Refused: missing.md does not exist.' });
    for (const args of [[], ['issue.md', '--language', 'fr-CH'], ['issue.md', '--topic'], ['issue.md', 'other.md'], ['--language', 'de-CH'], ['issue.md', '--dry-run']]) {
      const { code, output } = await send(args);
      expect(code, args.join(' ')).toBe(2);
      expect(output).toContain('Usage: npm run newsletter:send -- FILE.md');
    }
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    expect((await t.database.db.select().from(newsletterTokens)).length).toBe(tokensBefore);
  });
});
