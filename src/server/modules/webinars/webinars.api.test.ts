import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, contacts, newsletterSubscriptions, outbox, webinars, webinarSubscriptions } from '#server/db/schema.ts';
import type { PublicWebinar } from '#shared/schemas/webinars.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { calendarOf, queuedMails, rowCount } from '../../../../tests/helpers/outbox.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/** The public webinar calls: the list, one webinar, and the sign-up with its confirmation mail and calendar entry. */

let t: TestApp;
let smtp: TestSmtpServer;
let session: XsrfSession;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const day = 24 * 60 * 60 * 1000;
/** 4 Feb 2031, 14:00 in Zurich (winter time). */
const winterStart = new Date('2031-02-04T13:00:00Z');

type WebinarFields = Partial<typeof webinars.$inferInsert>;

async function addWebinar(fields: WebinarFields = {}) {
  const code = fields.code ?? `webinar-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(webinars)
    .values({
      code,
      language: 'en-US',
      title: 'Phishing defence for teams',
      description: 'How phishing works.\nLive demo and Q&A.',
      startsAt: winterStart,
      durationMinutes: 60,
      link: `https://webinars.example.com/${code}`,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

async function emptyTables() {
  await t.database.db.delete(outbox);
  await t.database.db.delete(webinarSubscriptions);
  await t.database.db.delete(consents);
  await t.database.db.delete(contacts);
  await t.database.db.delete(webinars);
  smtp.mails.length = 0;
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

function signUp(id: string, payload: unknown, headers: Record<string, string> = session.headers) {
  return t.app.inject({ method: 'POST', url: `/api/webinars/${id}/subscriptions`, headers, payload: payload as Record<string, unknown> });
}

describe('GET /api/webinars/', () => {
  beforeAll(emptyTables);

  it('lists the upcoming webinars, soonest first, in the asked language, without their links', async () => {
    const later = await addWebinar({ code: 'later', startsAt: new Date(Date.now() + 20 * day) });
    const sooner = await addWebinar({ code: 'sooner', startsAt: new Date(Date.now() + 2 * day) });
    const german = await addWebinar({ code: 'deutsch', language: 'de-CH', title: 'Ransomware: der Notfallplan', startsAt: new Date(Date.now() + 5 * day) });
    await addWebinar({ code: 'started', startsAt: new Date(Date.now() - 60_000), durationMinutes: 480 });
    await addWebinar({ code: 'past', startsAt: new Date(Date.now() - 10 * day) });
    await addWebinar({ code: 'deleted', startsAt: new Date(Date.now() + 3 * day), deletedAt: new Date() });

    const english = await t.app.inject({ url: '/api/webinars/?language=en-US' });
    expect(english.statusCode).toBe(200);
    const list = english.json() as PublicWebinar[];
    expect(list.map((webinar) => webinar.code)).toEqual(['sooner', 'later']);
    expect(list[0]).toEqual({
      id: sooner.id,
      code: 'sooner',
      title: 'Phishing defence for teams',
      language: 'en-US',
      startsAt: sooner.startsAt.toISOString(),
      durationMinutes: 60,
      description: 'How phishing works.\nLive demo and Q&A.',
    });
    expect(english.body).not.toContain('https://webinars.example.com');

    const germanList = (await t.app.inject({ url: '/api/webinars/?language=de-CH' })).json() as PublicWebinar[];
    expect(germanList.map((webinar) => webinar.id)).toEqual([german.id]);

    const all = (await t.app.inject({ url: '/api/webinars/' })).json() as PublicWebinar[];
    expect(all.map((webinar) => webinar.id)).toEqual([sooner.id, german.id, later.id]);
  });

  it('refuses an unknown language with 400 on the field', async () => {
    const response = await t.app.inject({ url: '/api/webinars/?language=fr-FR' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['language']);
  });
});

describe('GET /api/webinars/:id', () => {
  beforeAll(emptyTables);

  it('answers one webinar, also one that has taken place, without its link', async () => {
    const past = await addWebinar({ code: 'past', startsAt: new Date(Date.now() - 10 * day) });
    const response = await t.app.inject({ url: `/api/webinars/${past.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: past.id,
      code: 'past',
      title: past.title,
      language: 'en-US',
      startsAt: past.startsAt.toISOString(),
      durationMinutes: 60,
      description: past.description,
    });
  });

  it('answers 404 for an unknown or deleted webinar, 400 for an id that is none', async () => {
    const deleted = await addWebinar({ deletedAt: new Date() });
    for (const id of [deleted.id, randomUUID()]) {
      const response = await t.app.inject({ url: `/api/webinars/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'notFound',
          messagesByLanguage: { 'en-US': 'This webinar does not exist or was cancelled.', 'de-CH': 'Dieses Webinar gibt es nicht oder es wurde abgesagt.' },
        },
      });
    }
    const malformed = await t.app.inject({ url: '/api/webinars/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.map((e: { field: string }) => e.field)).toEqual(['id']);
  });

  it('leaves /api/webinars/admin/ to the back office (not taken for an id)', async () => {
    const response = await t.app.inject({ url: '/api/webinars/admin/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});

describe('POST /api/webinars/:id/subscriptions', () => {
  beforeEach(emptyTables);

  it('signs up, records the person with their consent, and queues the confirmation with the calendar entry', async () => {
    const webinar = await addWebinar();
    const response = await signUp(webinar.id, await validPayload());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      messages: [
        {
          translations: {
            'en-US':
              'You are signed up for “Phishing defence for teams” on 4 Feb 2031, 14:00 CET (UTC+1). We have sent you an e-mail with the link to join and a calendar entry.',
            'de-CH':
              'Sie sind angemeldet für «Phishing defence for teams» am 4. Feb. 2031, 14:00 MEZ (UTC+1). Wir haben Ihnen eine E-Mail mit dem Link zur Teilnahme und einem Kalendereintrag geschickt.',
          },
        },
      ],
    });

    const [contact] = await t.database.db.select().from(contacts);
    expect(contact).toMatchObject({ email: 'anna.muster@example.ch', firstName: 'Anna', lastName: 'Muster', companyName: 'Muster AG', role: 'CISO', preferredLanguage: 'en-US' });
    const [subscription, ...others] = await t.database.db.select().from(webinarSubscriptions);
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({ webinarId: webinar.id, contactId: contact?.id, language: 'en-US' });
    const given = await t.database.db.select().from(consents);
    expect(given.map((row) => [row.subject, row.granted, row.source, row.language])).toEqual([['DATA_PRIVACY', true, 'WEBINAR', 'en-US']]);

    const [mail, ...moreMails] = await queuedMails(t.database);
    expect(moreMails).toEqual([]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('anna.muster@example.ch');
    expect(mail?.subject).toBe('You are signed up: Phishing defence for teams');
    const text = mail?.text ?? '';
    expect(text).toContain('Hello Anna');
    expect(text).toContain('Date and time: 4 Feb 2031, 14:00 CET (UTC+1)');
    expect(text).toContain('Duration: 60 minutes');
    expect(text).toContain(`Link to join: ${webinar.link}`);
    expect(text).toContain('How phishing works.');
    expect(text).toContain(
      `Add to Google Calendar: https://calendar.google.com/calendar/render?action=TEMPLATE&text=Phishing%20defence%20for%20teams&dates=20310204T130000Z/20310204T140000Z&details=`,
    );
    expect(text).toContain('Outlook: https://outlook.live.com/calendar/0/action/compose?subject=Phishing%20defence%20for%20teams&startdt=2031-02-04T13:00:00Z&enddt=2031-02-04T14:00:00Z');
    expect(text).toContain(`location=${webinar.link}`);
    expect(text).toContain(`open the attached file ${webinar.code}.ics`);
    expect(String(mail?.html)).toContain(`href="${webinar.link}"`);
    expect(String(mail?.html)).toContain('lang="en-US"');

    const { attachment, calendar, vevent, event } = calendarOf(mail);
    expect(attachment.filename).toBe(`${webinar.code}.ics`);
    expect(attachment.contentType).toBe('text/calendar');
    expect(attachment.content.toString('utf8').endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(`${subscription?.id}@cybersafe-academy.example`);
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Zurich');
    expect(event.startDate.toString()).toBe('2031-02-04T14:00:00');
    expect(event.startDate.toJSDate().toISOString()).toBe(webinar.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe('2031-02-04T14:00:00.000Z');
    expect(vevent.getFirstPropertyValue('url')).toBe(webinar.link);
    expect(event.location).toBe(webinar.link);
    expect(event.description).toContain(`Join the webinar: ${webinar.link}`);
    expect(event.organizer).toBe(`mailto:${t.env.MAIL_FROM}`);
    expect(String(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger'))).toBe('-PT15M');
  });

  it('delivers the confirmation over SMTP with the calendar file attached', async () => {
    const webinar = await addWebinar();
    expect((await signUp(webinar.id, await validPayload())).statusCode).toBe(200);
    expect(await t.app.mailWorker.runOnce()).toBe(1);
    const [delivered] = await smtp.waitForMails(1);
    expect(delivered?.subject).toBe('You are signed up: Phishing defence for teams');
    const { calendar, event } = calendarOf(delivered);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.startDate.toJSDate().toISOString()).toBe(webinar.startsAt.toISOString());
  });

  it('keeps one sign-up when the same person signs up again, and sends the confirmation again with the same UID', async () => {
    const webinar = await addWebinar();
    expect((await signUp(webinar.id, await validPayload())).statusCode).toBe(200);
    const again = await signUp(webinar.id, await validPayload({ email: ' Anna.Muster@Example.CH ', preferredLanguage: 'de-CH', newsletterEnabled: true }));
    expect(again.statusCode).toBe(200);
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(1);
    expect(await rowCount(t.database, contacts)).toBe(1);
    const [subscription] = await t.database.db.select().from(webinarSubscriptions);
    // The latest sign-up's language writes the mails from now on.
    expect(subscription?.language).toBe('de-CH');

    const mails = await queuedMails(t.database);
    // The newsletter box starts the newsletter's double opt-in: its confirmation mail comes too.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Bitte bestätigen Sie Ihr Newsletter-Abonnement',
      'Sie sind angemeldet: Phishing defence for teams',
      'You are signed up: Phishing defence for teams',
    ]);
    const invitations = mails.filter((mail) => mail.attachments.length > 0);
    expect(invitations.map((mail) => calendarOf(mail).event.uid)).toEqual([`${subscription?.id}@cybersafe-academy.example`, `${subscription?.id}@cybersafe-academy.example`]);
    // Nobody is subscribed before confirming: the NEWSLETTER consent comes with the confirmation.
    const given = await t.database.db.select().from(consents).orderBy(consents.createdAt);
    expect(given.map((row) => `${row.subject}:${row.language}`).sort()).toEqual(['DATA_PRIVACY:de-CH', 'DATA_PRIVACY:en-US']);
    const [newsletter] = await t.database.db.select().from(newsletterSubscriptions);
    expect(newsletter?.status).toBe('PENDING');
  });

  it('writes the confirmation in German, Swiss spelling, with summer time, and takes the request language without a preferred one', async () => {
    const webinar = await addWebinar({ language: 'de-CH', title: 'Ransomware: der Notfallplan', startsAt: new Date('2031-07-08T12:00:00Z') });
    const payload = await validPayload();
    delete payload.preferredLanguage;
    const response = await signUp(webinar.id, payload, { ...session.headers, 'accept-language': 'de-CH,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    const [mail] = await queuedMails(t.database);
    expect(mail?.subject).toBe('Sie sind angemeldet: Ransomware: der Notfallplan');
    expect(mail?.text).toContain('Guten Tag Anna');
    expect(mail?.text).toContain('Datum und Uhrzeit: 8. Juli 2031, 14:00 MESZ (UTC+2)');
    expect(mail?.text).toContain('In Google Kalender eintragen: https://calendar.google.com/');
    expect(mail?.text).toContain('Freundliche Grüsse');
    expect(mail?.text).not.toContain('ß');
    expect(String(mail?.html)).toContain('lang="de-CH"');
    const { event } = calendarOf(mail);
    expect(event.startDate.toString()).toBe('2031-07-08T14:00:00');
    expect(event.description).toContain('Am Webinar teilnehmen:');
    const [contact] = await t.database.db.select().from(contacts);
    expect(contact?.preferredLanguage).toBe('de-CH');
  });

  it('shows what staff entered as text in the HTML part', async () => {
    const webinar = await addWebinar({ title: '<b>Bold</b> & co', description: '<script>alert(1)</script>' });
    expect((await signUp(webinar.id, await validPayload({ firstName: '<i>Anna</i>' }))).statusCode).toBe(200);
    const [mail] = await queuedMails(t.database);
    const html = String(mail?.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bold');
    expect(html).not.toContain('<i>Anna');
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; co');
  });

  it('answers 404 for an unknown or deleted webinar and 409 for one that has started, and keeps the captcha unspent', async () => {
    const deleted = await addWebinar({ deletedAt: new Date() });
    const started = await addWebinar({ startsAt: new Date(Date.now() - 60_000), durationMinutes: 120 });
    const payload = await validPayload();
    for (const id of [deleted.id, randomUUID()]) {
      const response = await signUp(id, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('notFound');
    }
    const late = await signUp(started.id, payload);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: {
        code: 'conflict',
        messagesByLanguage: {
          'en-US': 'This webinar has already started, sign-up is closed.',
          'de-CH': 'Dieses Webinar hat bereits begonnen, die Anmeldung ist geschlossen.',
        },
      },
    });
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(0);
    expect(await rowCount(t.database, contacts)).toBe(0);
    expect(await rowCount(t.database, outbox)).toBe(0);
    // The same solution still works for a webinar that is open.
    const open = await addWebinar();
    expect((await signUp(open.id, payload)).statusCode).toBe(200);
    // … once.
    const replay = await signUp(open.id, payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.map((e: { field: string }) => e.field)).toEqual(['captchaSolution']);
  });

  it('refuses a payload the form would refuse, with 400 on each field, storing nothing', async () => {
    const webinar = await addWebinar();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ agreeWithDataPrivacy: false }, ['agreeWithDataPrivacy']],
      [{ email: 'not an address' }, ['email']],
      [{ firstName: '' }, ['firstName']],
      [{ captchaSolution: '' }, ['captchaSolution']],
      [{ role: 'ASTRONAUT' }, ['role']],
      [{ firstName: 'x'.repeat(101) }, ['firstName']],
    ];
    for (const [overrides, fields] of cases) {
      const response = await signUp(webinar.id, await validPayload(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(fields);
    }
    const wrongFamily = await signUp(webinar.id, await validPayload({ captchaSolution: await solveCaptcha(t.app, 'contact') }));
    expect(wrongFamily.statusCode).toBe(400);
    expect(wrongFamily.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'wrongSiteKey' });
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(0);
    expect(await rowCount(t.database, outbox)).toBe(0);
  });

  it('refuses 100 KB of text in a field with 413, storing nothing', async () => {
    const webinar = await addWebinar();
    const response = await signUp(webinar.id, await validPayload({ companyName: 'x'.repeat(100 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payloadTooLarge');
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(0);
    expect(await rowCount(t.database, contacts)).toBe(0);
    expect(await rowCount(t.database, outbox)).toBe(0);
  });

  it('needs the anti-forgery header (403)', async () => {
    const webinar = await addWebinar();
    const response = await signUp(webinar.id, await validPayload(), { cookie: session.cookie });
    expect(response.statusCode).toBe(403);
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(0);
  });

  it('takes sign-ups until the start, not after', async () => {
    const soon = await addWebinar({ startsAt: new Date(Date.now() + 60_000) });
    expect((await signUp(soon.id, await validPayload())).statusCode).toBe(200);
    await t.database.db.update(webinars).set({ startsAt: new Date(Date.now() - 1000) }).where(eq(webinars.id, soon.id));
    expect((await signUp(soon.id, await validPayload({ email: 'late@example.ch' }))).statusCode).toBe(409);
    expect(await rowCount(t.database, webinarSubscriptions)).toBe(1);
  });

  it('counts against the limit of the forms that send mail (429 beyond it)', async () => {
    const limited = await createTestApp({ MAIL_FORMS_PER_HOUR: '2' });
    try {
      const xsrf = await startXsrfSession(limited.app);
      const send = () =>
        limited.app.inject({ method: 'POST', url: `/api/webinars/${randomUUID()}/subscriptions`, remoteAddress: '192.0.2.20', headers: xsrf.headers, payload: { firstName: 'Anna' } });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
