import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, newsletterSubscriptions, orders } from '#server/db/schema.ts';
import type { ContactList, ContactRecord } from '#shared/schemas/contacts.ts';
import { cellsIgnoringQuotes, isFormula, readCsv } from '../../../../tests/helpers/csv.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/** The back office's contacts: GET /api/contacts/admin/, /{id} and /export.csv, staff only. */

let t: TestApp;
let staff: StaffSignIn;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9));
  const rows = await t.database.db
    .insert(contacts)
    .values([
      { email: 'anna.muster@example.ch', firstName: 'Anna', lastName: 'Muster', companyName: 'Muster AG', role: 'CISO', preferredLanguage: 'de-CH', createdAt: day(1) },
      { email: 'beat@keller.ch', firstName: 'Beat', lastName: 'Keller', companyName: 'Keller GmbH', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00', createdAt: day(2) },
      { email: 'carla@example.com', firstName: 'Carla', companyName: '100% Secure_Ltd', experienceLevel: 'EXPERT', preferredLanguage: 'en-US', createdAt: day(3) },
      { email: 'formula@example.com', firstName: '=HYPERLINK("http://evil")', createdAt: day(4) },
    ])
    .returning();
  for (const row of rows) ids[row.email] = row.id;
  await t.database.db.insert(newsletterSubscriptions).values({ contactId: ids['anna.muster@example.ch']!, status: 'CONFIRMED', source: 'NEWSLETTER', topicIds: ['phishing'] });
  await t.database.db.insert(contactMessages).values({
    contactId: ids['anna.muster@example.ch']!,
    firstName: 'Anna',
    email: 'anna.muster@example.ch',
    recipient: 'MESSAGE_CENTRAL',
    subject: 'Hello',
    message: 'A question about trainings.',
    language: 'de-CH',
  });
  await t.database.db.insert(orders).values({
    status: 'ORDERED',
    currency: 'EUR',
    language: 'de-CH',
    number: '2026-000042',
    invoiceInfo: { contact: { firstName: 'Anna', lastName: 'Muster', email: 'ANNA.MUSTER@example.ch', phoneCountryCode: 'CH', phoneNumber: '1' } },
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = staff.headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/contacts/admin/', () => {
  it('lists the contacts newest first, a page at a time, with their newsletter status', async () => {
    const response = await get('/api/contacts/admin/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json<ContactList>();
    expect(list.results.map((row) => row.email)).toEqual(['formula@example.com', 'carla@example.com', 'beat@keller.ch', 'anna.muster@example.ch']);
    expect(list).toMatchObject({ page: 1, pageSize: 20, totalResults: 4, totalPages: 1 });
    expect(list.results[3]).toEqual({
      id: ids['anna.muster@example.ch'],
      email: 'anna.muster@example.ch',
      name: 'Anna Muster',
      companyName: 'Muster AG',
      preferredLanguage: 'de-CH',
      newsletterStatus: 'CONFIRMED',
      createdAt: '2026-11-01T09:00:00.000Z',
    });
    expect(list.results[2]?.newsletterStatus).toBeNull();

    const second = (await get('/api/contacts/admin/?page=2&pageSize=3')).json<ContactList>();
    expect(second).toMatchObject({ page: 2, pageSize: 3, totalResults: 4, totalPages: 2 });
    expect(second.results.map((row) => row.email)).toEqual(['anna.muster@example.ch']);
  });

  it('searches names, e-mail addresses and companies in any case, taking % and _ literally', async () => {
    const search = async (q: string) => (await get(`/api/contacts/admin/?q=${encodeURIComponent(q)}`)).json<ContactList>().results.map((row) => row.email);
    expect(await search('MUSTER')).toEqual(['anna.muster@example.ch']);
    expect(await search('anna muster')).toEqual(['anna.muster@example.ch']);
    expect(await search('keller gmbh')).toEqual(['beat@keller.ch']);
    expect(await search('@Keller.')).toEqual(['beat@keller.ch']);
    expect(await search('100%')).toEqual(['carla@example.com']);
    expect(await search('%')).toEqual(['carla@example.com']);
    expect(await search('_')).toEqual(['carla@example.com']);
    expect(await search('example.c')).toEqual(['formula@example.com', 'carla@example.com', 'anna.muster@example.ch']);
    expect(await search('nobody')).toEqual([]);
    expect(await search('  ')).toHaveLength(4);
  });

  it('refuses a bad page or page size with a field error', async () => {
    for (const [query, field] of [['page=0', 'page'], ['pageSize=101', 'pageSize'], ['page=x', 'page'], [`q=${'x'.repeat(201)}`, 'q']]) {
      const response = await get(`/api/contacts/admin/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
  });
});

describe('GET /api/contacts/admin/{id}', () => {
  it('answers the record: consents, messages, webinar sign-ups, newsletter subscription and the orders found by e-mail', async () => {
    const response = await get(`/api/contacts/admin/${ids['anna.muster@example.ch']}`);
    expect(response.statusCode).toBe(200);
    const record = response.json<ContactRecord>();
    expect(record.contact).toMatchObject({ email: 'anna.muster@example.ch', role: 'CISO' });
    expect(record.newsletterSubscription).toMatchObject({ status: 'CONFIRMED', topicIds: ['phishing'] });
    expect(record.contactMessages.map((message) => message.subject)).toEqual(['Hello']);
    expect(record.webinarSubscriptions).toEqual([]);
    expect(record.orders).toEqual([expect.objectContaining({ number: '2026-000042', linkedBy: ['CHECKOUT'], currency: 'EUR' })]);
  });

  it('answers 404 for an unknown contact and 400 for an id that is no UUID', async () => {
    const unknown = await get(`/api/contacts/admin/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.messagesByLanguage).toEqual({ 'en-US': 'This contact does not exist.', 'de-CH': 'Diesen Kontakt gibt es nicht.' });
    expect((await get('/api/contacts/admin/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/contacts/admin/export.csv', () => {
  it('exports the contacts of the search as CSV, the header in the asked language, formulas defused', async () => {
    const response = await get('/api/contacts/admin/export.csv?language=de-CH');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"E-Mail-Adresse","Vorname","Nachname","Firma","Telefonnummer","Funktion","Erfahrung","Sprache","Newsletter","Bekannt seit"');
    expect(lines.find((line) => line.startsWith('"anna.muster'))).toMatch(/^"anna\.muster@example\.ch","Anna","Muster","Muster AG",,"[^"]+",,"Deutsch","Abonniert","2026-11-01T09:00:00\.000Z"$/);
    // The phone in its international form, its + defused like any formula character.
    expect(lines).toContain(`"beat@keller.ch","Beat","Keller","Keller GmbH","'+41 44 668 18 00",,,,,"2026-11-02T09:00:00.000Z"`);
    expect(lines).toContain(`"formula@example.com","'=HYPERLINK(""http://evil"")",,,,,,,,"2026-11-04T09:00:00.000Z"`);
    expect(lines.filter(Boolean)).toHaveLength(5);

    const english = await get('/api/contacts/admin/export.csv?q=carla&language=en-US');
    expect(english.body.split('\r\n').filter(Boolean)).toEqual([
      '\uFEFF"E-mail address","First name","Last name","Company","Phone number","Role","Experience","Language","Newsletter","Known since"',
      '"carla@example.com","Carla",,"100% Secure_Ltd",,,"Expert","English",,"2026-11-03T09:00:00.000Z"',
    ]);
  });

  // Last to add a contact: the list's counts above leave it out.
  it('keeps a company with `;`, `,`, quotes, line breaks and formulas in its cell, for a reader splitting at `,` or `;`', async () => {
    await t.database.db.insert(contacts).values({
      email: 'semi@example.ch',
      firstName: '+Eva',
      lastName: 'Muster, "die Zweite"',
      companyName: 'Muster AG;=1+1;x\n-Filiale',
      createdAt: new Date(Date.UTC(2026, 10, 5, 9)),
    });
    const response = await get('/api/contacts/admin/export.csv?q=semi&language=en-US');
    expect(response.statusCode).toBe(200);
    expect(readCsv(response.body)).toEqual([
      ['E-mail address', 'First name', 'Last name', 'Company', 'Phone number', 'Role', 'Experience', 'Language', 'Newsletter', 'Known since'],
      ['semi@example.ch', "'+Eva", 'Muster, "die Zweite"', "Muster AG;'=1+1;x\n'-Filiale", '', '', '', '', '', '2026-11-05T09:00:00.000Z'],
    ]);
    for (const separator of [';', ','] as const) expect(cellsIgnoringQuotes(response.body, separator).filter(isFormula)).toEqual([]);
  });
});

describe('staff only', () => {
  it('answers 401 without a staff session', async () => {
    for (const url of ['/api/contacts/admin/', `/api/contacts/admin/${ids['anna.muster@example.ch']}`, '/api/contacts/admin/export.csv']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
  });
});
