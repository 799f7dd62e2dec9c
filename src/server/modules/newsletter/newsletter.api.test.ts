import { eq, sql } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, contacts, newsletterSubscriptions, newsletterTokens, outbox } from '#server/db/schema.ts';
import { mailSettingsFor } from '#server/modules/mail/mail-senders.rules.ts';
import { createOutboxService } from '#server/modules/mail/outbox.service.ts';
import { createOrdersService } from '#server/modules/orders/orders.service.ts';
import { createContactsService } from '#server/modules/contacts/contacts.service.ts';
import { createStaffErasureService } from '#server/modules/staff/staff-erasure.service.ts';
import { privacyPolicyVersion } from '#shared/consents.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails, rowCount } from '../../../../tests/helpers/outbox.ts';
import { personalDataParts } from '../../../../tests/helpers/personal-data.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { createNewsletterOptInService } from './newsletter-opt-in.service.ts';

/**
 * The newsletter's double opt-in (POST /api/newsletter/) and preference centre
 * (/api/newsletter/{token}/…), with its mails and their one-click unsubscribe headers.
 */

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_FROM: 'news@cybersafe-academy.example' });
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
  await t.database.db.delete(contacts);
});

async function validPayload(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna.muster@example.ch',
    captchaSolution: await solveCaptcha(t.app, 'forms'),
    agreeWithDataPrivacy: true,
    preferredLanguage: 'de-CH',
    newsletterEnabled: true,
    companyName: 'Muster AG',
    role: 'CISO',
    experienceLevel: 'INTERMEDIATE',
    topicIds: ['phishing', 'compliance'],
    ...overrides,
  };
}

function subscribe(payload: unknown, headers: Record<string, string> = session.headers) {
  return t.app.inject({ method: 'POST', url: '/api/newsletter/', headers, payload: payload as Record<string, unknown> });
}

const call = (method: 'GET' | 'PUT' | 'POST', token: string, suffix = '', payload?: Record<string, unknown>, headers: Record<string, string> = session.headers) =>
  t.app.inject({ method, url: `/api/newsletter/${token}/${suffix}`, headers, ...(payload ? { payload } : {}) });

async function subscriptionOf(email: string) {
  const [row] = await t.database.db
    .select({ subscription: newsletterSubscriptions, contact: contacts })
    .from(contacts)
    .leftJoin(newsletterSubscriptions, eq(newsletterSubscriptions.contactId, contacts.id))
    .where(eq(contacts.email, email));
  return row;
}

/** The queued mails to `address`, oldest first, parsed. */
/** The token of the preference link in a mail's text. */
function tokenOf(mail: ParsedMail | undefined): string {
  const match = /\/app\/newsletter\/([A-Za-z0-9_-]+)\//.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no preference link in ${mail?.text}`);
  return match[1];
}

/** The bytes and content type a fetch() client sends for `form`, as a mail program's one-click post would. */
async function multipartPost(url: string, form: FormData): Promise<{ contentType: string; payload: Buffer }> {
  const request = new Request(url, { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type') ?? '', payload: Buffer.from(await request.arrayBuffer()) };
}

/** A header as written (unfolded), by name. */
const headerOf = (mail: ParsedMail | undefined, name: string) =>
  mail?.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');

/** The first address of a mail's List-Unsubscribe header: the one-click address. */
const unsubscribeAddressOf = (mail: ParsedMail | undefined) => /<([^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';

const addressOf = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field[0] : field)?.value[0]?.address;

/** Moves the clock of the double opt-in back: the mails and links of the subscriptions are `interval` older. */
async function age(interval: string): Promise<void> {
  const db = t.database.db;
  await db.execute(sql`update newsletter_tokens set created_at = created_at - ${interval}::interval, expires_at = expires_at - ${interval}::interval`);
  await db.execute(
    sql`update newsletter_subscriptions set requested_at = requested_at - ${interval}::interval, last_mail_at = last_mail_at - ${interval}::interval`,
  );
}

const confirmation = {
  'en-US':
    'Thank you. We have sent you an e-mail with a link. If you are new to our newsletter, please confirm your subscription with it within 7 days: until then you will not receive any newsletter.',
  'de-CH':
    'Vielen Dank. Wir haben Ihnen eine E-Mail mit einem Link geschickt. Wenn Sie unseren Newsletter neu abonnieren, bestätigen Sie das Abonnement bitte innert 7 Tagen mit diesem Link: Bis dahin erhalten Sie keinen Newsletter.',
};

const tokenNotFound = {
  error: {
    code: 'notFound',
    messagesByLanguage: {
      'en-US':
        'This link is unknown or has expired. Links to confirm a subscription work for 7 days: please subscribe again on our website to get a new one, or use the link in a newer e-mail from us.',
      'de-CH':
        'Dieser Link ist unbekannt oder abgelaufen. Links zur Bestätigung eines Abonnements gelten 7 Tage: Bitte abonnieren Sie den Newsletter auf unserer Website erneut, um einen neuen Link zu erhalten, oder verwenden Sie den Link in einer neueren E-Mail von uns.',
    },
  },
};

/** Subscribes `email` through the form and returns the token of the confirmation mail. */
async function requestToken(overrides: Record<string, unknown> = {}): Promise<string> {
  const payload = await validPayload(overrides);
  expect((await subscribe(payload)).statusCode).toBe(200);
  const mails = await queuedMails(t.database, { to: String(payload.email).trim().toLowerCase() });
  return tokenOf(mails.at(-1));
}

async function confirmedToken(overrides: Record<string, unknown> = {}): Promise<string> {
  const token = await requestToken(overrides);
  expect((await call('POST', token, 'confirm')).statusCode).toBe(200);
  return token;
}

describe('GET /api/newsletter/topics', () => {
  it('lists the topics with titles in the request language', async () => {
    const en = (await t.app.inject({ url: '/api/newsletter/topics', headers: { 'accept-language': 'en-US' } })).json();
    const de = (await t.app.inject({ url: '/api/newsletter/topics?language=de-CH' })).json();
    expect(en[0]).toEqual({ id: 'phishing', title: 'Phishing and social engineering' });
    expect(de[0]).toEqual({ id: 'phishing', title: 'Phishing und Social Engineering' });
    expect(de.map((topic: { id: string }) => topic.id)).toEqual(en.map((topic: { id: string }) => topic.id));
  });
});

describe('POST /api/newsletter/: the double opt-in', () => {
  it('records a pending subscription and mails the confirmation link in the subscriber’s language; nobody is subscribed before confirming', async () => {
    const response = await subscribe(await validPayload());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ messages: [{ translations: confirmation }] });

    const stored = await subscriptionOf('anna.muster@example.ch');
    expect(stored?.contact).toMatchObject({
      firstName: 'Anna',
      lastName: 'Muster',
      companyName: 'Muster AG',
      role: 'CISO',
      experienceLevel: 'INTERMEDIATE',
      preferredLanguage: 'de-CH',
    });
    expect(stored?.subscription).toMatchObject({ status: 'PENDING', topicIds: ['phishing', 'compliance'], source: 'NEWSLETTER', confirmedAt: null });
    // The privacy consent of the form; the NEWSLETTER consent comes with the confirmation.
    const statements = await t.database.db.select().from(consents).where(eq(consents.contactId, stored!.contact.id));
    expect(statements.map((row) => [row.subject, row.granted, row.source])).toEqual([['DATA_PRIVACY', true, 'NEWSLETTER']]);

    const [mail, ...others] = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    expect(others).toEqual([]);
    expect(addressOf(mail?.from)).toBe('news@cybersafe-academy.example');
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihr Newsletter-Abonnement');
    expect(mail?.text).toContain('Guten Tag Anna');
    expect(mail?.text).toContain('Der Link gilt 7 Tage.');
    expect(mail?.text).not.toContain('ß');
    expect(mail?.html).toContain('lang="de-CH"');
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(`${t.env.PUBLIC_URL}/app/newsletter/${token}/`);

    // Only the token's hash is stored, with its expiry 7 days after the mail.
    const [stored_token] = await t.database.db.select().from(newsletterTokens);
    expect(stored_token?.tokenHash).not.toContain(token);
    expect(JSON.stringify(await t.database.db.select().from(newsletterTokens))).not.toContain(token);
    expect((stored_token!.expiresAt!.getTime() - stored_token!.createdAt.getTime()) / 3_600_000).toBe(7 * 24);

    // Opening the link (as a mail scanner does) changes nothing.
    const opened = await call('GET', token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      email: 'anna.muster@example.ch',
      firstName: 'Anna',
      status: 'PENDING',
      role: 'CISO',
      experienceLevel: 'INTERMEDIATE',
      topicIds: ['phishing', 'compliance'],
      preferredLanguage: 'de-CH',
      language: 'de-CH',
    });
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription?.status).toBe('PENDING');

    const confirmed = await call('POST', token, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED' });
    const after = await subscriptionOf('anna.muster@example.ch');
    expect(after?.subscription?.confirmedAt).toBeInstanceOf(Date);
    const newsletterConsents = await t.database.db.select().from(consents).where(eq(consents.subject, 'NEWSLETTER'));
    expect(newsletterConsents).toHaveLength(1);
    expect(newsletterConsents[0]).toMatchObject({ granted: true, source: 'NEWSLETTER', textVersion: privacyPolicyVersion, contactId: after!.contact.id });
    // The link keeps working once confirmed, beyond the 7 days.
    await age('30 days');
    expect((await call('GET', token)).json()).toMatchObject({ status: 'CONFIRMED' });
  });

  it('writes in English to an English subscriber, and takes the request language when the form names none', async () => {
    await subscribe(await validPayload({ email: 'ben@example.com', preferredLanguage: 'en-US' }));
    expect((await queuedMails(t.database, { to: 'ben@example.com' }))[0]?.subject).toBe('Please confirm your newsletter subscription');

    const payload = await validPayload({ email: 'nolang@example.ch' });
    delete payload.preferredLanguage;
    expect((await subscribe(payload, { ...session.headers, 'accept-language': 'de-CH' })).statusCode).toBe(200);
    expect((await subscriptionOf('nolang@example.ch'))?.contact.preferredLanguage).toBe('de-CH');
    expect((await queuedMails(t.database, { to: 'nolang@example.ch' }))[0]?.subject).toBe('Bitte bestätigen Sie Ihr Newsletter-Abonnement');
  });

  it('carries the one-click unsubscribe headers and its own List-Id on the confirmation mail', async () => {
    const token = await requestToken();
    const [mail] = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(
      `<${t.env.PUBLIC_URL}/api/newsletter/${token}/unsubscribe>, <mailto:news@cybersafe-academy.example?subject=unsubscribe%20${token}>`,
    );
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail, 'List-Id')).toBe('Newsletter der CyberSafe Academy <newsletter.cybersafe-academy.example>');
  });

  it('lets a pending request expire after 7 days: the link answers 404, a new request makes a new link', async () => {
    const first = await requestToken();
    await age('7 days 1 minute');
    for (const [method, suffix] of [['GET', ''], ['POST', 'confirm'], ['POST', 'unsubscribe'], ['GET', 'data']] as const) {
      const response = await call(method, first, suffix);
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.json()).toEqual(tokenNotFound);
    }
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription?.status).toBe('PENDING');

    const second = await requestToken();
    expect(second).not.toBe(first);
    expect((await queuedMails(t.database, { to: 'anna.muster@example.ch' })).length).toBe(2);
    expect((await call('GET', second)).statusCode).toBe(200);
    expect((await call('GET', first)).statusCode).toBe(404);
    expect((await call('POST', second, 'confirm')).json()).toMatchObject({ status: 'CONFIRMED' });
    // The expired link stays dead after the confirmation.
    expect((await call('GET', first)).statusCode).toBe(404);
  });

  it('changes nothing and reveals nothing when somebody subscribes a confirmed address again; the owner gets their preference link', async () => {
    const token = await confirmedToken();
    await age('11 minutes');
    const contactBefore = await subscriptionOf('anna.muster@example.ch');
    const consentsBefore = await rowCount(t.database, consents);

    const stranger = await subscribe(
      await validPayload({
        email: ' Anna.Muster@Example.CH ',
        firstName: 'Mallory',
        lastName: 'Evil',
        companyName: 'Evil Corp',
        role: 'TRAINER',
        experienceLevel: 'NONE',
        topicIds: ['ransomware'],
        preferredLanguage: 'en-US',
        phoneCountryCode: 'CH',
        phoneNumber: '44 000 00 00',
      }),
    );
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ messages: [{ translations: confirmation }] });

    const contactAfter = await subscriptionOf('anna.muster@example.ch');
    expect(contactAfter?.contact).toEqual(contactBefore?.contact);
    expect({ ...contactAfter?.subscription, lastMailAt: null }).toEqual({ ...contactBefore?.subscription, lastMailAt: null });
    expect(await rowCount(t.database, consents)).toBe(consentsBefore);

    const mails = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    expect(mails).toHaveLength(2);
    const known = mails[1];
    // In the owner's language, with nothing the stranger typed.
    expect(known?.subject).toBe('Ihre Newsletter-Einstellungen');
    expect(known?.text).toContain('Guten Tag Anna');
    expect(known?.text).not.toMatch(/Mallory|Evil/);
    expect(headerOf(known, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = tokenOf(known);
    expect(link).not.toBe(token);
    expect((await call('GET', link)).json()).toMatchObject({ status: 'CONFIRMED', firstName: 'Anna', role: 'CISO', topicIds: ['phishing', 'compliance'] });
    expect((await call('GET', token)).statusCode).toBe(200);
  });

  it('sends one mail per address in 10 minutes; further requests get the same answer and send nothing', async () => {
    const first = await subscribe(await validPayload({ email: 'throttle@example.ch' }));
    const second = await subscribe(await validPayload({ email: 'Throttle@example.ch' }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await queuedMails(t.database, { to: 'throttle@example.ch' })).toHaveLength(1);

    await age('9 minutes');
    await subscribe(await validPayload({ email: 'throttle@example.ch' }));
    expect(await queuedMails(t.database, { to: 'throttle@example.ch' })).toHaveLength(1);

    await age('2 minutes');
    await subscribe(await validPayload({ email: 'throttle@example.ch' }));
    const mails = await queuedMails(t.database, { to: 'throttle@example.ch' });
    expect(mails).toHaveLength(2);
    // Both links work until they expire.
    for (const mail of mails) expect((await call('GET', tokenOf(mail))).statusCode).toBe(200);

    // The confirmed subscriber's preference mail too.
    await call('POST', tokenOf(mails[1]), 'confirm');
    await age('11 minutes');
    await subscribe(await validPayload({ email: 'throttle@example.ch' }));
    await subscribe(await validPayload({ email: 'throttle@example.ch' }));
    expect(await queuedMails(t.database, { to: 'throttle@example.ch' })).toHaveLength(3);
  });

  it('fills an unconfirmed person’s empty fields only, keeps their topics, and makes an unsubscribed one pending again', async () => {
    const token = await requestToken({ email: 'gaps@example.ch', role: '', topicIds: [] });
    await age('11 minutes');
    await subscribe(await validPayload({ email: 'gaps@example.ch', firstName: 'Other', role: 'TRAINER', topicIds: ['ransomware'] }));
    const filled = await subscriptionOf('gaps@example.ch');
    expect(filled?.contact).toMatchObject({ firstName: 'Anna', role: 'TRAINER' });
    expect(filled?.subscription?.topicIds).toEqual(['ransomware']);

    await call('POST', token, 'confirm');
    await call('POST', token, 'unsubscribe');
    await age('11 minutes');
    await subscribe(await validPayload({ email: 'gaps@example.ch', topicIds: ['phishing'] }));
    const again = await subscriptionOf('gaps@example.ch');
    expect(again?.subscription).toMatchObject({ status: 'PENDING', topicIds: ['ransomware'] });
    expect((await queuedMails(t.database, { to: 'gaps@example.ch' })).at(-1)?.subject).toBe('Bitte bestätigen Sie Ihr Newsletter-Abonnement');
  });

  it('is started the same way by another form inside its own transaction (requestSubscription)', async () => {
    const db = t.database.db;
    const outbox = createOutboxService();
    const contactsService = createContactsService({ db, orders: createOrdersService({ db }), staff: createStaffErasureService(), ...personalDataParts(db), outbox, mail: mailSettingsFor(t.env.MAIL_FROM), publicUrl: t.env.PUBLIC_URL, onMailQueued: () => {}, audit: t.app.audit });
    const newsletter = createNewsletterOptInService({ contacts: contactsService, outbox, mail: mailSettingsFor(t.env.NEWSLETTER_FROM), publicUrl: t.env.PUBLIC_URL });
    const queued = await db.transaction(async (tx) => {
      const contactId = await contactsService.recordPerson({ email: 'Webinar.Guest@example.com', firstName: 'Gina', preferredLanguage: 'en-US' }, 'WEBINAR', [], tx);
      return newsletter.requestSubscription({ contactId, language: 'en-US', topicIds: ['awareness'] }, 'WEBINAR', tx);
    });
    expect(queued).toBe(true);
    expect((await subscriptionOf('webinar.guest@example.com'))?.subscription).toMatchObject({ status: 'PENDING', source: 'WEBINAR', topicIds: ['awareness'] });
    const [mail] = await queuedMails(t.database, { to: 'webinar.guest@example.com' });
    expect(mail?.subject).toBe('Please confirm your newsletter subscription');
    expect(mail?.text).toContain('Dear Gina');
    expect((await call('POST', tokenOf(mail), 'confirm')).statusCode).toBe(200);
    const [statement] = await db.select().from(consents).where(eq(consents.subject, 'NEWSLETTER'));
    expect(statement).toMatchObject({ granted: true, source: 'WEBINAR' });
  });

  describe('refuses, stores and sends nothing, and names the field in both languages', () => {
    const invalidOption = { 'en-US': 'Please choose one of the offered options.', 'de-CH': 'Bitte wählen Sie eine der angebotenen Optionen.' };
    const refusals: [string, () => Promise<Record<string, unknown>>, string, Record<string, string>?][] = [
      ['a missing first name', () => validPayload({ firstName: undefined }), 'firstName'],
      ['a blank first name', () => validPayload({ firstName: '   ' }), 'firstName'],
      [
        'a missing e-mail address',
        () => validPayload({ email: undefined }),
        'email',
        { 'en-US': 'This field is required.', 'de-CH': 'Dieses Feld ist erforderlich.' },
      ],
      [
        'a malformed e-mail address',
        () => validPayload({ email: 'anna@' }),
        'email',
        { 'en-US': 'Please enter a valid e-mail address.', 'de-CH': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
      ],
      [
        'a consent that is false',
        () => validPayload({ agreeWithDataPrivacy: false }),
        'agreeWithDataPrivacy',
        { 'en-US': 'Please agree to the privacy policy.', 'de-CH': 'Bitte stimmen Sie der Datenschutzerklärung zu.' },
      ],
      ['a missing consent', () => validPayload({ agreeWithDataPrivacy: undefined }), 'agreeWithDataPrivacy'],
      [
        'a phone number with other characters',
        () => validPayload({ phoneNumber: '+41 (44) 668 18 00', phoneCountryCode: 'CH' }),
        'phoneNumber',
        {
          'en-US':
            'Only use numbers, space, and minus. Please use the international phone number format with your selected country code.',
          'de-CH':
            'Verwenden Sie nur Ziffern, Leerzeichen und Bindestriche. Bitte geben Sie die Telefonnummer im internationalen Format mit der gewählten Landesvorwahl ein.',
        },
      ],
      ['a phone number without its country', () => validPayload({ phoneNumber: '44 668 18 00' }), 'phoneCountryCode'],
      ['a phone country that does not exist', () => validPayload({ phoneNumber: '44 668 18 00', phoneCountryCode: 'ZZ' }), 'phoneCountryCode', invalidOption],
      ['a role outside the list', () => validPayload({ role: 'CEO' }), 'role', invalidOption],
      ['an experience level outside the list', () => validPayload({ experienceLevel: 'GURU' }), 'experienceLevel', invalidOption],
      ['an unknown topic', () => validPayload({ topicIds: ['phishing', 'gardening'] }), 'topicIds.1', invalidOption],
      ['a missing captcha solution', () => validPayload({ captchaSolution: undefined }), 'captchaSolution'],
      ['an empty captcha solution', () => validPayload({ captchaSolution: '' }), 'captchaSolution'],
      ['a made-up captcha solution', () => validPayload({ captchaSolution: 'bm90IGEgc29sdXRpb24=' }), 'captchaSolution'],
      [
        'a captcha solved for another form',
        async () => validPayload({ captchaSolution: await solveCaptcha(t.app, 'contact') }),
        'captchaSolution',
        {
          'en-US': 'This anti-robot verification belongs to another form. Please solve it again.',
          'de-CH': 'Diese Anti-Roboter-Prüfung gehört zu einem anderen Formular. Bitte lösen Sie sie erneut.',
        },
      ],
    ];

    it.each(refusals)('%s', async (_name, payloadOf, field, messages) => {
      const payload = await payloadOf();
      const response = await subscribe(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: { field: string; messagesByLanguage: Record<string, string> }[] }>();
      expect(body.errors.map((e) => e.field)).toEqual([field]);
      expect(Object.keys(body.errors[0]?.messagesByLanguage ?? {}).sort()).toEqual(['de-CH', 'en-US']);
      if (messages) expect(body.errors[0]?.messagesByLanguage).toEqual(messages);
      expect([await rowCount(t.database, contacts), await rowCount(t.database, newsletterSubscriptions), await rowCount(t.database, outbox)]).toEqual([0, 0, 0]);
    });

    it('a captcha solution used twice', async () => {
      const payload = await validPayload({ email: 'replay@example.ch' });
      expect((await subscribe(payload)).statusCode).toBe(200);
      const replayed = await subscribe({ ...payload, email: 'replay-2@example.ch' });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toEqual({
        errors: [
          {
            field: 'captchaSolution',
            code: 'used',
            messagesByLanguage: {
              'en-US': 'This anti-robot verification was already used. Please solve it again.',
              'de-CH': 'Diese Anti-Roboter-Prüfung wurde bereits verwendet. Bitte lösen Sie sie erneut.',
            },
          },
        ],
      });
      expect(await subscriptionOf('replay-2@example.ch')).toBeUndefined();
      expect(await queuedMails(t.database, { to: 'replay-2@example.ch' })).toEqual([]);
    });

    it('does not spend the captcha solution of a refused payload', async () => {
      const payload = await validPayload({ email: 'second-try@example.ch' });
      expect((await subscribe({ ...payload, agreeWithDataPrivacy: false })).statusCode).toBe(400);
      expect((await subscribe({ ...payload, topicIds: ['gardening'] })).statusCode).toBe(400);
      expect((await subscribe({ ...payload, phoneNumber: '44 668 18 00', phoneCountryCode: 'ZZ' })).statusCode).toBe(400);
      expect((await subscribe(payload)).statusCode).toBe(200);
    });
  });

  it('refuses a request without the anti-forgery header with 403, storing nothing', async () => {
    const response = await subscribe(await validPayload({ email: 'forged@example.ch' }), { cookie: session.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('xsrf');
    expect(await rowCount(t.database, contacts)).toBe(0);
  });
});

describe('the preference centre: /api/newsletter/{token}/', () => {
  it('saves role, experience level, topics and language with PUT, and confirms a pending subscription with it', async () => {
    const token = await requestToken();
    const saved = await call('PUT', token, '', { role: 'HEAD_OF_IT', experienceLevel: '', topicIds: ['ransomware', 'ransomware', 'awareness'], language: 'en-US' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      email: 'anna.muster@example.ch',
      firstName: 'Anna',
      status: 'CONFIRMED',
      role: 'HEAD_OF_IT',
      experienceLevel: null,
      topicIds: ['ransomware', 'awareness'],
      preferredLanguage: 'en-US',
      language: 'en-US',
    });
    const stored = await subscriptionOf('anna.muster@example.ch');
    expect(stored?.contact).toMatchObject({ role: 'HEAD_OF_IT', experienceLevel: null, preferredLanguage: 'en-US', companyName: 'Muster AG' });
    expect(await t.database.db.select().from(consents).where(eq(consents.subject, 'NEWSLETTER'))).toHaveLength(1);

    // Saving again keeps it confirmed, without a second consent row.
    expect((await call('PUT', token, '', { topicIds: [], language: 'de-CH' })).json()).toMatchObject({ status: 'CONFIRMED', role: null, topicIds: [] });
    // Every form's word for the language is taken too, and wins over the earlier name.
    expect((await call('PUT', token, '', { topicIds: [], preferredLanguage: 'en-US', language: 'de-CH' })).json()).toMatchObject({ preferredLanguage: 'en-US', language: 'en-US' });
    expect(await t.database.db.select().from(consents).where(eq(consents.subject, 'NEWSLETTER'))).toHaveLength(1);
  });

  it('refuses bad choices with field errors, changing nothing', async () => {
    const token = await requestToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ topicIds: ['phishing', 'gardening'], language: 'de-CH' }, 'topicIds.1'],
      [{ role: 'CEO', topicIds: [], language: 'de-CH' }, 'role'],
      [{ topicIds: [], language: 'fr-CH' }, 'language'],
      [{ topicIds: [] }, 'preferredLanguage'],
      [{ topicIds: [], preferredLanguage: 'fr-CH' }, 'preferredLanguage'],
      [{ language: 'de-CH' }, 'topicIds'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('PUT', token, '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field, messagesByLanguage: { 'en-US': expect.any(String), 'de-CH': expect.any(String) } });
    }
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription).toMatchObject({ status: 'PENDING', topicIds: ['phishing', 'compliance'] });
    expect((await call('PUT', token, '', { topicIds: [], language: 'de-CH' }, { cookie: session.cookie })).statusCode).toBe(403);
  });

  it("the confirmation link's request (only=PENDING) confirms a pending subscription and never changes a confirmed or unsubscribed one", async () => {
    const token = await requestToken();
    expect((await call('POST', token, 'confirm?only=PENDING')).json()).toMatchObject({ status: 'CONFIRMED' });
    const confirmedAt = (await subscriptionOf('anna.muster@example.ch'))?.subscription?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);
    expect((await call('POST', token, 'confirm?only=PENDING')).json()).toMatchObject({ status: 'CONFIRMED' });
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription?.confirmedAt).toEqual(confirmedAt);
    await call('POST', token, 'unsubscribe');
    expect((await call('POST', token, 'confirm?only=PENDING')).json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect((await call('POST', token, 'confirm?only=ANY')).statusCode).toBe(400);
  });

  it('unsubscribes from the page with a withdrawal row, and subscribes again with confirm', async () => {
    const token = await confirmedToken();
    const unsubscribed = await call('POST', token, 'unsubscribe');
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await call('POST', token, 'unsubscribe')).statusCode).toBe(200);
    // PUT saves but does not subscribe again.
    expect((await call('PUT', token, '', { topicIds: ['phishing'], language: 'de-CH' })).json()).toMatchObject({ status: 'UNSUBSCRIBED', topicIds: ['phishing'] });
    expect((await call('POST', token, 'confirm')).json()).toMatchObject({ status: 'CONFIRMED' });
    expect((await call('POST', token, 'confirm')).statusCode).toBe(200);

    const rows = await t.database.db.select().from(consents).where(eq(consents.subject, 'NEWSLETTER')).orderBy(consents.createdAt);
    expect(rows.map((row) => [row.granted, row.source])).toEqual([
      [true, 'NEWSLETTER'],
      [false, 'PREFERENCE_CENTRE'],
      [true, 'PREFERENCE_CENTRE'],
    ]);
  });

  it('unsubscribes with one click (RFC 8058): a form post without cookies or anti-forgery header', async () => {
    const token = await confirmedToken();
    const [mail] = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    const url = unsubscribeAddressOf(mail);
    expect(url).toBe(`${t.env.PUBLIC_URL}/api/newsletter/${token}/unsubscribe`);

    const response = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    const [withdrawal] = await t.database.db.select().from(consents).where(eq(consents.granted, false));
    expect(withdrawal).toMatchObject({ subject: 'NEWSLETTER', source: 'LIST_UNSUBSCRIBE' });
  });

  it('unsubscribes with one click posted as multipart/form-data, the encoding RFC 8058 asks mail programs to use', async () => {
    const token = await confirmedToken();
    const [mail] = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    const url = unsubscribeAddressOf(mail);
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const post = await multipartPost(url, form);
    expect(post.payload.toString()).toContain('Content-Disposition: form-data; name="List-Unsubscribe"');

    const response = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': post.contentType }, payload: post.payload });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('GET', token)).json()).toMatchObject({ status: 'UNSUBSCRIBED' });
    const [withdrawal] = await t.database.db.select().from(consents).where(eq(consents.granted, false));
    expect(withdrawal).toMatchObject({ subject: 'NEWSLETTER', source: 'LIST_UNSUBSCRIBE' });
  });

  it('refuses a multipart body that is not the one-click form, is malformed or is too large, and keeps the subscription', async () => {
    const token = await confirmedToken();
    const url = `${t.env.PUBLIC_URL}/api/newsletter/${token}/unsubscribe`;
    const send = (contentType: string, payload: Buffer) => t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': contentType }, payload });
    const other = new FormData();
    other.append('List-Unsubscribe', 'Other');
    const otherPost = await multipartPost(url, other);
    expect((await send(otherPost.contentType, otherPost.payload)).statusCode).toBe(400);
    const broken = await send(otherPost.contentType, Buffer.from('List-Unsubscribe=One-Click'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('badRequest');
    const large = new FormData();
    large.append('List-Unsubscribe', 'One-Click');
    large.append('padding', 'x'.repeat(10_000));
    const largePost = await multipartPost(url, large);
    expect((await send(largePost.contentType, largePost.payload)).statusCode).toBe(413);
    expect((await call('GET', token)).json()).toMatchObject({ status: 'CONFIRMED' });
  });

  it('answers a browser that opens the one-click address with the preference centre at its unsubscribe button, and unsubscribes nobody', async () => {
    const token = await confirmedToken();
    const [mail] = await queuedMails(t.database, { to: 'anna.muster@example.ch' });
    const url = unsubscribeAddressOf(mail);
    for (const headers of [{}, { 'accept-language': 'de-CH,de;q=0.9' }]) {
      const response = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/app/newsletter/${token}/#unsubscribe`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const head = await t.app.inject({ method: 'HEAD', url: new URL(url).pathname });
    expect(head.statusCode).toBe(303);
    // An unknown token too: the page says what to do.
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletter/unknown/unsubscribe' })).headers.location).toBe('/app/newsletter/unknown/#unsubscribe');
    expect((await call('GET', token)).json()).toMatchObject({ status: 'CONFIRMED' });
    expect(await t.database.db.select().from(consents).where(eq(consents.granted, false))).toEqual([]);
  });

  it('reads a form body on the one-click address only; text/plain stays refused', async () => {
    const token = await confirmedToken();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await t.app.inject({ method: 'POST', url: `/api/newsletter/${token}/unsubscribe`, headers: { 'content-type': 'text/plain' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: `/api/newsletter/${token}/unsubscribe`, headers: form, payload: 'List-Unsubscribe=Other' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/newsletter/${token}/confirm`, headers: { ...session.headers, ...form }, payload: 'a=b' })).statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter/', headers: { ...session.headers, ...form }, payload: 'email=x%40example.ch' })).statusCode).toBe(415);
    // Every other call still needs the anti-forgery header.
    expect((await call('POST', token, 'confirm', undefined, {})).statusCode).toBe(403);
    expect((await call('POST', token, 'deletion', undefined, {})).statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: `/api/newsletter/${'x'.repeat(43)}/unsubscribe`, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(unknown.statusCode).toBe(404);
    expect((await subscriptionOf('anna.muster@example.ch'))?.subscription?.status).toBe('CONFIRMED');
  });

  it('answers an unknown token with 404 and what to do, in both languages, on every call', async () => {
    await confirmedToken();
    const unknown = 'A'.repeat(43);
    const calls: [method: 'GET' | 'PUT' | 'POST', suffix: string, payload?: Record<string, unknown>][] = [
      ['GET', ''],
      ['PUT', '', { topicIds: [], language: 'de-CH' }],
      ['POST', 'confirm'],
      ['POST', 'unsubscribe'],
      ['GET', 'data'],
      ['POST', 'deletion'],
    ];
    for (const [method, suffix, payload] of calls) {
      const response = await call(method, unknown, suffix, payload);
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
      expect(response.json()).toEqual(tokenNotFound);
    }
    expect((await call('GET', 'short')).statusCode).toBe(404);
    expect(await queuedMails(t.database, { to: 'anna.muster@example.ch' })).toHaveLength(1);
  });
});
