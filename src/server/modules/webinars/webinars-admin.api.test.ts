import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, contacts, outbox, webinars, webinarSubscriptions } from '#server/db/schema.ts';
import type { AdminWebinar, AdminWebinarDetail, AdminWebinarList } from '#shared/schemas/webinars.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { calendarOf, queuedMails } from '../../../../tests/helpers/outbox.ts';
import { cellsIgnoringQuotes, isFormula, readCsv } from '../../../../tests/helpers/csv.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/** The back office's webinar admin (/api/webinars/admin/…) and what its changes send to the subscribers. */

let t: TestApp;
let session: XsrfSession;
let staff: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
  staff = await signInAsStaff(t);
});
afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.database.db.delete(outbox);
  await t.database.db.delete(webinarSubscriptions);
  await t.database.db.delete(consents);
  await t.database.db.delete(contacts);
  await t.database.db.delete(webinars);
});

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * day);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: Record<string, unknown>, headers: Record<string, string> = staff.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** 4 Feb 2031, 14:00 in Zurich. */
const input = (overrides: Record<string, unknown> = {}) => ({
  code: 'phishing-2031',
  title: 'Phishing defence for teams',
  language: 'en-US',
  startsAt: '2031-02-04T13:00:00.000Z',
  durationMinutes: 60,
  description: 'How phishing works. Live demo and Q&A.',
  link: 'https://webinars.example.com/phishing-2031',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<AdminWebinar> {
  const response = await call('POST', '/api/webinars/admin/', input(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminWebinar;
}

async function addWebinar(fields: Partial<typeof webinars.$inferInsert> = {}) {
  const code = fields.code ?? `w-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(webinars)
    .values({ code, language: 'en-US', title: `Webinar ${code}`, description: 'About it.', startsAt: inDays(7), durationMinutes: 60, link: `https://webinars.example.com/${code}`, ...fields })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

/** Signs a person up through the public form, as a visitor does. */
async function signUp(webinarId: string, person: { firstName: string; lastName?: string; email: string; preferredLanguage?: string; companyName?: string; role?: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/webinars/${webinarId}/subscriptions`,
    headers: session.headers,
    payload: { captchaSolution: await solveCaptcha(t.app, 'forms'), agreeWithDataPrivacy: true, preferredLanguage: 'en-US', ...person },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function subscriptionIds(): Promise<Map<string, string>> {
  const rows = await t.database.db
    .select({ id: webinarSubscriptions.id, email: contacts.email })
    .from(webinarSubscriptions)
    .innerJoin(contacts, eq(contacts.id, webinarSubscriptions.contactId));
  return new Map(rows.map((row) => [row.email, row.id]));
}

const recipientOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe('the webinar admin', () => {
  it('answers 401 without a staff session, on every call', async () => {
    const id = randomUUID();
    const calls: [Method, string, Record<string, unknown>?][] = [
      ['GET', '/api/webinars/admin/'],
      ['POST', '/api/webinars/admin/', input()],
      ['GET', `/api/webinars/admin/${id}`],
      ['PUT', `/api/webinars/admin/${id}`, input()],
      ['DELETE', `/api/webinars/admin/${id}?subscribersInformed=true`],
      ['GET', `/api/webinars/admin/${id}/subscribers.csv`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, payload, session.headers);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    expect(await t.database.db.select().from(webinars)).toEqual([]);
  });

  it('needs the anti-forgery header for changes (403)', async () => {
    const response = await call('POST', '/api/webinars/admin/', input(), { cookie: staff.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('xsrf');
  });
});

describe('GET /api/webinars/admin/', () => {
  it('lists the upcoming webinars soonest first by default, the past ones and all latest first, with subscriber counts', async () => {
    const later = await addWebinar({ code: 'later', startsAt: inDays(30) });
    const sooner = await addWebinar({ code: 'sooner', language: 'de-CH', startsAt: inDays(3) });
    const past = await addWebinar({ code: 'past', startsAt: inDays(-3) });
    const older = await addWebinar({ code: 'older', startsAt: inDays(-40) });
    await addWebinar({ code: 'deleted', startsAt: inDays(5), deletedAt: new Date() });
    await signUp(sooner.id, { firstName: 'Anna', email: 'anna@example.ch' });
    await signUp(sooner.id, { firstName: 'Ben', email: 'ben@example.ch' });
    await signUp(later.id, { firstName: 'Anna', email: 'anna@example.ch' });

    const upcoming = await call('GET', '/api/webinars/admin/');
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.headers['cache-control']).toBe('no-store');
    const list = upcoming.json() as AdminWebinarList;
    expect(list.results.map((row) => [row.code, row.subscriberCount])).toEqual([
      ['sooner', 2],
      ['later', 1],
    ]);
    expect(list.results[0]).toEqual({
      id: sooner.id,
      code: 'sooner',
      title: sooner.title,
      language: 'de-CH',
      startsAt: sooner.startsAt.toISOString(),
      durationMinutes: 60,
      description: 'About it.',
      link: sooner.link,
      subscriberCount: 2,
    });
    const codes = async (query: string) => ((await call('GET', `/api/webinars/admin/${query}`)).json() as AdminWebinarList).results.map((row) => row.code);
    expect(await codes('?period=UPCOMING')).toEqual(['sooner', 'later']);
    expect(await codes('?period=PAST')).toEqual([past.code, older.code]);
    expect(await codes('?period=ALL')).toEqual([later.code, sooner.code, past.code, older.code]);

    const bad = await call('GET', '/api/webinars/admin/?period=SOON');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['period']);
  });
});

describe('GET /api/webinars/admin/:id', () => {
  it('answers the webinar with its subscribers in order of sign-up, as their contact records say', async () => {
    const webinar = await addWebinar();
    await signUp(webinar.id, { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', companyName: 'Muster AG', role: 'CISO', preferredLanguage: 'de-CH' });
    await signUp(webinar.id, { firstName: 'Ben', email: 'ben@example.com' });
    const response = await call('GET', `/api/webinars/admin/${webinar.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as AdminWebinarDetail;
    expect(detail).toMatchObject({ id: webinar.id, code: webinar.code, link: webinar.link, subscriberCount: 2 });
    const ids = await subscriptionIds();
    expect(detail.subscribers).toEqual([
      { id: ids.get('anna@example.ch'), firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', company: 'Muster AG', role: 'CISO', language: 'de-CH', subscribedAt: expect.any(String) },
      { id: ids.get('ben@example.com'), firstName: 'Ben', lastName: null, email: 'ben@example.com', company: null, role: null, language: 'en-US', subscribedAt: expect.any(String) },
    ]);
    expect(Date.parse(detail.subscribers[0]?.subscribedAt ?? '')).toBeLessThanOrEqual(Date.parse(detail.subscribers[1]?.subscribedAt ?? ''));
  });

  it('answers 404 for an unknown or deleted webinar and 400 for an id that is none', async () => {
    const deleted = await addWebinar({ deletedAt: new Date() });
    for (const id of [deleted.id, randomUUID()]) {
      const response = await call('GET', `/api/webinars/admin/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.messagesByLanguage['en-US']).toBe('This webinar does not exist or was cancelled.');
    }
    const malformed = await call('GET', '/api/webinars/admin/nope');
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed.json())).toEqual(['id']);
  });
});

describe('POST /api/webinars/admin/', () => {
  it('creates a webinar and answers it as the admin shows it', async () => {
    const created = await create({ code: '  Phishing-2031 ', startsAt: '2031-02-04T14:00:00+01:00', durationMinutes: '90' });
    expect(created).toEqual({
      id: expect.any(String),
      code: 'Phishing-2031',
      title: 'Phishing defence for teams',
      language: 'en-US',
      startsAt: '2031-02-04T13:00:00.000Z',
      durationMinutes: 90,
      description: 'How phishing works. Live demo and Q&A.',
      link: 'https://webinars.example.com/phishing-2031',
      subscriberCount: 0,
    });
    const [row] = await t.database.db.select().from(webinars).where(eq(webinars.id, created.id));
    expect(row).toMatchObject({ code: 'Phishing-2031', sequence: 0, deletedAt: null });
    // The public list shows it.
    const listed = (await t.app.inject({ url: '/api/webinars/' })).json() as { id: string }[];
    expect(listed.map((webinar) => webinar.id)).toContain(created.id);
  });

  it.each([
    ['a code with spaces', { code: 'phishing 2031' }, 'code', 'Use letters, digits and dashes only.'],
    ['a code with an umlaut', { code: 'prüfung' }, 'code', 'Use letters, digits and dashes only.'],
    ['a duration of 10 minutes', { durationMinutes: 10 }, 'durationMinutes', undefined],
    ['a duration of 500 minutes', { durationMinutes: 500 }, 'durationMinutes', undefined],
    ['an http:// link', { link: 'http://webinars.example.com/x' }, 'link', 'Please enter a link starting with https://.'],
    ['a link that is none', { link: 'webinars.example.com' }, 'link', undefined],
    ['a start that is no date', { startsAt: '4.2.2031 14:00' }, 'startsAt', undefined],
    ['a start in the past', { startsAt: new Date(Date.now() - 60_000).toISOString() }, 'startsAt', 'The start must be in the future.'],
    ['an unknown language', { language: 'fr-FR' }, 'language', undefined],
    ['an empty title', { title: '  ' }, 'title', undefined],
  ])('refuses %s with 400 on the field', async (_name, overrides, field, message) => {
    const response = await call('POST', '/api/webinars/admin/', input(overrides));
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { field: string; messagesByLanguage: Record<string, string> }[];
    expect(errors.map((e) => e.field)).toEqual([field]);
    if (message) expect(errors[0]?.messagesByLanguage['en-US']).toBe(message);
    expect(await t.database.db.select().from(webinars)).toEqual([]);
  });

  it('refuses a code another webinar has, whatever its case, but not the code of a deleted one', async () => {
    await create({ code: 'phishing-2031' });
    const taken = await call('POST', '/api/webinars/admin/', input({ code: 'PHISHING-2031' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { field: 'code', code: 'taken', messagesByLanguage: { 'en-US': 'Another webinar already has this code.', 'de-CH': 'Ein anderes Webinar hat bereits diesen Code.' } },
    ]);
    await t.database.db.update(webinars).set({ deletedAt: new Date() });
    expect((await call('POST', '/api/webinars/admin/', input({ code: 'PHISHING-2031' }))).statusCode).toBe(200);
  });

  it('refuses 100 KB of description with 413, storing nothing', async () => {
    const response = await call('POST', '/api/webinars/admin/', input({ description: 'x'.repeat(100 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(await t.database.db.select().from(webinars)).toEqual([]);
  });
});

describe('PUT /api/webinars/admin/:id', () => {
  it('changes the description without telling the subscribers', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: 'Anna', email: 'anna@example.ch' });
    await t.database.db.delete(outbox);
    const response = await call('PUT', `/api/webinars/admin/${webinar.id}`, input({ description: 'A better description.', code: 'PHISHING-2031' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: webinar.id, description: 'A better description.', code: 'PHISHING-2031', subscriberCount: 1 });
    const [row] = await t.database.db.select().from(webinars);
    expect(row?.sequence).toBe(0);
    expect(await queuedMails(t.database)).toEqual([]);
  });

  it('sends every subscriber the changed calendar entry (same UID, next SEQUENCE) when the start changes', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: 'Anna', email: 'anna@example.ch', preferredLanguage: 'de-CH' });
    await signUp(webinar.id, { firstName: 'Ben', email: 'ben@example.com' });
    const [first] = (await queuedMails(t.database)).filter((mail) => recipientOf(mail) === 'ben@example.com');
    const uidBefore = calendarOf(first).event.uid;
    await t.database.db.delete(outbox);

    // One week later, 15:00 in Zurich.
    const response = await call('PUT', `/api/webinars/admin/${webinar.id}`, input({ startsAt: '2031-02-11T14:00:00Z', durationMinutes: 45 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ startsAt: '2031-02-11T14:00:00.000Z', durationMinutes: 45, subscriberCount: 2 });
    const [row] = await t.database.db.select().from(webinars);
    expect(row?.sequence).toBe(1);

    const mails = await queuedMails(t.database);
    expect(mails.map(recipientOf).sort()).toEqual(['anna@example.ch', 'ben@example.com']);
    const ids = await subscriptionIds();
    for (const mail of mails) {
      const { calendar, event } = calendarOf(mail);
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(event.uid).toBe(`${ids.get(recipientOf(mail) ?? '')}@cybersafe-academy.example`);
      expect(event.sequence).toBe(1);
      expect(event.startDate.toString()).toBe('2031-02-11T15:00:00');
      expect(event.endDate.toJSDate().toISOString()).toBe('2031-02-11T14:45:00.000Z');
    }
    const ben = mails.find((mail) => recipientOf(mail) === 'ben@example.com');
    expect(calendarOf(ben).event.uid).toBe(uidBefore);
    expect(ben?.subject).toBe('Changed: Phishing defence for teams');
    expect(ben?.text).toContain('The webinar you signed up for has changed.');
    expect(ben?.text).toContain('Date and time: 11 Feb 2031, 15:00 CET (UTC+1)');
    expect(ben?.text).toContain('Duration: 45 minutes');
    const anna = mails.find((mail) => recipientOf(mail) === 'anna@example.ch');
    expect(anna?.subject).toBe('Geändert: Phishing defence for teams');
    expect(anna?.text).toContain('11. Feb. 2031, 15:00 MEZ (UTC+1)');

    // A second change: the next sequence.
    expect((await call('PUT', `/api/webinars/admin/${webinar.id}`, input({ startsAt: '2031-02-11T14:00:00Z', durationMinutes: 45, title: 'Phishing defence' }))).statusCode).toBe(200);
    const latest = (await queuedMails(t.database)).slice(2);
    expect(latest.map((mail) => calendarOf(mail).event.sequence)).toEqual([2, 2]);
    expect(latest.map((mail) => calendarOf(mail).event.summary)).toEqual(['Phishing defence', 'Phishing defence']);
  });

  it('tells of a new link', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: 'Anna', email: 'anna@example.ch' });
    await t.database.db.delete(outbox);
    expect((await call('PUT', `/api/webinars/admin/${webinar.id}`, input({ link: 'https://meet.example.com/new-room' }))).statusCode).toBe(200);
    const [mail] = await queuedMails(t.database);
    const { vevent, event } = calendarOf(mail);
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/new-room');
    expect(event.sequence).toBe(1);
  });

  it('keeps a start already past as it is, but refuses moving the start into the past', async () => {
    const past = await addWebinar({ startsAt: inDays(-2) });
    const same = await call(
      'PUT',
      `/api/webinars/admin/${past.id}`,
      input({ code: past.code, startsAt: past.startsAt.toISOString(), link: past.link, title: 'Renamed after it took place' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ title: 'Renamed after it took place', startsAt: past.startsAt.toISOString() });
    const moved = await call('PUT', `/api/webinars/admin/${past.id}`, input({ code: past.code, startsAt: inDays(-1).toISOString() }));
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved.json())).toEqual(['startsAt']);
  });

  it('refuses another webinar’s code, and answers 404 for an unknown or deleted webinar', async () => {
    await create({ code: 'first' });
    const second = await create({ code: 'second' });
    const taken = await call('PUT', `/api/webinars/admin/${second.id}`, input({ code: 'First' }));
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken.json())).toEqual(['code']);
    const deleted = await addWebinar({ deletedAt: new Date() });
    for (const id of [deleted.id, randomUUID()]) {
      expect((await call('PUT', `/api/webinars/admin/${id}`, input({ code: 'third' }))).statusCode).toBe(404);
    }
  });
});

describe('DELETE /api/webinars/admin/:id', () => {
  it('deletes a webinar without subscribers at once', async () => {
    const webinar = await create();
    const response = await call('DELETE', `/api/webinars/admin/${webinar.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [row] = await t.database.db.select().from(webinars);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await call('GET', `/api/webinars/admin/${webinar.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/webinars/${webinar.id}` })).statusCode).toBe(404);
    expect(await queuedMails(t.database)).toEqual([]);
  });

  it('refuses to delete a webinar with subscribers until staff confirm they are told, then sends each the cancellation', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', preferredLanguage: 'de-CH' });
    await signUp(webinar.id, { firstName: 'Ben', email: 'ben@example.com' });
    await t.database.db.delete(outbox);

    for (const query of ['', '?subscribersInformed=false']) {
      const refused = await call('DELETE', `/api/webinars/admin/${webinar.id}${query}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'conflict',
          messagesByLanguage: {
            'en-US': 'This webinar has subscribers. Confirm that they will be told before deleting it.',
            'de-CH': 'Für dieses Webinar gibt es Anmeldungen. Bestätigen Sie, dass die Angemeldeten informiert werden, bevor Sie es löschen.',
          },
        },
      });
    }
    expect((await call('DELETE', `/api/webinars/admin/${webinar.id}?subscribersInformed=yes`)).statusCode).toBe(400);
    expect((await t.database.db.select().from(webinars))[0]?.deletedAt).toBeNull();
    expect(await queuedMails(t.database)).toEqual([]);

    const response = await call('DELETE', `/api/webinars/admin/${webinar.id}?subscribersInformed=true`);
    expect(response.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(webinars);
    expect(row).toMatchObject({ sequence: 1, deletedAt: expect.any(Date) });

    const mails = await queuedMails(t.database);
    expect(mails.map(recipientOf).sort()).toEqual(['anna@example.ch', 'ben@example.com']);
    const ids = await subscriptionIds();
    for (const mail of mails) {
      const { calendar, vevent, event } = calendarOf(mail);
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.uid).toBe(`${ids.get(recipientOf(mail) ?? '')}@cybersafe-academy.example`);
      expect(event.sequence).toBe(1);
      expect(event.startDate.toJSDate().toISOString()).toBe('2031-02-04T13:00:00.000Z');
      expect(mail.attachments[0]?.contentType).toBe('text/calendar');
    }
    const anna = mails.find((mail) => recipientOf(mail) === 'anna@example.ch');
    expect(anna?.subject).toBe('Abgesagt: Phishing defence for teams');
    expect(anna?.text).toContain('Das Webinar «Phishing defence for teams», geplant für 4. Feb. 2031, 14:00 MEZ (UTC+1), wurde abgesagt.');
    expect(anna?.text).not.toContain('https://webinars.example.com');
    const ben = mails.find((mail) => recipientOf(mail) === 'ben@example.com');
    expect(ben?.subject).toBe('Cancelled: Phishing defence for teams');

    // Gone from the lists and the public page; its code is free again.
    expect(((await call('GET', '/api/webinars/admin/?period=ALL')).json() as AdminWebinarList).results).toEqual([]);
    expect((await t.app.inject({ url: `/api/webinars/${webinar.id}` })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/webinars/admin/${webinar.id}?subscribersInformed=true`)).statusCode).toBe(404);
    expect((await call('POST', '/api/webinars/admin/', input())).statusCode).toBe(200);
  });

  it('sends no cancellation for a webinar that is over', async () => {
    const over = await addWebinar({ startsAt: inDays(-2) });
    const [contact] = await t.database.db.insert(contacts).values({ email: 'anna@example.ch', firstName: 'Anna' }).returning();
    await t.database.db.insert(webinarSubscriptions).values({ webinarId: over.id, contactId: contact?.id ?? '', language: 'en-US' });
    expect((await call('DELETE', `/api/webinars/admin/${over.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/webinars/admin/${over.id}?subscribersInformed=true`)).statusCode).toBe(204);
    expect(await queuedMails(t.database)).toEqual([]);
  });

  it('answers 404 for an unknown webinar', async () => {
    expect((await call('DELETE', `/api/webinars/admin/${randomUUID()}?subscribersInformed=true`)).statusCode).toBe(404);
  });
});

describe('GET /api/webinars/admin/:id/subscribers.csv', () => {
  it('answers the subscribers as CSV: BOM, CRLF, the header in the asked language, cells safe from formulas', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', companyName: '=HYPERLINK("https://evil.example")', role: 'CISO', preferredLanguage: 'de-CH' });
    await signUp(webinar.id, { firstName: 'Ben', email: 'ben@example.com', companyName: 'Beispiel, Söhne & Co' });

    const response = await call('GET', `/api/webinars/admin/${webinar.id}/subscribers.csv?language=de-CH`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="webinar-phishing-2031-subscribers.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('"Vorname","Nachname","E-Mail","Firma","Funktion","Sprache","Angemeldet (UTC)"');
    expect(lines[1]).toMatch(/^"Anna","Muster","anna@example\.ch","'=HYPERLINK\(""https:\/\/evil\.example""\)","Chief Information Security Officer \(CISO\)","Deutsch","\d{4}-\d{2}-\d{2}T[\d:.]+Z"$/);
    expect(lines[2]).toMatch(/^"Ben",,"ben@example\.com","Beispiel, Söhne & Co",,"English","\d{4}-/);
    expect(lines).toHaveLength(4);

    const english = await call('GET', `/api/webinars/admin/${webinar.id}/subscribers.csv?language=en-US`);
    expect(english.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe('"First name","Last name","E-mail","Company","Role","Language","Signed up (UTC)"');
  });

  it('keeps a company with `;`, `,`, quotes and formulas in its cell, for a reader splitting at `,` or `;`', async () => {
    const webinar = await create();
    await signUp(webinar.id, { firstName: '@Anna', lastName: 'Muster, "die Erste"', email: 'anna@example.ch', companyName: 'Muster AG;=1+1;x' });

    const csv = (await call('GET', `/api/webinars/admin/${webinar.id}/subscribers.csv?language=en-US`)).rawPayload.toString('utf8');
    const [header, row, ...more] = readCsv(csv);
    expect(header).toEqual(['First name', 'Last name', 'E-mail', 'Company', 'Role', 'Language', 'Signed up (UTC)']);
    expect(row?.slice(0, 6)).toEqual(["'@Anna", 'Muster, "die Erste"', 'anna@example.ch', "Muster AG;'=1+1;x", '', 'English']);
    expect(more).toEqual([]);
    for (const separator of [';', ','] as const) expect(cellsIgnoringQuotes(csv, separator).filter(isFormula)).toEqual([]);
  });

  it('answers 404 for an unknown webinar', async () => {
    expect((await call('GET', `/api/webinars/admin/${randomUUID()}/subscribers.csv`)).statusCode).toBe(404);
  });
});
