import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  consents,
  contactMessages,
  contacts,
  deletionRequests,
  invoices,
  newsletterSubscriptions,
  newsletterTokens,
  orderHistory,
  orderNotes,
  orders,
  outbox,
  savedViews,
  webinars,
  webinarSubscriptions,
} from '#server/db/schema.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails, rowCount } from '../../../../tests/helpers/outbox.ts';
import { signInAsStaff } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * What a person can ask about themselves through their newsletter link: everything stored
 * (GET /api/newsletter/{token}/data) and its deletion (POST …/deletion, then the mail's
 * link: POST /api/people/deletions/{token}), orders kept anonymised.
 */

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const db = t.database.db;
  await db.delete(outbox);
  await db.delete(contacts);
  await db.delete(orders);
  await db.delete(webinars).where(eq(webinars.code, 'personal-data-test'));
});

const email = 'anna.muster@example.ch';
const post = (url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: session.headers, ...(payload ? { payload } : {}) });

const linkToken = (mail: ParsedMail | undefined, path: RegExp) => path.exec(mail?.text ?? '')?.[1] ?? '';

/**
 * Anna: a confirmed subscriber who also wrote a contact message, signed up for a webinar,
 * saved a cart by e-mail and is the contact of a company's order. Returns her newsletter
 * token and the two orders' ids.
 */
async function anna() {
  const form = { firstName: 'Anna', lastName: 'Muster', email, agreeWithDataPrivacy: true, preferredLanguage: 'de-CH' };
  expect(
    (
      await post('/api/newsletter/', {
        ...form,
        captchaSolution: await solveCaptcha(t.app, 'forms'),
        phoneCountryCode: 'CH',
        phoneNumber: '44 668 18 00',
        topicIds: ['phishing'],
      })
    ).statusCode,
  ).toBe(200);
  const token = linkToken((await queuedMails(t.database, { to: email }))[0], /\/app\/newsletter\/([A-Za-z0-9_-]+)\//);
  expect((await post(`/api/newsletter/${token}/confirm`)).statusCode).toBe(200);

  expect(
    (
      await post('/api/contact-form/', {
        ...form,
        captchaSolution: await solveCaptcha(t.app, 'contact'),
        recipient: 'DATA_PRIVACY_OFFICER',
        subject: 'My data',
        message: 'Please tell me what you store about me.',
      })
    ).statusCode,
  ).toBe(200);

  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
  const [webinar] = await t.database.db
    .insert(webinars)
    .values({
      code: 'personal-data-test',
      language: 'de-CH',
      title: 'Phishing erkennen',
      description: 'Ein Webinar.',
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      durationMinutes: 60,
      link: 'https://meet.example/abc',
    })
    .returning();
  await t.database.db.insert(webinarSubscriptions).values({ webinarId: webinar!.id, contactId: contact!.id, language: 'de-CH' });

  const cart = await post('/api/orders/', { productCode: 'cyber_security_training_basic_v1', quantity: 5, currency: 'CHF', language: 'de-CH', paymentFrequency: 'ONE_TIME' });
  const cartId = cart.json<{ id: string }>().id;
  expect((await post(`/api/orders/${cartId}/subscribe`, { ...form, email: 'Anna.Muster@Example.CH', captchaSolution: await solveCaptcha(t.app, 'forms') })).statusCode).toBe(200);

  const address = { street: 'Seestrasse 1', additionalAddressLine: 'c/o Anna Muster', zip: '8002', city: 'Zürich', state: 'ZH', country: 'Schweiz', countryCode: 'CH' };
  const [order] = await t.database.db
    .insert(orders)
    .values({
      status: 'ORDERED',
      currency: 'CHF',
      language: 'de-CH',
      number: '2026-000777',
      orderedAt: new Date(),
      totalNetMinor: 150_000,
      amountDueMinor: 162_150,
      invoiceInfo: {
        company: { name: 'Muster AG', vatNumber: 'CHE-123.456.788 MWST' },
        address,
        invoiceAddressSameAsAddress: false,
        invoiceAddress: { ...address, street: 'Postfach 12' },
        contact: { firstName: 'Anna', lastName: 'Muster', email, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
        step: 6,
      },
    })
    .returning();
  return { token, cartId, orderId: order!.id, contactId: contact!.id };
}

describe('what we store about you', () => {
  it('downloads everything stored about the subscriber as JSON, and refuses an unknown link', async () => {
    const { token, cartId, orderId } = await anna();
    const response = await t.app.inject({ method: 'GET', url: `/api/newsletter/${token}/data` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="personal-data.json"');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const record = response.json<ContactRecord>();
    expect(record.contact).toMatchObject({ email, firstName: 'Anna', lastName: 'Muster', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00', preferredLanguage: 'de-CH' });
    expect(record.consents.map((row) => [row.subject, row.granted, row.source])).toEqual([
      ['DATA_PRIVACY', true, 'NEWSLETTER'],
      ['NEWSLETTER', true, 'NEWSLETTER'],
      ['DATA_PRIVACY', true, 'CONTACT_FORM'],
      ['DATA_PRIVACY', true, 'SAVE_CART'],
    ]);
    expect(record.newsletterSubscription).toMatchObject({ status: 'CONFIRMED', topicIds: ['phishing'], source: 'NEWSLETTER' });
    expect(record.contactMessages).toEqual([expect.objectContaining({ subject: 'My data', message: 'Please tell me what you store about me.', recipient: 'DATA_PRIVACY_OFFICER' })]);
    expect(record.webinarSubscriptions).toEqual([expect.objectContaining({ language: 'de-CH', webinar: expect.objectContaining({ code: 'personal-data-test', title: 'Phishing erkennen' }) })]);
    expect(record.orders.map((order) => [order.id, order.number, order.linkedBy])).toEqual([
      [cartId, null, ['SAVE_CART']],
      [orderId, '2026-000777', ['CHECKOUT']],
    ]);
    expect(record.orders[0]?.savedCartBy).toMatchObject({ firstName: 'Anna', email: 'Anna.Muster@Example.CH' });
    expect(record.orders[1]?.invoiceInfo).toMatchObject({ company: { name: 'Muster AG' }, contact: { email } });

    const unknown = await t.app.inject({ method: 'GET', url: `/api/newsletter/${'B'.repeat(43)}/data` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.messagesByLanguage['de-CH']).toContain('abonnieren Sie den Newsletter auf unserer Website erneut');
  });
});

describe('deleting a person', () => {
  it('mails a confirmation link, and confirming it deletes the person and anonymises their orders, which stay', async () => {
    const { token, cartId, orderId, contactId } = await anna();
    // Another person, who stays as they are.
    await t.database.db.insert(contacts).values({ email: 'ben@example.com', firstName: 'Ben' });
    await t.database.db.insert(outbox).values([
      { recipient: 'ben@example.com', subject: 'to Ben', raw: 'x', sentAt: new Date() },
      { recipient: 'Anna.Muster@Example.CH', subject: 'sent to Anna', raw: 'x', sentAt: new Date() },
    ]);

    const asked = await post(`/api/newsletter/${token}/deletion`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      messages: [
        {
          translations: {
            'en-US':
              'We have sent you an e-mail with a link to confirm the deletion of your data. The link works for 24 hours; nothing is deleted until you confirm.',
            'de-CH':
              'Wir haben Ihnen eine E-Mail mit einem Link geschickt, mit dem Sie die Löschung Ihrer Daten bestätigen. Der Link gilt 24 Stunden; bis zu Ihrer Bestätigung wird nichts gelöscht.',
          },
        },
      ],
    });
    // A second request within 10 minutes answers the same and sends nothing.
    expect((await post(`/api/newsletter/${token}/deletion`)).json()).toEqual(asked.json());
    const deletionMails = (await queuedMails(t.database, { to: email })).filter((mail) => mail.subject === 'Bitte bestätigen Sie die Löschung Ihrer Daten');
    expect(deletionMails).toHaveLength(1);
    expect(deletionMails[0]?.text).toContain('Guten Tag Anna');
    const deletionToken = linkToken(deletionMails[0], /\/app\/people\/deletions\/([A-Za-z0-9_-]+)/);
    expect(deletionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deletionMails[0]?.text).toContain(`${t.env.PUBLIC_URL}/app/people/deletions/${deletionToken}`);
    // Nothing is deleted until then, and the newsletter token is not a deletion token.
    expect(await rowCount(t.database, contacts)).toBe(2);
    expect((await post(`/api/people/deletions/${token}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/people/deletions/${deletionToken}`, headers: { cookie: session.cookie } })).statusCode).toBe(403);

    // The mails sent to Anna so far; one still waits to be sent.
    await t.database.db.update(outbox).set({ sentAt: new Date() }).where(sql`${outbox.subject} <> 'Bitte bestätigen Sie die Löschung Ihrer Daten'`);
    const waiting = (await t.database.db.select().from(outbox).where(eq(outbox.subject, 'Bitte bestätigen Sie die Löschung Ihrer Daten')))[0];
    const others = (await t.database.db.select().from(outbox).where(sql`lower(${outbox.recipient}) <> ${email}`)).map((row) => row.id);
    expect(others.length).toBeGreaterThanOrEqual(2);

    const done = await post(`/api/people/deletions/${deletionToken}`);
    expect(done.statusCode).toBe(200);
    expect(done.json().messages[0].translations['en-US']).toBe(
      'Your data has been deleted. Orders are kept without your name, e-mail address, phone number and address, as accounting law requires.',
    );

    expect(await t.database.db.select().from(contacts).where(eq(contacts.id, contactId))).toEqual([]);
    for (const table of [consents, contactMessages, webinarSubscriptions, newsletterSubscriptions, newsletterTokens, deletionRequests]) {
      expect(await rowCount(t.database, table)).toBe(0);
    }
    expect((await t.database.db.select().from(contacts)).map((row) => row.email)).toEqual(['ben@example.com']);
    // Sent mails to Anna are gone (any case of the address); the others (Ben's, the team's) and the unsent one stay.
    expect((await t.database.db.select().from(outbox)).map((row) => row.id).sort()).toEqual([waiting!.id, ...others].sort());

    const [cart] = await t.database.db.select().from(orders).where(eq(orders.id, cartId));
    expect(cart).toMatchObject({ subscriberEmail: null, subscriber: null, subscribedAt: null, status: 'SHOPPING_CART', currency: 'CHF' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ number: '2026-000777', status: 'ORDERED', currency: 'CHF', totalNetMinor: 150_000, amountDueMinor: 162_150 });
    expect(order?.invoiceInfo).toEqual({
      company: { name: '', vatNumber: 'CHE-123.456.788 MWST' },
      address: { street: '', zip: '', city: '', country: 'Schweiz', countryCode: 'CH' },
      invoiceAddressSameAsAddress: false,
      invoiceAddress: { street: '', zip: '', city: '', country: 'Schweiz', countryCode: 'CH' },
      contact: { firstName: '', lastName: '', email: '', phoneCountryCode: '', phoneNumber: '' },
      step: 6,
    });
    expect(JSON.stringify(order)).not.toMatch(/Anna|Muster|Seestrasse|Postfach|668 18 00/i);

    // The links work no more.
    expect((await post(`/api/people/deletions/${deletionToken}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/newsletter/${token}/` })).statusCode).toBe(404);
  });

  it('refuses an expired deletion link with 404 and what to do', async () => {
    const { token } = await anna();
    await post(`/api/newsletter/${token}/deletion`);
    const mail = (await queuedMails(t.database, { to: email })).find((item) => item.subject === 'Bitte bestätigen Sie die Löschung Ihrer Daten');
    const deletionToken = linkToken(mail, /\/app\/people\/deletions\/([A-Za-z0-9_-]+)/);
    const [request] = await t.database.db.select().from(deletionRequests);
    expect((request!.expiresAt.getTime() - request!.createdAt.getTime()) / 3_600_000).toBe(24);
    await t.database.db.update(deletionRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await post(`/api/people/deletions/${deletionToken}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 'notFound',
        messagesByLanguage: {
          'en-US':
            'This link is unknown, has expired or was used already. Links to confirm a deletion work once and for 24 hours: please ask for the deletion again from your newsletter preferences.',
          'de-CH':
            'Dieser Link ist unbekannt, abgelaufen oder wurde bereits verwendet. Links zur Bestätigung einer Löschung gelten einmal und 24 Stunden: Bitte verlangen Sie die Löschung in Ihren Newsletter-Einstellungen erneut.',
        },
      },
    });
    expect(await rowCount(t.database, contacts)).toBe(1);
  });

  /** Every text of the database (text and JSON columns of every table) that holds `needle`, any case: `table.column`. */
  async function textsHolding(needle: string): Promise<string[]> {
    const columns = (await t.database.db.execute(sql`
      select table_name as table, column_name as column from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
       order by table_name, column_name`)) as unknown as { rows: { table: string; column: string }[] };
    const found: string[] = [];
    for (const { table, column } of columns.rows) {
      const counted = (await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if ((counted.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('leaves the address only where docs/product/contacts.md keeps it: notes, failed sign-ins and invitations included', async () => {
    const { token, cartId, orderId } = await anna();
    const admin = await signInAsStaff(t, { role: 'admin' });
    // An admin invites her to the back office (the invitation stays open)…
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: admin.headers,
      payload: { email: 'Anna.Muster@Example.CH', role: 'viewer', language: 'de-CH' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    // …she tries to sign in with a wrong password, from an address of her own…
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: session.headers,
      remoteAddress: '203.0.113.77',
      payload: { email, password: 'Not-her-password-1', captchaSolution: await solveCaptcha(t.app, 'signIn') },
    });
    expect(guessed.statusCode).toBe(401);
    // …and staff and the billing job write about her: notes on her order and on another,
    // a reason in the history, a saved view of the orders table.
    const noted = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${orderId}/notes`, headers: admin.headers, payload: { text: 'Called Anna.Muster@example.ch, she pays next week.' } });
    expect(noted.statusCode, noted.body).toBe(200);
    const reminder = translate('en-US', 'note.billing.statement', { step: 1, steps: 3, number: 'INV-2026-000777', email, date: '2026-12-30' });
    await t.database.db.insert(orderNotes).values([
      { orderId, author: 'billing', text: reminder },
      { orderId: cartId, author: admin.account.email, text: `Cart of ${email.toUpperCase()}?` },
    ]);
    await t.database.db.insert(orderHistory).values({ orderId, action: 'CANCEL', fromStatus: 'ORDERED', toStatus: 'CANCELED', actor: admin.account.email, data: { reason: `asked by ${email}` } });
    await t.database.db.insert(savedViews).values({ ownerId: admin.account.id, name: `Orders of ${email}`, view: { filter: { search: email }, columns: ['number'] } });
    // The invoice issued to her company, as printed.
    await t.database.db.insert(invoices).values({
      orderId,
      billingKey: 'first',
      number: 'INV-2026-000777',
      qrReference: '000000000000000000000000000',
      issuedOn: '2026-11-20',
      dueOn: '2026-12-20',
      currency: 'CHF',
      language: 'de-CH',
      netMinor: 150_000,
      vatMinor: 12_150,
      grossMinor: 162_150,
      vatRateBasisPoints: 810,
      document: { buyer: { company: 'Muster AG', contactName: 'Anna Muster', email, address: { street: 'Seestrasse 1', zip: '8002', city: 'Zürich', country: 'Schweiz', countryCode: 'CH' } } },
    });
    const before = await textsHolding(email);
    for (const place of ['order_notes.text', 'order_history.data', 'saved_views.name', 'saved_views.view', 'sign_in_failures.email', 'staff_invitations.email', 'audit_log.actor_email', 'audit_log.summary']) {
      expect(before).toContain(place);
    }
    expect(await textsHolding('203.0.113.77')).toEqual(['audit_log.client_address', 'sign_in_failures.client_address']);

    expect((await post(`/api/newsletter/${token}/deletion`)).statusCode).toBe(200);
    const deletionMail = (await queuedMails(t.database, { to: email })).find((mail) => mail.subject === 'Bitte bestätigen Sie die Löschung Ihrer Daten');
    const deletionToken = linkToken(deletionMail, /\/app\/people\/deletions\/([A-Za-z0-9_-]+)/);
    // Every mail has gone out by then.
    await t.database.db.update(outbox).set({ sentAt: new Date() });
    expect((await post(`/api/people/deletions/${deletionToken}`)).statusCode).toBe(200);

    // Kept: the invoice, unchanged (accounting law), and the copy of her contact message
    // that went to the team (mails about a person to the team stay).
    expect(await textsHolding(email)).toEqual(['invoices.document', 'outbox.raw']);
    expect(await textsHolding('203.0.113.77')).toEqual([]);
    // Where staff wrote the address, the audit log's pseudonym stands.
    const notes = await t.database.db.select({ text: orderNotes.text }).from(orderNotes).orderBy(orderNotes.text);
    const [failed] = await t.database.db.execute(sql`select actor_email from audit_log where action = 'signIn' and outcome = 'failed'`).then((result) => (result as unknown as { rows: { actor_email: string }[] }).rows);
    const pseudonym = failed?.actor_email ?? '';
    expect(pseudonym).toMatch(/^erased-[0-9a-f]{16}$/);
    expect(notes.map((note) => note.text)).toEqual([`Called ${pseudonym}, she pays next week.`, `Cart of ${pseudonym}?`, `Reminder 1 of 3 for invoice INV-2026-000777 sent to ${pseudonym} in the statement of 2026-12-30`]);
  });
});
