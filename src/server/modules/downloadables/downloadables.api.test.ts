import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { consents, contacts, downloadableFiles, newsletterSubscriptions, outbox } from '#server/db/schema.ts';
import type { Language } from '#shared/locales.ts';
import type { Downloadable } from '#shared/schemas/downloadables.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails, rowCount } from '../../../../tests/helpers/outbox.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { signedLinkQuery } from './download-links.ts';

/** The downloadable content: the description, the cover, the request form and the signed link it mails. */

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const day = 24 * 60 * 60 * 1000;

async function emptyTables() {
  await t.database.db.delete(outbox);
  await t.database.db.delete(consents);
  await t.database.db.delete(contacts);
}

async function validPayload(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna.muster@example.ch',
    captchaSolution: await solveCaptcha(t.app, 'forms'),
    agreeWithDataPrivacy: true,
    preferredLanguage: 'en-US',
    companyName: 'Muster AG',
    role: 'CISO',
    ...overrides,
  };
}

function request(code: string, payload: unknown, headers: Record<string, string> = session.headers) {
  return t.app.inject({ method: 'POST', url: `/api/downloadables/by-code/${code}/subscriptions/`, headers, payload: payload as Record<string, unknown> });
}

/** The download link of a mail, as the address the server answers (path and query). */
function linkOf(mail: ParsedMail | undefined): string {
  const match = /https?:\/\/\S+\/api\/downloadables\/by-code\/\S+\/file\?\S+/.exec(mail?.text ?? '');
  if (!match) throw new Error('no download link in the mail');
  const url = new URL(match[0]);
  expect(url.origin).toBe(t.env.PUBLIC_URL);
  return `${url.pathname}${url.search}`;
}

/** The text of each page of a PDF. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

async function describeItem(code: string, language: Language): Promise<Downloadable> {
  const response = await t.app.inject({ url: `/api/downloadables/by-code/${code}?language=${language}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Downloadable;
}

/** Requests the item and returns the mailed link. */
async function mailedLink(code: string, overrides: Record<string, unknown> = {}): Promise<string> {
  await t.database.db.delete(outbox);
  const response = await request(code, await validPayload(overrides));
  expect(response.statusCode, response.body).toBe(200);
  const [mail] = await queuedMails(t.database);
  return linkOf(mail);
}

function expectRefusedTo(response: { statusCode: number; headers: Record<string, unknown>; body: string }, location: string): void {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe(location);
  expect(response.headers['content-type'] ?? '').not.toContain('pdf');
  expect(response.body).not.toContain('%PDF');
}

describe('GET /api/downloadables/by-code/:code', () => {
  it('describes the guide in each language, with its cover and page count', async () => {
    const english = await describeItem('guide', 'en-US');
    expect(english).toEqual({
      code: 'guide',
      language: 'en-US',
      title: 'The cybersecurity education guide',
      description: expect.stringContaining('phishing'),
      coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=en-US',
      pageCount: expect.any(Number),
    });
    expect(english.pageCount).toBeGreaterThanOrEqual(4);
    expect(english.pageCount).toBeLessThanOrEqual(6);
    const german = await describeItem('guide', 'de-CH');
    expect(german).toMatchObject({ language: 'de-CH', title: 'Der Leitfaden zur Cybersecurity-Ausbildung', coverUrl: '/api/downloadables/by-code/guide/cover.svg?language=de-CH' });
    expect(german.description).not.toContain('ß');
    const [file] = await t.database.db.select().from(downloadableFiles).where(and(eq(downloadableFiles.code, 'guide'), eq(downloadableFiles.language, 'de-CH')));
    expect(german.pageCount).toBe(file?.pageCount);

    const checklist = await describeItem('phishing-checklist', 'en-US');
    expect(checklist).toMatchObject({ title: 'The phishing checklist', pageCount: 1 });
  });

  it('takes the request language without ?language=', async () => {
    const response = await t.app.inject({ url: '/api/downloadables/by-code/guide', headers: { 'accept-language': 'de-CH,de;q=0.9' } });
    expect(response.json()).toMatchObject({ language: 'de-CH', title: 'Der Leitfaden zur Cybersecurity-Ausbildung' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 in both languages for an unknown code, 400 for a code that is none', async () => {
    const response = await t.app.inject({ url: '/api/downloadables/by-code/no-such-thing?language=en-US' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'notFound', messagesByLanguage: { 'en-US': 'This download does not exist.', 'de-CH': 'Diesen Download gibt es nicht.' } },
    });
    for (const code of ['Guide', 'a_b', 'x'.repeat(65)]) {
      const malformed = await t.app.inject({ url: `/api/downloadables/by-code/${code}` });
      expect(malformed.statusCode, code).toBe(400);
      expect(malformed.json().errors.map((e: { field: string }) => e.field)).toEqual(['code']);
    }
  });
});

describe('GET /api/downloadables/by-code/:code/cover.svg', () => {
  it('serves the cover in the language, as SVG, cached for a day', async () => {
    const response = await t.app.inject({ url: '/api/downloadables/by-code/guide/cover.svg?language=de-CH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body.startsWith('<svg')).toBe(true);
    expect(response.body).toContain('<title>Der Leitfaden zur Cybersecurity-Ausbildung</title>');
    expect(response.body).not.toContain('<script');
    expect((await t.app.inject({ url: '/api/downloadables/by-code/guide/cover.svg?language=en-US' })).body).toContain('The cybersecurity education guide');
  });

  it('answers 404 for an unknown code', async () => {
    const response = await t.app.inject({ url: '/api/downloadables/by-code/nothing/cover.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('notFound');
  });
});

describe('POST /api/downloadables/by-code/:code/subscriptions/', () => {
  beforeEach(emptyTables);

  it('records the person with their consent and mails a link that downloads the English guide', async () => {
    const response = await request('guide', await validPayload());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      messages: [
        {
          translations: {
            'en-US': 'Thank you. The link to download “The cybersecurity education guide” is on its way to anna.muster@example.ch. It works for 7 days.',
            'de-CH':
              'Vielen Dank. Der Link zum Herunterladen von «Der Leitfaden zur Cybersecurity-Ausbildung» ist unterwegs an anna.muster@example.ch. Er ist 7 Tage gültig.',
          },
        },
      ],
    });

    const [contact, ...otherContacts] = await t.database.db.select().from(contacts);
    expect(otherContacts).toEqual([]);
    expect(contact).toMatchObject({ email: 'anna.muster@example.ch', firstName: 'Anna', lastName: 'Muster', companyName: 'Muster AG', role: 'CISO', preferredLanguage: 'en-US' });
    const given = await t.database.db.select().from(consents);
    expect(given.map((row) => [row.contactId, row.subject, row.granted, row.source, row.language, row.textVersion])).toEqual([
      [contact?.id, 'DATA_PRIVACY', true, 'DOWNLOAD', 'en-US', '2026-06-01'],
    ]);
    expect(await t.database.db.select().from(newsletterSubscriptions)).toEqual([]);

    const [mail, ...moreMails] = await queuedMails(t.database);
    expect(moreMails).toEqual([]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('anna.muster@example.ch');
    expect(mail?.subject).toBe('Your download: The cybersecurity education guide');
    expect(mail?.text).toContain('Dear Anna');
    expect(mail?.text).toContain('The link works for 7 days, until');
    expect(mail?.text).toContain('for anyone who has it, so please do not pass it on.');
    expect(mail?.text).toContain(`${t.env.PUBLIC_URL}/app/downloadable-content/guide/en-US`);
    const link = linkOf(mail);
    expect(String(mail?.html)).toContain('lang="en-US"');
    expect(String(mail?.html)).toContain(`href="${t.env.PUBLIC_URL}${link.replace(/&/g, '&amp;')}"`);

    const download = await t.app.inject({ url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="cybersecurity-education-guide.pdf"; filename*=UTF-8\'\'cybersecurity-education-guide.pdf',
    );
    expect(download.headers['cache-control']).toBe('no-store');
    const pdf = download.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength((await describeItem('guide', 'en-US')).pageCount);
    const text = pages.join('\n');
    for (const topic of ['Recognising phishing', 'Passwords and multi-factor authentication', 'Updates and secure devices', 'Backups that really work', 'Reporting incidents', 'Checklist for your company']) {
      expect(text).toContain(topic);
    }
    expect(pages[1]).toContain(`Page 2 of ${pages.length}`);
    expect(text).not.toContain('Phishing erkennen');
  });

  it('writes in German and links the German guide, taking the request language without a preferred one', async () => {
    const payload = await validPayload({ firstName: 'Jürg' });
    delete payload.preferredLanguage;
    const response = await request('guide', payload, { ...session.headers, 'accept-language': 'de-CH,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    const [mail] = await queuedMails(t.database);
    expect(mail?.subject).toBe('Ihr Download: Der Leitfaden zur Cybersecurity-Ausbildung');
    expect(mail?.text).toContain('Guten Tag Jürg');
    expect(mail?.text).toContain('Der Link ist 7 Tage gültig, bis am');
    expect(mail?.text).toContain('Freundliche Grüsse');
    expect(mail?.text).not.toContain('ß');
    expect(String(mail?.html)).toContain('lang="de-CH"');
    const link = linkOf(mail);
    expect(link).toContain('language=de-CH');

    const download = await t.app.inject({ url: link });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="leitfaden-cybersecurity-ausbildung.pdf"');
    const pages = await pdfPages(download.rawPayload);
    expect(pages).toHaveLength((await describeItem('guide', 'de-CH')).pageCount);
    const text = pages.join('\n');
    for (const topic of ['Phishing erkennen', 'Passwörter und Zwei-Faktor-Anmeldung', 'Backups, die wirklich funktionieren', 'Vorfälle melden', 'Checkliste für Ihr Unternehmen']) {
      expect(text).toContain(topic);
    }
    expect(pages[1]).toContain(`Seite 2 von ${pages.length}`);
    expect(text).not.toContain('ß');
    expect(text).not.toContain('Recognising phishing');
    const [consent] = await t.database.db.select().from(consents);
    expect(consent).toMatchObject({ source: 'DOWNLOAD', language: 'de-CH' });
  });

  it('mails the one-page checklist too', async () => {
    const link = await mailedLink('phishing-checklist');
    const download = await t.app.inject({ url: link });
    expect(download.statusCode).toBe(200);
    const pages = await pdfPages(download.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('The phishing checklist');
    expect(pages[0]).toContain('Before you click');
  });

  it('adds each request to the one contact record: a consent each time, a fresh link each time', async () => {
    expect((await request('guide', await validPayload())).statusCode).toBe(200);
    expect((await request('phishing-checklist', await validPayload({ email: ' Anna.Muster@Example.CH ', preferredLanguage: 'de-CH', companyName: 'Other AG' }))).statusCode).toBe(200);
    expect(await rowCount(t.database, contacts)).toBe(1);
    const [contact] = await t.database.db.select().from(contacts);
    // A form sent without signing in only fills empty fields.
    expect(contact?.companyName).toBe('Muster AG');
    const given = await t.database.db.select().from(consents).orderBy(consents.createdAt);
    expect(given.map((row) => `${row.subject}:${row.source}:${row.language}`)).toEqual(['DATA_PRIVACY:DOWNLOAD:en-US', 'DATA_PRIVACY:DOWNLOAD:de-CH']);
    expect((await queuedMails(t.database)).map((mail) => mail.subject)).toEqual(['Your download: The cybersecurity education guide', 'Ihr Download: Die Phishing-Checkliste']);
  });

  it('starts the newsletter double opt-in when the box is ticked', async () => {
    expect((await request('guide', await validPayload({ newsletterEnabled: true }))).statusCode).toBe(200);
    const [subscription] = await t.database.db.select().from(newsletterSubscriptions);
    expect(subscription).toMatchObject({ status: 'PENDING', source: 'DOWNLOAD' });
    expect((await queuedMails(t.database)).map((mail) => mail.subject).sort()).toEqual(['Please confirm your newsletter subscription', 'Your download: The cybersecurity education guide']);
    // Nobody is subscribed before confirming: no NEWSLETTER consent yet.
    expect((await t.database.db.select().from(consents)).map((row) => row.subject)).toEqual(['DATA_PRIVACY']);
  });

  it('answers 404 for an unknown code, storing nothing and keeping the captcha unspent', async () => {
    const payload = await validPayload();
    const response = await request('no-such-document', payload);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.messagesByLanguage).toEqual({ 'en-US': 'This download does not exist.', 'de-CH': 'Diesen Download gibt es nicht.' });
    expect(await rowCount(t.database, contacts)).toBe(0);
    expect(await rowCount(t.database, outbox)).toBe(0);
    expect((await request('guide', payload)).statusCode).toBe(200);
    const replay = await request('guide', payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.map((e: { field: string }) => e.field)).toEqual(['captchaSolution']);
  });

  it('refuses bad input with 400 on each field, in both languages, storing nothing', async () => {
    const cases: [Record<string, unknown>, string, { 'en-US': string; 'de-CH': string } | undefined][] = [
      [{ firstName: '' }, 'firstName', { 'en-US': 'This field is required.', 'de-CH': 'Dieses Feld ist erforderlich.' }],
      [{ firstName: 'x'.repeat(101) }, 'firstName', { 'en-US': 'Please enter at most 100 characters.', 'de-CH': 'Bitte geben Sie höchstens 100 Zeichen ein.' }],
      [{ lastName: 'x'.repeat(101) }, 'lastName', undefined],
      [{ email: 'not an address' }, 'email', { 'en-US': 'Please enter a valid e-mail address.', 'de-CH': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }],
      [{ email: '' }, 'email', undefined],
      [{ companyName: 'x'.repeat(201) }, 'companyName', undefined],
      [{ role: 'ASTRONAUT' }, 'role', { 'en-US': 'Please choose one of the offered options.', 'de-CH': 'Bitte wählen Sie eine der angebotenen Optionen.' }],
      [{ newsletterEnabled: 'yes' }, 'newsletterEnabled', undefined],
      [{ agreeWithDataPrivacy: false }, 'agreeWithDataPrivacy', { 'en-US': 'Please agree to the privacy policy.', 'de-CH': 'Bitte stimmen Sie der Datenschutzerklärung zu.' }],
      [{ captchaSolution: '' }, 'captchaSolution', undefined],
      [{ preferredLanguage: 'fr-FR' }, 'preferredLanguage', undefined],
    ];
    for (const [overrides, field, messages] of cases) {
      const response = await request('guide', await validPayload(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const errors = response.json().errors as { field: string; messagesByLanguage: Record<Language, string> }[];
      expect(errors.map((e) => e.field)).toEqual([field]);
      const [error] = errors;
      if (messages) expect(error?.messagesByLanguage).toEqual(messages);
      expect(error?.messagesByLanguage['en-US']).toMatch(/\S/);
      expect(error?.messagesByLanguage['de-CH']).toMatch(/\S/);
      expect(error?.messagesByLanguage['de-CH']).not.toBe(error?.messagesByLanguage['en-US']);
    }
    const wrongFamily = await request('guide', await validPayload({ captchaSolution: await solveCaptcha(t.app, 'contact') }));
    expect(wrongFamily.statusCode).toBe(400);
    expect(wrongFamily.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'wrongSiteKey' });
    expect(await rowCount(t.database, contacts)).toBe(0);
    expect(await rowCount(t.database, outbox)).toBe(0);
  });

  it('needs the anti-forgery header (403)', async () => {
    const response = await request('guide', await validPayload(), { cookie: session.cookie });
    expect(response.statusCode).toBe(403);
    expect(await rowCount(t.database, outbox)).toBe(0);
  });

  it('counts against the limit of the forms that send mail (429 beyond it)', async () => {
    const limited = await createTestApp({ MAIL_FORMS_PER_HOUR: '2' });
    try {
      const xsrf = await startXsrfSession(limited.app);
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/downloadables/by-code/guide/subscriptions/', remoteAddress: '192.0.2.30', headers: xsrf.headers, payload: { firstName: 'Anna' } });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/downloadables/by-code/:code/file (the mailed link)', () => {
  beforeEach(emptyTables);

  it('refuses a changed link with the item page, which offers a fresh link', async () => {
    const link = await mailedLink('guide');
    const url = new URL(link, 'http://x');
    const page = '/app/downloadable-content/guide/en-US?link=invalid';
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const variants: Record<string, string> = {
      signature: flipped,
      shorter: signature.slice(1),
      expires: String(Number(url.searchParams.get('expires')) + 3600),
      paddedExpires: `0${url.searchParams.get('expires')}`,
    };
    for (const [name, value] of Object.entries(variants)) {
      const changed = new URL(url);
      changed.searchParams.set(name === 'signature' || name === 'shorter' ? 'signature' : 'expires', value);
      expectRefusedTo(await t.app.inject({ url: `${changed.pathname}${changed.search}` }), page);
    }
    // Without its language, the page is in the request's (here en-US).
    for (const missing of ['signature', 'expires', 'language']) {
      const changed = new URL(url);
      changed.searchParams.delete(missing);
      expectRefusedTo(await t.app.inject({ url: `${changed.pathname}${changed.search}` }), page);
    }
    // The unchanged link still works.
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
  });

  it('refuses a foreign link: made for another document or another language', async () => {
    const link = await mailedLink('guide', { preferredLanguage: 'de-CH' });
    const url = new URL(link, 'http://x');
    expectRefusedTo(
      await t.app.inject({ url: `/api/downloadables/by-code/phishing-checklist/file${url.search}` }),
      '/app/downloadable-content/phishing-checklist/de-CH?link=invalid',
    );
    url.searchParams.set('language', 'en-US');
    expectRefusedTo(await t.app.inject({ url: `${url.pathname}${url.search}` }), '/app/downloadable-content/guide/en-US?link=invalid');
    // A link signed with another server's key fits nowhere.
    const foreignKey = `/api/downloadables/by-code/guide/file?${signedLinkQuery('another-key-'.repeat(4), { code: 'guide', language: 'de-CH', expires: Math.floor(Date.now() / 1000) + 3600 })}`;
    expectRefusedTo(await t.app.inject({ url: foreignKey }), '/app/downloadable-content/guide/de-CH?link=invalid');
  });

  it('refuses an expired link with the page saying so, 7 days after the request', async () => {
    const link = await mailedLink('guide', { preferredLanguage: 'de-CH' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * day - 60_000);
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expectRefusedTo(await t.app.inject({ url: link }), '/app/downloadable-content/guide/de-CH?link=expired');
    vi.useRealTimers();
    const signedYesterday = `/api/downloadables/by-code/guide/file?${signedLinkQuery(t.env.SECRET_KEY, { code: 'guide', language: 'en-US', expires: Math.floor((Date.now() - day) / 1000) })}`;
    expectRefusedTo(await t.app.inject({ url: signedYesterday }), '/app/downloadable-content/guide/en-US?link=expired');
  });

  it('sends to the page in the request language when the link has no valid language', async () => {
    const response = await t.app.inject({ url: '/api/downloadables/by-code/guide/file?language=xx&expires=1&signature=abc', headers: { 'accept-language': 'de-CH' } });
    expectRefusedTo(response, '/app/downloadable-content/guide/de-CH?link=invalid');
  });
});
