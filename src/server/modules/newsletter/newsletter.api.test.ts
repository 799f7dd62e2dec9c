import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '#server/db/schema.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
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

async function subscriberCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(newsletterSubscribers);
  return row?.n ?? 0;
}

async function subscriberByEmail(email: string) {
  const rows = await t.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return rows[0];
}

const confirmation = {
  'en-US': 'Thank you for subscribing to our newsletter. Every issue contains a link to change your preferences or to unsubscribe.',
  'de-CH':
    'Vielen Dank für Ihr Newsletter-Abonnement. Jede Ausgabe enthält einen Link, um Ihre Einstellungen zu ändern oder sich abzumelden.',
};

describe('GET /api/newsletter/topics', () => {
  it('lists the topics with titles in the request language', async () => {
    const en = (await t.app.inject({ url: '/api/newsletter/topics', headers: { 'accept-language': 'en-US' } })).json();
    const de = (await t.app.inject({ url: '/api/newsletter/topics?language=de-CH' })).json();
    expect(en[0]).toEqual({ id: 'phishing', title: 'Phishing and social engineering' });
    expect(de[0]).toEqual({ id: 'phishing', title: 'Phishing und Social Engineering' });
    expect(de.map((topic: { id: string }) => topic.id)).toEqual(en.map((topic: { id: string }) => topic.id));
  });
});

describe('POST /api/newsletter/', () => {
  it('subscribes and answers the confirmation in both languages', async () => {
    const response = await subscribe(await validPayload());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ messages: [{ translations: confirmation }] });

    const stored = await subscriberByEmail('anna.muster@example.ch');
    expect(stored).toMatchObject({
      firstName: 'Anna',
      lastName: 'Muster',
      companyName: 'Muster AG',
      role: 'CISO',
      experienceLevel: 'INTERMEDIATE',
      topicIds: ['phishing', 'compliance'],
      preferredLanguage: 'de-CH',
      unsubscribedAt: null,
    });
    // 32 random bytes, base64url: not guessable, safe in a URL.
    expect(stored?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('updates a subscriber who subscribes again with the same address, without a duplicate', async () => {
    const first = await subscribe(await validPayload({ email: 'repeat@example.ch', firstName: 'Beat', role: 'TRAINER' }));
    expect(first.statusCode).toBe(200);
    const before = await subscriberByEmail('repeat@example.ch');
    const total = await subscriberCount();

    const again = await subscribe(
      await validPayload({ email: ' Repeat@Example.CH ', firstName: 'Beatrice', role: '', topicIds: ['ransomware'], preferredLanguage: 'en-US' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await subscriberCount()).toBe(total);

    const after = await subscriberByEmail('repeat@example.ch');
    expect(after).toMatchObject({ id: before?.id, token: before?.token, firstName: 'Beatrice', preferredLanguage: 'en-US' });
    expect(after?.topicIds).toEqual(['ransomware']);
    // A field the second form left empty keeps what the subscriber told us before.
    expect(after?.role).toBe('TRAINER');
  });

  it('gives every subscriber a different token', async () => {
    await subscribe(await validPayload({ email: 'one@example.ch' }));
    await subscribe(await validPayload({ email: 'two@example.ch' }));
    const one = await subscriberByEmail('one@example.ch');
    const two = await subscriberByEmail('two@example.ch');
    expect(one?.token).toBeTruthy();
    expect(one?.token).not.toBe(two?.token);
  });

  it('takes the request language when the payload names none', async () => {
    const payload = await validPayload({ email: 'nolang@example.ch' });
    delete payload.preferredLanguage;
    const response = await subscribe(payload, { ...session.headers, 'accept-language': 'de-CH' });
    expect(response.statusCode).toBe(200);
    expect((await subscriberByEmail('nolang@example.ch'))?.preferredLanguage).toBe('de-CH');
  });

  describe('refuses, stores nothing, and names the field', () => {
    const refusals: [string, () => Promise<Record<string, unknown>>, string, Record<string, string>?][] = [
      ['a missing first name', () => validPayload({ firstName: undefined }), 'firstName'],
      ['a blank first name', () => validPayload({ firstName: '   ' }), 'firstName'],
      ['a missing e-mail address', () => validPayload({ email: undefined }), 'email'],
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
      ['a role outside the list', () => validPayload({ role: 'CEO' }), 'role'],
      ['an unknown topic', () => validPayload({ topicIds: ['phishing', 'gardening'] }), 'topicIds.1'],
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
      const before = await subscriberCount();
      const response = await subscribe(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ errors: { field: string; messagesByLanguage: Record<string, string> }[] }>();
      expect(body.errors.map((e) => e.field)).toEqual([field]);
      expect(Object.keys(body.errors[0]?.messagesByLanguage ?? {}).sort()).toEqual(['de-CH', 'en-US']);
      if (messages) expect(body.errors[0]?.messagesByLanguage).toEqual(messages);
      expect(await subscriberCount()).toBe(before);
    });

    it('a captcha solution used twice', async () => {
      const payload = await validPayload({ email: 'replay@example.ch' });
      expect((await subscribe(payload)).statusCode).toBe(200);
      const before = await subscriberCount();
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
      expect(await subscriberCount()).toBe(before);
      expect(await subscriberByEmail('replay-2@example.ch')).toBeUndefined();
    });

    it('does not spend the captcha solution of a refused payload', async () => {
      const payload = await validPayload({ email: 'second-try@example.ch' });
      expect((await subscribe({ ...payload, agreeWithDataPrivacy: false })).statusCode).toBe(400);
      expect((await subscribe(payload)).statusCode).toBe(200);
    });
  });

  it('refuses a request without the anti-forgery header with 403, storing nothing', async () => {
    const before = await subscriberCount();
    const response = await subscribe(await validPayload({ email: 'forged@example.ch' }), { cookie: session.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('xsrf');
    expect(await subscriberCount()).toBe(before);
  });
});
