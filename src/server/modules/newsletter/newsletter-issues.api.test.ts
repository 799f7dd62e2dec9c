import { eq, inArray } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { contacts, newsletterIssueRecipients, newsletterIssues, newsletterSubscriptions, outbox } from '#server/db/schema.ts';
import { mailSettingsFor } from '#server/modules/mail/mail-senders.rules.ts';
import { createOutboxService, type OutboxService } from '#server/modules/mail/outbox.service.ts';
import type { Issue, IssuePreview } from '#shared/schemas/newsletter-issues.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createNewsletterIssuesService } from './newsletter-issues.service.ts';

/**
 * Newsletter issues written in the back office (/api/newsletter/admin/…), sent by the
 * sending job (run here by hand, as the server's is, one "process" after another) and
 * delivered by the mail worker to a real SMTP server.
 */

const sender = 'CyberSafe Academy <news@cybersafe-academy.example>';
/** 18 a minute: batches of 3, a pause of 10 s after each. */
const perMinute = 18;

let t: TestApp;
let smtp: TestSmtpServer;
let staff: StaffSignIn;

type Subscriber = [email: string, language: string | null, status: 'PENDING' | 'CONFIRMED' | 'UNSUBSCRIBED', role: string | null, level: string | null, topics: string[]];
const subscribers: Subscriber[] = [
  ['ciso-de@example.ch', 'de-CH', 'CONFIRMED', 'CISO', 'EXPERT', ['phishing']],
  ['it-de@example.ch', 'de-CH', 'CONFIRMED', 'HEAD_OF_IT', 'BEGINNER', ['phishing', 'compliance']],
  ['ciso-de-2@example.ch', 'de-CH', 'CONFIRMED', 'CISO', 'INTERMEDIATE', ['awareness', 'phishing']],
  ['ciso-en@example.com', 'en-US', 'CONFIRMED', 'CISO', null, ['phishing']],
  ['nolang-ciso@example.com', null, 'CONFIRMED', 'CISO', 'EXPERT', ['phishing']],
  ['it-en@example.com', 'en-US', 'CONFIRMED', 'HEAD_OF_IT', null, ['phishing']],
  ['ciso-de-3@example.ch', 'de-CH', 'CONFIRMED', 'CISO', null, ['phishing']],
  // Not in the segment: another role, no role, no matching topic, not confirmed.
  ['dev-de@example.ch', 'de-CH', 'CONFIRMED', 'SOFTWARE_DEVELOPER', null, ['phishing']],
  ['norole@example.ch', 'de-CH', 'CONFIRMED', null, null, ['phishing']],
  ['compliance-only@example.ch', 'de-CH', 'CONFIRMED', 'CISO', null, ['compliance']],
  ['pending@example.ch', 'de-CH', 'PENDING', 'CISO', null, ['phishing']],
  ['gone@example.ch', 'de-CH', 'UNSUBSCRIBED', 'CISO', null, ['phishing']],
];
/** The confirmed subscribers in the segment; the issue reaches them less the one who unsubscribes while it is sent. */
const inSegment = ['ciso-de-2@example.ch', 'ciso-de@example.ch', 'ciso-en@example.com', 'it-de@example.ch', 'it-en@example.com', 'ciso-de-3@example.ch', 'nolang-ciso@example.com'];
const germans = new Set(['ciso-de-2@example.ch', 'ciso-de@example.ch', 'it-de@example.ch', 'ciso-de-3@example.ch']);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, NEWSLETTER_FROM: sender, NEWSLETTER_MAILS_PER_MINUTE: String(perMinute), PUBLIC_URL: 'https://shop.example.ch' });
  staff = await signInAsStaff(t, { email: 'editor@cybersafe-academy.example' });
  for (const [email, preferredLanguage, status, role, experienceLevel, topicIds] of subscribers) {
    const [contact] = await t.database.db.insert(contacts).values({ email, preferredLanguage, role, experienceLevel, firstName: 'Test' }).returning();
    await t.database.db.insert(newsletterSubscriptions).values({ contactId: contact!.id, status, topicIds, source: 'NEWSLETTER' });
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
  smtp.mails.length = 0;
  smtp.raws.length = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: Record<string, unknown>, headers: Record<string, string> = staff.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const segment = { languages: ['de-CH', 'en-US'], roles: ['CISO', 'HEAD_OF_IT'], experienceLevels: [], topicIds: ['phishing'] };
const input = (overrides: Record<string, unknown> = {}) => ({
  editions: {
    'en-US': { subject: 'Phishing season', preheader: 'Fake invoices are back', body: '# Phishing season\n\nCheck the **sender**.\n\n- [Our webinar](https://cybersafe-academy.example/app/webinars)\n\n![Chart](https://cdn.example.ch/chart.png)' },
    'de-CH': { subject: 'Phishing-Saison', preheader: 'Gefälschte Rechnungen sind zurück', body: '# Phishing-Saison\n\nPrüfen Sie den **Absender**.\n\n<script>alert(1)</script>' },
  },
  segment,
  ...overrides,
});

const issuesService = (outboxService: Pick<OutboxService, 'queue' | 'deliveries'> = createOutboxService(), db = t.database.db) =>
  createNewsletterIssuesService({ db, outbox: outboxService, mail: mailSettingsFor(sender), publicUrl: t.env.PUBLIC_URL, mailsPerMinute: perMinute, audit: t.app.audit });
/** The server's mail worker, one pass at a time. */
const worker = () => t.app.mailWorker;

/** The pause after a batch is over: the next batch is due now (the test does not wait 10 s). */
const pauseOver = (id: string) => t.database.db.update(newsletterIssues).set({ nextBatchAt: new Date(Date.now() - 1000) }).where(eq(newsletterIssues.id, id));

const headerOf = (mail: ParsedMail | undefined, name: string) =>
  mail?.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
const firstAddress = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field[0] : field)?.value[0];
const recipientOf = (mail: ParsedMail) => firstAddress(mail.to)?.address ?? '';

async function createIssue(overrides: Record<string, unknown> = {}): Promise<Issue> {
  const response = await call('POST', '/api/newsletter/admin/issues/', input(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Issue;
}

describe('newsletter issues from the back office', () => {
  it('reach exactly the confirmed subscribers of the segment, once each, though the sending is interrupted halfway and resumed', async () => {
    const count = await call('POST', '/api/newsletter/admin/segment-count', segment);
    expect(count.json()).toEqual({ recipients: 7 });
    expect((await call('POST', '/api/newsletter/admin/segment-count', { ...segment, languages: ['en-US'] })).json()).toEqual({ recipients: 3 });

    const issue = await createIssue();
    expect(issue).toMatchObject({ status: 'DRAFT', createdBy: 'editor@cybersafe-academy.example', stats: { recipients: 0, sent: 0 } });

    const sending = await call('POST', `/api/newsletter/admin/issues/${issue.id}/sending`, {});
    expect(sending.statusCode, sending.body).toBe(200);
    expect(sending.json()).toMatchObject({ status: 'SCHEDULED' });
    // Once it is scheduled, it cannot be changed any more.
    expect((await call('PUT', `/api/newsletter/admin/issues/${issue.id}`, input())).statusCode).toBe(409);

    // The first process starts the issue (its recipients: the segment now) and queues one batch.
    expect(await issuesService().runSendingOnce()).toBe(3);
    const recipients = await t.database.db.select().from(newsletterIssueRecipients).where(eq(newsletterIssueRecipients.issueId, issue.id));
    expect(recipients).toHaveLength(7);
    // The pause holds: nothing more now.
    expect(await issuesService().runSendingOnce()).toBe(0);
    // The worker delivers what is queued.
    expect(await worker().runOnce()).toBe(3);

    // Someone who has not got it yet unsubscribes meanwhile.
    const firstBatch = recipients.filter((row) => row.status === 'QUEUED');
    expect(firstBatch).toHaveLength(3);
    const leavingId = recipients.find((row) => row.status === 'PENDING')!.contactId;
    const [leaving] = await t.database.db.select().from(contacts).where(eq(contacts.id, leavingId));
    await t.database.db.update(newsletterSubscriptions).set({ status: 'UNSUBSCRIBED', unsubscribedAt: new Date() }).where(eq(newsletterSubscriptions.contactId, leavingId));
    const reached = inSegment.filter((email) => email !== leaving!.email).sort();

    // The second process dies in the middle of its batch: nothing of that batch stands.
    await pauseOver(issue.id);
    let queuedByDying = 0;
    const real = createOutboxService();
    const dying = issuesService({
      deliveries: real.deliveries,
      queue: async (...args) => {
        if (++queuedByDying === 2) throw new Error('process killed');
        return real.queue(...args);
      },
    });
    await expect(dying.runSendingOnce()).rejects.toThrow('process killed');
    expect(await t.database.db.select().from(outbox)).toHaveLength(3);

    // A new process resumes, batch after batch, until the issue is sent.
    for (let pass = 0; pass < 10; pass++) {
      await pauseOver(issue.id);
      await issuesService().runSendingOnce();
      const [row] = await t.database.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
      if (row?.status === 'SENT') break;
    }
    expect(await worker().runOnce()).toBe(3);
    await pauseOver(issue.id);
    expect(await issuesService().runSendingOnce()).toBe(0);
    expect(await worker().runOnce()).toBe(0);

    const mails = await smtp.waitForMails(6);
    expect(mails.map(recipientOf).sort()).toEqual(reached);
    for (const mail of mails) {
      const german = germans.has(recipientOf(mail));
      expect(mail.subject).toBe(german ? 'Phishing-Saison' : 'Phishing season');
      expect(firstAddress(mail.from)).toEqual({ name: 'CyberSafe Academy', address: 'news@cybersafe-academy.example' });
      const token = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(mail.text ?? '')?.[1] ?? '';
      expect(headerOf(mail, 'List-Unsubscribe')).toBe(`<https://shop.example.ch/api/newsletter/${token}/unsubscribe>, <mailto:news@cybersafe-academy.example?subject=unsubscribe%20${token}>`);
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(mail, 'List-Id')).toBe(german ? 'Newsletter der CyberSafe Academy <newsletter.cybersafe-academy.example>' : 'CyberSafe Academy newsletter <newsletter.cybersafe-academy.example>');
      const html = String(mail.html);
      expect(html).toContain(german ? 'Gefälschte Rechnungen sind zurück' : 'Fake invoices are back');
      if (german) expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      else expect(html).toContain('<img src="https://cdn.example.ch/chart.png" alt="Chart"');
      expect(html).not.toContain('<script>');
    }

    const after = (await call('GET', `/api/newsletter/admin/issues/${issue.id}`)).json() as Issue;
    expect(after).toMatchObject({ status: 'SENT', stats: { recipients: 7, queued: 6, sent: 6, failed: 0, skipped: 1, unsubscribedSince: 1 } });
    expect(after.finishedAt).not.toBeNull();
    // A one-click unsubscribe from the issue counts as an unsubscribe since.
    const token = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const oneClick = await t.app.inject({ method: 'POST', url: `/api/newsletter/${token}/unsubscribe`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(((await call('GET', `/api/newsletter/admin/issues/${issue.id}`)).json() as Issue).stats.unsubscribedSince).toBe(2);
    const list = (await call('GET', '/api/newsletter/admin/issues/')).json() as { issues: Issue[] };
    expect(list.issues.map((entry) => entry.id)).toContain(issue.id);
    // Put back for the other tests.
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ status: 'CONFIRMED', unsubscribedAt: null })
      .where(inArray(newsletterSubscriptions.contactId, (await t.database.db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.email, [recipientOf(mails[0]!), leaving!.email]))).map((row) => row.id)));
  });

  it('is queued once per recipient when two copies of the server send at the same moment', async () => {
    const issue = await createIssue({ segment: { languages: ['de-CH', 'en-US'], roles: [], experienceLevels: [], topicIds: [] } });
    await call('POST', `/api/newsletter/admin/issues/${issue.id}/sending`, {});
    // A second connection pool stands for the second copy (PostgreSQL); PGlite has one connection.
    const second = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, migrationDatabaseUrl: t.migrationDatabaseUrl }) : undefined;
    try {
      const copies = [issuesService(), issuesService(createOutboxService(), second?.db ?? t.database.db)];
      for (let pass = 0; pass < 10; pass++) {
        await pauseOver(issue.id);
        await Promise.all(copies.map((copy) => copy.runSendingOnce()));
      }
    } finally {
      await second?.close();
    }
    const queued = (await t.database.db.select().from(outbox)).map((row) => row.recipient);
    // Every confirmed subscriber: 10 of the list above.
    expect(queued).toHaveLength(10);
    expect(new Set(queued).size).toBe(10);
    expect(((await call('GET', `/api/newsletter/admin/issues/${issue.id}`)).json() as Issue).status).toBe('SENT');
  });

  it('previews both languages and sends a test of each to the staff member only', async () => {
    const issue = await createIssue();
    const preview = (await call('GET', `/api/newsletter/admin/issues/${issue.id}/preview`)).json() as IssuePreview;
    expect(preview.editions.map((edition) => [edition.language, edition.subject])).toEqual([
      ['en-US', 'Phishing season'],
      ['de-CH', 'Phishing-Saison'],
    ]);
    expect(preview.editions[0]?.html).toContain('<strong>sender</strong>');
    expect(preview.editions[1]?.html).toContain('lang="de-CH"');
    // The back office frames each edition from its own address, whose policy lets the mail's styles and images show.
    const framed = await call('GET', `/api/newsletter/admin/issues/${issue.id}/preview/de-CH`);
    expect(framed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(framed.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.body).toBe(preview.editions[1]?.html);

    const test = await call('POST', `/api/newsletter/admin/issues/${issue.id}/test`);
    expect(test.json()).toEqual({
      messages: [{ translations: { 'en-US': 'A test of each language was sent to editor@cybersafe-academy.example.', 'de-CH': 'Ein Test jeder Sprache wurde an editor@cybersafe-academy.example gesendet.' } }],
    });
    await worker().runOnce();
    const mails = await smtp.waitForMails(2);
    expect(mails.map((mail) => [recipientOf(mail), mail.subject]).sort()).toEqual([
      ['editor@cybersafe-academy.example', '[Test] Phishing season'],
      ['editor@cybersafe-academy.example', '[Test] Phishing-Saison'],
    ]);
    // A test is no sending: the issue is still a draft, with no recipients.
    expect(((await call('GET', `/api/newsletter/admin/issues/${issue.id}`)).json() as Issue).status).toBe('DRAFT');
  });

  it('schedules an issue for later, and takes it back to a draft before its time', async () => {
    const issue = await createIssue();
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    expect((await call('POST', `/api/newsletter/admin/issues/${issue.id}/sending`, { sendAt })).json()).toMatchObject({ status: 'SCHEDULED', sendAt });
    expect(await issuesService().runSendingOnce()).toBe(0);
    const past = await call('POST', `/api/newsletter/admin/issues/${issue.id}/sending`, { sendAt: new Date(Date.now() - 3600_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ field: 'sendAt', messagesByLanguage: { 'en-US': 'Please choose a time in the future, or send it now.' } });
    expect((await call('POST', `/api/newsletter/admin/issues/${issue.id}/unschedule`)).json()).toMatchObject({ status: 'DRAFT', sendAt: null });
    expect((await call('DELETE', `/api/newsletter/admin/issues/${issue.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/newsletter/admin/issues/${issue.id}`)).statusCode).toBe(404);

    // Each change is in the audit log with the editor who made it.
    const admin = await signInAsStaff(t, { role: 'admin' });
    const audit = await call('GET', `/api/admin/audit?targetId=${issue.id}`, undefined, admin.headers);
    expect(audit.statusCode).toBe(200);
    const rows = (audit.json() as { results: { action: string; actorEmail: string }[] }).results;
    expect(rows.map((row) => row.action).sort()).toEqual(['newsletterIssue.create', 'newsletterIssue.delete', 'newsletterIssue.schedule', 'newsletterIssue.unschedule']);
    expect(new Set(rows.map((row) => row.actorEmail))).toEqual(new Set(['editor@cybersafe-academy.example']));
  });

  it('refuses an edition missing for a language of the segment, unknown topics, and callers without a staff session', async () => {
    const missing = await call('POST', '/api/newsletter/admin/issues/', input({ editions: { 'en-US': input().editions['en-US'], 'de-CH': { subject: '', preheader: '', body: '' } } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { field: string }) => error.field)).toEqual(['editions.de-CH.subject', 'editions.de-CH.body']);
    expect(missing.json().errors[0].messagesByLanguage).toEqual({ 'en-US': 'This field is required.', 'de-CH': 'Dieses Feld ist erforderlich.' });
    // Without German in the segment, the German edition may stay empty.
    const english = await call('POST', '/api/newsletter/admin/issues/', input({ editions: { 'en-US': input().editions['en-US'], 'de-CH': { subject: '', preheader: '', body: '' } }, segment: { ...segment, languages: ['en-US'] } }));
    expect(english.statusCode, english.body).toBe(200);

    const topic = await call('POST', '/api/newsletter/admin/issues/', input({ segment: { ...segment, topicIds: ['phishing', 'gardening'] } }));
    expect(topic.statusCode).toBe(400);
    expect(topic.json().errors[0]).toMatchObject({ field: 'segment.topicIds.1', code: 'invalidOption' });
    const noLanguage = await call('POST', '/api/newsletter/admin/segment-count', { ...segment, languages: [] });
    expect(noLanguage.json().errors[0]).toMatchObject({ field: 'languages', messagesByLanguage: { 'en-US': 'Please choose at least one language.' } });

    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/admin/issues/' })).statusCode).toBe(401);
  });

  it('stores uploaded images in the database and serves them publicly; anything but an image is refused', async () => {
    // The smallest PNG: one transparent pixel.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const upload = await call('POST', '/api/newsletter/admin/images', { content: png.toString('base64') });
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = upload.json() as { id: string; url: string };
    expect(url).toMatch(/^\/api\/newsletter\/images\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.equals(png)).toBe(true);

    const issue = await createIssue({ editions: { ...input().editions, 'en-US': { subject: 'With a logo', preheader: '', body: `![Logo](${url})\n\n![Local](/etc/passwd) ![Plain](http://insecure.example/x.png)` } } });
    const preview = (await call('GET', `/api/newsletter/admin/issues/${issue.id}/preview`)).json() as IssuePreview;
    expect(preview.editions[0]?.html).toContain(`<img src="https://shop.example.ch${url}" alt="Logo"`);
    expect(preview.editions[0]?.html).toContain('![Local](/etc/passwd) ![Plain](http://insecure.example/x.png)');

    const text = await call('POST', '/api/newsletter/admin/images', { content: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0]).toMatchObject({ field: 'content', messagesByLanguage: { 'en-US': 'Please choose a PNG, JPEG, GIF or WebP image.' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});
