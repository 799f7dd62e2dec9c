import { randomUUID } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '#server/db/schema.ts';
import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import type { ContactMessage, MessageList } from '#shared/schemas/messages.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMailsByRecipient, rowCount } from '../../../../tests/helpers/outbox.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/** The contact form (POST /api/contact-form/) and the back office's inbox (/api/messages/admin/…). */

const addresses = {
  education: 'training@cybersafe-academy.example',
  security: 'security@cybersafe-academy.example',
};

let t: TestApp;
let session: XsrfSession;
let staff: StaffSignIn;
beforeAll(async () => {
  // Two recipients have an address of their own; the others fall back to ORDERS_EMAIL.
  t = await createTestApp({ CONTACT_EMAIL_EDUCATION_EXPERT: addresses.education, CONTACT_EMAIL_SECURITY: addresses.security });
  session = await startXsrfSession(t.app);
  staff = await signInAsStaff(t);
});
afterAll(async () => {
  await t.close();
});

const text20 = 'Which training fits a team of twelve developers?';

async function validPayload(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna.muster@example.ch',
    captchaSolution: await solveCaptcha(t.app, 'contact'),
    agreeWithDataPrivacy: true,
    preferredLanguage: 'de-CH',
    phoneCountryCode: 'CH',
    phoneNumber: '044 668-18 00',
    company: 'Muster AG',
    recipient: 'EDUCATION_EXPERT',
    subject: 'Training for our developers',
    message: text20,
    ...overrides,
  };
}

function send(payload: unknown, headers: Record<string, string> = session.headers) {
  return t.app.inject({ method: 'POST', url: '/api/contact-form/', headers, payload: payload as Record<string, unknown> });
}

/** The queued mails, parsed, by recipient. */
const queuedMails = () => queuedMailsByRecipient(t.database);

const addressOf = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field[0] : field)?.value[0]?.address;

describe('POST /api/contact-form/', () => {
  beforeEach(async () => {
    await t.database.db.delete(outbox);
    await t.database.db.delete(contactMessages);
  });

  it('stores the message and queues the mail to the recipient and the acknowledgement in the sender’s language', async () => {
    const response = await send(await validPayload());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      messages: [
        {
          translations: {
            'en-US': 'Thank you for your message to: Education expert. We have sent you a confirmation by e-mail and will answer within two working days.',
            'de-CH':
              'Vielen Dank für Ihre Nachricht an: Ausbildungsfachperson. Wir haben Ihnen eine Bestätigung per E-Mail geschickt und antworten innert zwei Arbeitstagen.',
          },
        },
      ],
    });

    const [stored, ...others] = await t.database.db.select().from(contactMessages);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna.muster@example.ch',
      phoneCountryCode: 'CH',
      phoneNumber: '44 668 18 00',
      company: 'Muster AG',
      recipient: 'EDUCATION_EXPERT',
      subject: 'Training for our developers',
      message: text20,
      language: 'de-CH',
      readAt: null,
      archivedAt: null,
    });
    expect(Date.now() - (stored?.receivedAt.getTime() ?? 0)).toBeLessThan(60_000);

    const mails = await queuedMails();
    expect([...mails.keys()].sort()).toEqual(['anna.muster@example.ch', addresses.education]);

    const team = mails.get(addresses.education);
    expect(addressOf(team?.replyTo)).toBe('anna.muster@example.ch');
    expect(addressOf(team?.from)).toBe(t.env.MAIL_FROM);
    expect(team?.subject).toBe('Contact form (Education expert): Training for our developers');
    expect(team?.text).toContain('From: Anna Muster <anna.muster@example.ch>');
    expect(team?.text).toContain('Company: Muster AG');
    // Typed with the national 0, stored and mailed once normalised.
    expect(team?.text).toContain('Phone number: +41 44 668 18 00');
    expect(team?.text).toContain(text20);
    expect(team?.text).toContain(`${t.env.PUBLIC_URL}/app/admin-panel/messages/${stored?.id}`);

    const acknowledgement = mails.get('anna.muster@example.ch');
    expect(acknowledgement?.replyTo).toBeUndefined();
    expect(acknowledgement?.subject).toBe('Wir haben Ihre Nachricht erhalten');
    expect(acknowledgement?.text).toContain('Guten Tag Anna');
    expect(acknowledgement?.text).toContain('weitergeleitet an: Ausbildungsfachperson.');
    expect(acknowledgement?.text).toContain('Wie es weitergeht:');
    expect(acknowledgement?.text).not.toContain('ß');
    expect(acknowledgement?.html).toContain('lang="de-CH"');
    // The sender's own text is not sent back to the address they typed.
    expect(acknowledgement?.text).not.toContain(text20);
  });

  it('sends to ORDERS_EMAIL for a recipient without an address of its own, and acknowledges in English', async () => {
    const response = await send(await validPayload({ recipient: 'MESSAGE_CENTRAL', preferredLanguage: 'en-US', email: 'ben@example.com' }));
    expect(response.statusCode).toBe(200);
    const mails = await queuedMails();
    expect([...mails.keys()].sort()).toEqual(['ben@example.com', t.env.ORDERS_EMAIL].sort());
    expect(t.env.ORDERS_EMAIL).toBe('orders@cybersafe-academy.example');
    expect(addressOf(mails.get(t.env.ORDERS_EMAIL)?.replyTo)).toBe('ben@example.com');
    const acknowledgement = mails.get('ben@example.com');
    expect(acknowledgement?.subject).toBe('We have received your message');
    expect(acknowledgement?.text).toContain('Hello Anna');
    expect(acknowledgement?.text).toContain('passed on to: General enquiries.');
  });

  it('sends security reports to CONTACT_EMAIL_SECURITY and data-protection requests to ORDERS_EMAIL when unset', async () => {
    expect((await send(await validPayload({ recipient: 'INFORMATION_SECURITY_OFFICER_SECURITY_ISSUES_ONLY', email: 'sec@example.ch' }))).statusCode).toBe(200);
    expect((await send(await validPayload({ recipient: 'DATA_PRIVACY_OFFICER', email: 'dpo@example.ch' }))).statusCode).toBe(200);
    const rows = await t.database.db.select({ recipient: outbox.recipient }).from(outbox);
    expect(rows.map((row) => row.recipient).sort()).toEqual(['dpo@example.ch', addresses.security, t.env.ORDERS_EMAIL, 'sec@example.ch'].sort());
  });

  it('takes the request language when the payload names none, and the company name when no company is given', async () => {
    const payload = await validPayload({ company: '', companyName: 'Beispiel GmbH', phoneNumber: '', phoneCountryCode: 'DE' });
    delete payload.preferredLanguage;
    const response = await send(payload, { ...session.headers, 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ language: 'en-US', company: 'Beispiel GmbH', phoneNumber: null, phoneCountryCode: null });
    expect((await queuedMails()).get('anna.muster@example.ch')?.subject).toBe('We have received your message');
  });

  it('shows the visitor’s text as text: escaped in the HTML part, as written in the text part', async () => {
    const message = 'Hello <script>alert("x")</script> & <b>bold</b>\n<a href="https://evil.example">click</a>';
    const response = await send(await validPayload({ subject: '<img src=x onerror=alert(1)>', firstName: '<i>Anna</i>', message }));
    expect(response.statusCode).toBe(200);
    const team = (await queuedMails()).get(addresses.education);
    const html = String(team?.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toContain('href="https://evil.example"');
    expect(html).not.toContain('<i>Anna');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;<br>&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(team?.text).toContain(message);
    const acknowledgement = (await queuedMails()).get('anna.muster@example.ch');
    expect(String(acknowledgement?.html)).toContain('Guten Tag &lt;i&gt;Anna&lt;/i&gt;');
  });

  it('puts a subject with line breaks on one line in the mail’s subject', async () => {
    expect((await send(await validPayload({ subject: 'Line one\nBcc: victim@example.com' }))).statusCode).toBe(200);
    const team = (await queuedMails()).get(addresses.education);
    expect(team?.subject).toBe('Contact form (Education expert): Line one Bcc: victim@example.com');
    expect(team?.bcc).toBeUndefined();
  });

  describe('refuses, stores and sends nothing, and names the field in both languages', () => {
    const tooShort = { 'en-US': 'Please enter at least 20 characters.', 'de-CH': 'Bitte geben Sie mindestens 20 Zeichen ein.' };
    const required = { 'en-US': 'This field is required.', 'de-CH': 'Dieses Feld ist erforderlich.' };
    const invalidOption = { 'en-US': 'Please choose one of the offered options.', 'de-CH': 'Bitte wählen Sie eine der angebotenen Optionen.' };
    // [case, payload, field, code (where the shared mapping names its own), messages]
    const refusals: [string, () => Promise<Record<string, unknown>>, string, string | undefined, Record<string, string>?][] = [
      ['a missing recipient', () => validPayload({ recipient: undefined }), 'recipient', undefined, invalidOption],
      ['a recipient outside the list', () => validPayload({ recipient: 'CEO' }), 'recipient', undefined, invalidOption],
      ['a missing subject', () => validPayload({ subject: undefined }), 'subject', 'required', required],
      ['a blank subject', () => validPayload({ subject: '   ' }), 'subject', 'required', required],
      ['a subject of 201 characters', () => validPayload({ subject: 'x'.repeat(201) }), 'subject', 'tooLong'],
      ['a missing message', () => validPayload({ message: undefined }), 'message', 'required', required],
      ['a message of 19 characters', () => validPayload({ message: 'Too short, 19 chars' }), 'message', 'tooShort', tooShort],
      ['a message that is short once trimmed', () => validPayload({ message: `   ${'x'.repeat(19)}   ` }), 'message', 'tooShort', tooShort],
      ['a message of 5001 characters', () => validPayload({ message: 'x'.repeat(5001) }), 'message', 'tooLong'],
      [
        'a phone number with other characters',
        () => validPayload({ phoneNumber: '+41 (44) 668 18 00' }),
        'phoneNumber',
        undefined,
        {
          'en-US':
            'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.',
          'de-CH':
            'Verwenden Sie nur Ziffern, Leerzeichen und Bindestriche. Bitte geben Sie die Telefonnummer im internationalen Format mit der gewählten Landesvorwahl ein.',
        },
      ],
      ['a phone number without its country', () => validPayload({ phoneCountryCode: undefined }), 'phoneCountryCode', undefined, required],
      [
        'a consent that is false',
        () => validPayload({ agreeWithDataPrivacy: false }),
        'agreeWithDataPrivacy',
        undefined,
        { 'en-US': 'Please agree to the privacy policy.', 'de-CH': 'Bitte stimmen Sie der Datenschutzerklärung zu.' },
      ],
      ['a missing consent', () => validPayload({ agreeWithDataPrivacy: undefined }), 'agreeWithDataPrivacy', undefined],
      ['a malformed e-mail address', () => validPayload({ email: 'anna@' }), 'email', undefined],
      ['a missing captcha solution', () => validPayload({ captchaSolution: undefined }), 'captchaSolution', 'required'],
      ['a made-up captcha solution', () => validPayload({ captchaSolution: 'bm90IGEgc29sdXRpb24=' }), 'captchaSolution', 'invalid'],
      [
        'a captcha solved for another form',
        async () => validPayload({ captchaSolution: await solveCaptcha(t.app, 'forms') }),
        'captchaSolution',
        'wrongSiteKey',
        {
          'en-US': 'This anti-robot verification belongs to another form. Please solve it again.',
          'de-CH': 'Diese Anti-Roboter-Prüfung gehört zu einem anderen Formular. Bitte lösen Sie sie erneut.',
        },
      ],
    ];

    it.each(refusals)('%s', async (_name, payloadOf, field, code, messages) => {
      const payload = await payloadOf();
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: { field: string; code: string; messagesByLanguage: Record<string, string> }[] }>();
      expect(body.errors.map((e) => e.field)).toEqual([field]);
      if (code) expect(body.errors[0]?.code).toBe(code);
      expect(Object.keys(body.errors[0]?.messagesByLanguage ?? {}).sort()).toEqual(['de-CH', 'en-US']);
      if (messages) expect(body.errors[0]?.messagesByLanguage).toEqual(messages);
      expect(await rowCount(t.database, contactMessages)).toBe(0);
      expect(await rowCount(t.database, outbox)).toBe(0);
    });

    it('a captcha solution used twice', async () => {
      const payload = await validPayload();
      expect((await send(payload)).statusCode).toBe(200);
      const replayed = await send({ ...payload, email: 'replay@example.ch' });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().errors).toEqual([expect.objectContaining({ field: 'captchaSolution', code: 'used' })]);
      expect(await rowCount(t.database, contactMessages)).toBe(1);
      expect(await rowCount(t.database, outbox)).toBe(2);
    });

    it('does not spend the captcha solution of a refused payload', async () => {
      const payload = await validPayload();
      expect((await send({ ...payload, message: 'short' })).statusCode).toBe(400);
      expect((await send(payload)).statusCode).toBe(200);
    });

    it('a request without the anti-forgery header (403)', async () => {
      const response = await send(await validPayload(), { cookie: session.cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('xsrf');
      expect(await rowCount(t.database, contactMessages)).toBe(0);
    });
  });
});

describe('the inbox (/api/messages/admin/)', () => {
  /** 25 messages, one a minute, m1 the oldest: m24 and m25 archived, m1 to m10 read. */
  const ids: string[] = [];
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  beforeEach(async () => {
    await t.database.db.delete(contactMessages);
    ids.length = 0;
    const rows = Array.from({ length: 25 }, (_, index) => {
      const n = index + 1;
      return {
        id: randomUUID(),
        receivedAt: minutesAgo(100 - n),
        firstName: `Sender${n}`,
        lastName: n % 2 === 0 ? null : 'Muster',
        email: `sender${n}@example.ch`,
        company: n % 3 === 0 ? `Company ${n}` : null,
        recipient: 'MESSAGE_CENTRAL',
        subject: `Subject ${n}`,
        message: `${'Message text '.repeat(20)}${n}`,
        language: 'en-US',
        readAt: n <= 10 ? minutesAgo(1) : null,
        archivedAt: n >= 24 ? minutesAgo(1) : null,
      };
    });
    ids.push(...rows.map((row) => row.id));
    await t.database.db.insert(contactMessages).values(rows);
  });

  const idOf = (n: number) => ids[n - 1] ?? '';
  const get = (url: string, headers: Record<string, string> = staff.headers) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = staff.headers) => t.app.inject({ method: 'POST', url, headers });
  const list = async (query = '') => {
    const response = await get(`/api/messages/admin/${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as MessageList;
  };

  it('answers 401 without a staff session, on every call', async () => {
    const calls = [
      get('/api/messages/admin/', session.headers),
      get(`/api/messages/admin/${idOf(1)}`, session.headers),
      post(`/api/messages/admin/${idOf(1)}/archive`, session.headers),
      post(`/api/messages/admin/${idOf(1)}/unarchive`, session.headers),
      post(`/api/messages/admin/${idOf(1)}/unread`, session.headers),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    // Nothing was read on the way.
    expect((await list()).unreadCount).toBe(13);
  });

  it('lists the inbox newest first, 20 a page, with the unread count', async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, pageSize: 20, totalResults: 23, totalPages: 2, unreadCount: 13 });
    expect(first.results.map((row) => row.subject)).toEqual(Array.from({ length: 20 }, (_, index) => `Subject ${23 - index}`));
    expect(first.results[0]).toEqual({
      id: idOf(23),
      receivedAt: expect.any(String),
      name: 'Sender23 Muster',
      email: 'sender23@example.ch',
      company: null,
      recipient: 'MESSAGE_CENTRAL',
      subject: 'Subject 23',
      preview: 'Message text '.repeat(20).slice(0, 140),
      read: false,
      archived: false,
    });
    expect(first.results.find((row) => row.id === idOf(12))).toMatchObject({ name: 'Sender12', company: 'Company 12', read: false });
    expect(first.results.find((row) => row.id === idOf(10))).toMatchObject({ read: true });
    expect(first.results.every((row) => row.preview.length === 140)).toBe(true);

    const second = await list('?page=2');
    expect(second).toMatchObject({ page: 2, totalResults: 23, totalPages: 2 });
    expect(second.results.map((row) => row.subject)).toEqual(['Subject 3', 'Subject 2', 'Subject 1']);
    expect((await list('?page=3')).results).toEqual([]);
    expect((await list('?status=INBOX&page=2&pageSize=10')).results.map((row) => row.subject)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Subject ${13 - index}`),
    );
  });

  it('filters the unread and the archived messages', async () => {
    const unread = await list('?status=UNREAD');
    expect(unread.results.map((row) => row.subject)).toEqual(Array.from({ length: 13 }, (_, index) => `Subject ${23 - index}`));
    expect(unread).toMatchObject({ totalResults: 13, totalPages: 1, unreadCount: 13 });
    const archived = await list('?status=ARCHIVED');
    expect(archived.results.map((row) => [row.subject, row.archived])).toEqual([
      ['Subject 25', true],
      ['Subject 24', true],
    ]);
    expect(archived.unreadCount).toBe(13);
  });

  it('refuses a bad status, page or page size with 400 on the field', async () => {
    for (const [query, field] of [
      ['?status=SPAM', 'status'],
      ['?status=', 'status'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?pageSize=101', 'pageSize'],
    ] as const) {
      const response = await get(`/api/messages/admin/${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ errors: { field: string; messagesByLanguage: Record<string, string> }[] }>();
      expect(body.errors.map((e) => e.field), query).toEqual([field]);
      expect(Object.keys(body.errors[0]?.messagesByLanguage ?? {}).sort()).toEqual(['de-CH', 'en-US']);
    }
  });

  it('answers the whole message and marks it read', async () => {
    const response = await get(`/api/messages/admin/${idOf(15)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const message = response.json() as ContactMessage;
    expect(message).toEqual({
      id: idOf(15),
      receivedAt: expect.any(String),
      firstName: 'Sender15',
      lastName: 'Muster',
      email: 'sender15@example.ch',
      phoneCountryCode: null,
      phoneNumber: null,
      company: 'Company 15',
      recipient: 'MESSAGE_CENTRAL',
      subject: 'Subject 15',
      message: `${'Message text '.repeat(20)}15`,
      language: 'en-US',
      readAt: expect.any(String),
      archivedAt: null,
      read: true,
      archived: false,
    });
    const inbox = await list();
    expect(inbox.unreadCount).toBe(12);
    expect(inbox.results.find((row) => row.id === idOf(15))?.read).toBe(true);
    // Reading again keeps the time of the first reading.
    const again = (await get(`/api/messages/admin/${idOf(15)}`)).json() as ContactMessage;
    expect(again.readAt).toBe(message.readAt);
  });

  it('marks a message unread, archives it and moves it back to the inbox', async () => {
    const unread = await post(`/api/messages/admin/${idOf(5)}/unread`);
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toMatchObject({ id: idOf(5), read: false, readAt: null, archived: false });
    expect((await list()).unreadCount).toBe(14);

    const archived = await post(`/api/messages/admin/${idOf(5)}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: idOf(5), read: false, archived: true, archivedAt: expect.any(String) });
    expect((await list()).results.map((row) => row.id)).not.toContain(idOf(5));
    expect((await list('?status=ARCHIVED')).results.map((row) => row.id)).toEqual([idOf(25), idOf(24), idOf(5)]);
    // An archived message leaves the unread count: it has been dealt with.
    expect((await list()).unreadCount).toBe(13);

    const back = await post(`/api/messages/admin/${idOf(5)}/unarchive`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: idOf(5), archived: false, archivedAt: null, read: false });
    expect((await list('?pageSize=100')).results.map((row) => row.id)).toContain(idOf(5));
    expect((await list()).unreadCount).toBe(14);
  });

  it('answers 404 for an unknown message and 400 for an id that is none', async () => {
    const unknown = randomUUID();
    const calls = [
      get(`/api/messages/admin/${unknown}`),
      post(`/api/messages/admin/${unknown}/archive`),
      post(`/api/messages/admin/${unknown}/unarchive`),
      post(`/api/messages/admin/${unknown}/unread`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'notFound', messagesByLanguage: { 'en-US': 'This message does not exist.', 'de-CH': 'Diese Nachricht existiert nicht.' } },
      });
    }
    const malformed = await get('/api/messages/admin/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.map((e: { field: string }) => e.field)).toEqual(['id']);
  });

  it('refuses a change without the anti-forgery header (403)', async () => {
    const response = await post(`/api/messages/admin/${idOf(1)}/archive`, { cookie: staff.cookie });
    expect(response.statusCode).toBe(403);
    expect((await list()).totalResults).toBe(23);
  });

  it('shows a message sent with the form, unread, at the top', async () => {
    expect((await send(await validPayload({ subject: 'Sent through the form' }))).statusCode).toBe(200);
    const inbox = await list();
    expect(inbox.unreadCount).toBe(14);
    expect(inbox.results[0]).toMatchObject({ name: 'Anna Muster', company: 'Muster AG', recipient: 'EDUCATION_EXPERT', subject: 'Sent through the form', read: false, archived: false });
    expect(inbox.results[0]?.preview).toBe(text20);
  });

  it('puts the five latest unread messages and their count on the dashboard', async () => {
    const response = await get('/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json() as Dashboard;
    expect(dashboard.unreadMessageCount).toBe(13);
    expect(dashboard.unreadMessages).toEqual(
      [23, 22, 21, 20, 19].map((n) => ({ id: idOf(n), receivedAt: expect.any(String), name: n % 2 === 0 ? `Sender${n}` : `Sender${n} Muster`, subject: `Subject ${n}` })),
    );
    // Reading one and archiving another brings the next ones up.
    await get(`/api/messages/admin/${idOf(23)}`);
    await post(`/api/messages/admin/${idOf(22)}/archive`);
    const after = (await get('/api/admin/dashboard')).json() as Dashboard;
    expect(after.unreadMessages.map((message) => message.subject)).toEqual(['Subject 21', 'Subject 20', 'Subject 19', 'Subject 18', 'Subject 17']);
    expect(after.unreadMessageCount).toBe(11);
  });
});
