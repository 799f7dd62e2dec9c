import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requireAccountOfOrder } from '#server/plugins/account-session.ts';
import { accountSessions, accountSignInLinks, auditLog, invoices, outbox } from '#server/db/schema.ts';
import { cookies } from '#shared/cookies.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import type { AccountOrders, BillingDetails } from '#shared/schemas/account.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { hasPdftotext, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { buildAppWithRoutes, signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The buyer's account (docs/product/account.md): the sign-in link by e-mail, the session
 * it starts, the orders of that address, sign-out, the limit of the mail forms.
 */

let t: TestApp;
let visitor: XsrfSession;
let staff: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  visitor = await startXsrfSession(t.app);
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const minute = 60_000;

/** A placed order of 10 monthly seats in CHF, with `email` as the buyer's contact. */
async function buyMonthlyPlan(email: string): Promise<OrderDetail> {
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
  const created = await as('POST', '/api/orders/', { productCode: 'cyber_security_training_basic_v1', quantity: 10, paymentFrequency: 'MONTHLY', currency: 'CHF', language: 'en-US' });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  const saved = await as('PUT', `/api/orders/${id}/invoice-info`, {
    company: { name: 'Muster AG' },
    address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' },
    invoiceAddressSameAsAddress: true,
    contact: { firstName: 'Anna', lastName: 'Muster', email, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step: 5,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await as('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'en-US' });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

/** The first invoice, paid in full today: the plan is ACTIVE from today. */
async function invoiceAndPay(id: string): Promise<void> {
  const as = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: staff.headers, payload });
  expect((await as(`/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/admin/${id}/`, headers: staff.headers })).json() as AdminOrder;
  const paid = await as(`/api/orders/admin/${id}/pay`, { amount: order.amountDue, date: isoDateInZurich() });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function requestLink(email: string, language: 'en-US' | 'de-CH' = 'en-US', app = t.app, headers = visitor.headers) {
  return app.inject({ method: 'POST', url: '/api/account/sign-in-link', headers, payload: { email, language, captchaSolution: await solveCaptcha(app, 'forms') } });
}

/** The sign-in mails to an address, oldest first (its order's confirmation left out). */
async function signInMails(to: string): Promise<ParsedMail[]> {
  return (await queuedMails(t.database, { to })).filter((mail) => ['Your sign-in link', 'Ihr Anmeldelink'].includes(mail.subject ?? ''));
}

/** The sign-in link of a mail, as the address the server answers (its path). */
function linkOf(mail: ParsedMail | undefined): string {
  const match = /https?:\/\/\S+\/app\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '');
  if (!match) throw new Error('no sign-in link in the mail');
  const url = new URL(match[0]);
  expect(url.origin).toBe(t.env.PUBLIC_URL);
  return url.pathname;
}

/** Opens the link as a browser would: the session cookie it sets (if any) and where it leads. */
async function open(link: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url: link, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(303);
  const session = response.cookies.find((c) => c.name === cookies.accountSession.name);
  return { location: response.headers.location, session, setCookie: String(response.headers['set-cookie'] ?? '') };
}

/** A signed-in browser of `email` (its order placed before): the cookies of the anti-forgery session and the account. */
async function signedIn(email: string): Promise<{ cookie: string; headers: Record<string, string> }> {
  expect((await requestLink(email)).statusCode).toBe(202);
  const { session } = await open(linkOf((await signInMails(email)).at(-1)));
  if (!session) throw new Error('no session cookie');
  const cookie = `${visitor.cookie}; ${session.name}=${session.value}`;
  return { cookie, headers: { cookie, 'x-xsrf-token': visitor.token } };
}

describe('the sign-in link', () => {
  it('answers 202 with the same message for an unknown and a known address, and mails only the known one, in the request language', async () => {
    await buyMonthlyPlan('known@muster.example');
    await t.database.db.delete(outbox);
    const unknown = await requestLink('nobody@muster.example');
    const known = await requestLink('Known@Muster.example ', 'de-CH');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    const message = (response: typeof known, email: string) => JSON.stringify(response.json()).replaceAll(email, '…');
    expect(message(known, 'known@muster.example')).toBe(message(unknown, 'nobody@muster.example'));
    expect(known.headers['cache-control']).toBe('no-store');

    expect(await queuedMails(t.database, { to: 'nobody@muster.example' })).toEqual([]);
    const [mail] = await signInMails('known@muster.example');
    expect(mail?.subject).toBe('Ihr Anmeldelink');
    expect(mail?.text).toContain('30 Minuten');
    const link = linkOf(mail);
    // Only a hash of the token is stored.
    const token = link.split('/').at(-1)!;
    const stored = await t.database.db.select().from(accountSignInLinks);
    expect(stored.map((row) => row.email)).toEqual(['known@muster.example']);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('needs a captcha solution of the forms', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/account/sign-in-link', headers: visitor.headers, payload: { email: 'a@b.example', language: 'en-US', captchaSolution: await solveCaptcha(t.app, 'contact') } });
    expect(response.statusCode).toBe(400);
  });

  it('starts a session once: the cookie is HttpOnly and SameSite=Lax, the link leads to the account; used again it leads to the account page with why', async () => {
    await buyMonthlyPlan('once@muster.example');
    expect((await requestLink('once@muster.example')).statusCode).toBe(202);
    const link = linkOf((await signInMails('once@muster.example')).at(-1));

    const first = await open(link);
    expect(first.location).toBe('/app/account');
    expect(first.setCookie).toMatch(new RegExp(`^${cookies.accountSession.name}=[\\w-]{43}; Max-Age=${cookies.accountSession.maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax$`));
    const stored = await t.database.db.select().from(accountSessions).where(eq(accountSessions.email, 'once@muster.example'));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idHash).not.toBe(first.session?.value);

    const again = await open(link);
    expect(again.location).toBe('/app/account?link=used');
    expect(again.session).toBeUndefined();
    // The browser that is signed in already goes to its account.
    expect((await open(link, `${cookies.accountSession.name}=${first.session!.value}`)).location).toBe('/app/account');
    expect((await open('/app/account/sign-in/not-a-token')).location).toBe('/app/account?link=invalid');
  });

  it('sets the cookie Secure when the shop is served over https', async () => {
    await buyMonthlyPlan('secure@muster.example');
    // Another app on the same database, as the shop runs behind https.
    const https = await buildAppWithRoutes(t, { PUBLIC_URL: 'https://shop.example' }, async () => {}, {});
    try {
      const session = await startXsrfSession(https);
      expect((await requestLink('secure@muster.example', 'en-US', https, session.headers)).statusCode).toBe(202);
      const link = /\/app\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec((await signInMails('secure@muster.example')).at(-1)?.text ?? '')?.[0] ?? '';
      const opened = await https.inject({ method: 'GET', url: link });
      expect(opened.statusCode).toBe(303);
      expect(String(opened.headers['set-cookie'])).toMatch(new RegExp(`^${cookies.accountSession.name}=[\\w-]{43}; Max-Age=\\d+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
    } finally {
      await https.close();
    }
  });

  it('works for 30 minutes, not after', async () => {
    await buyMonthlyPlan('late@muster.example');
    vi.useFakeTimers({ toFake: ['Date'] });
    expect((await requestLink('late@muster.example')).statusCode).toBe(202);
    expect((await requestLink('late@muster.example')).statusCode).toBe(202);
    const [early, late] = (await signInMails('late@muster.example')).map(linkOf);
    vi.setSystemTime(Date.now() + 29 * minute);
    expect((await open(early!)).location).toBe('/app/account');
    vi.setSystemTime(Date.now() + 2 * minute);
    const expired = await open(late!);
    expect(expired.location).toBe('/app/account?link=expired');
    expect(expired.session).toBeUndefined();
  });
});

describe('the account', () => {
  it('lists the orders of the signed-in address with their invoices and plan, and nobody else’s', async () => {
    const mine = await buyMonthlyPlan('buyer@muster.example');
    await invoiceAndPay(mine.id);
    const theirs = await buyMonthlyPlan('stranger@other.example');
    const buyer = await signedIn('buyer@muster.example');
    const stranger = await signedIn('stranger@other.example');

    const answer = await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: buyer.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = answer.json() as AccountOrders;
    expect(list.email).toBe('buyer@muster.example');
    expect(list.orders.map((order) => order.number)).toEqual([mine.number]);
    const [order] = list.orders;
    // 10 seats × CHF 4.90 = 49 net, 52.97 gross; the first invoice paid in full.
    expect(order).toMatchObject({ id: mine.id, status: 'ACTIVE', currency: 'CHF', total: 52.97 });
    expect(order?.invoices.invoices).toHaveLength(1);
    expect(order?.invoices.open).toBe(0);
    const today = isoDateInZurich();
    expect(order?.plan).toMatchObject({ seats: 10, monthlyNet: 49, endsOn: null });
    const plan = order?.plan;
    expect(plan?.nextRenewalOn && plan.nextRenewalOn > today).toBe(true);
    expect(plan?.nextRenewalOn && plan.minimumTermEndsOn > plan.nextRenewalOn).toBe(true);
    // The invoice's PDF is the tracking page's link.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${mine.id}/invoices/${order!.invoices.invoices[0]!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);

    const strangers = (await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: stranger.headers })).json() as AccountOrders;
    expect(strangers.orders.map((each) => each.id)).toEqual([theirs.id]);
  });

  it('answers 401 in both languages without a session, and after sign-out', async () => {
    await buyMonthlyPlan('leaving@muster.example');
    const none = await t.app.inject({ method: 'GET', url: '/api/account/orders' });
    expect(none.statusCode).toBe(401);
    const body = none.json() as { error: { code: string; messagesByLanguage: Record<string, string> } };
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.messagesByLanguage['en-US']).toContain('sign-in link');
    expect(body.error.messagesByLanguage['de-CH']).toContain('Anmeldelink');

    const leaving = await signedIn('leaving@muster.example');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: leaving.headers })).statusCode).toBe(200);
    // Sign-out is a write: it needs the anti-forgery header.
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-out', headers: { cookie: leaving.cookie } })).statusCode).toBe(403);
    const out = await t.app.inject({ method: 'POST', url: '/api/account/sign-out', headers: leaving.headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${cookies.accountSession.name}=;`));
    // The old cookie opens nothing any more.
    expect((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: leaving.headers })).statusCode).toBe(401);
  });

  it('ends a session after 30 days without a request', async () => {
    await buyMonthlyPlan('idle@muster.example');
    vi.useFakeTimers({ toFake: ['Date'] });
    const idle = await signedIn('idle@muster.example');
    vi.setSystemTime(Date.now() + 29 * 24 * 60 * minute);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: idle.headers })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 29 * 24 * 60 * minute);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: idle.headers })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 31 * 24 * 60 * minute);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: idle.headers })).statusCode).toBe(401);
  });
});

describe('the account session of an order’s address', () => {
  it('lets the address’s own session through, and refuses no session (401) and another address’s (404)', async () => {
    // A call on one order guarded as the seat changes' buyer calls will be.
    const orderRoutes: FastifyPluginAsyncZod<Record<string, never>> = async (app) => {
      app.get('/test/orders/:orderId', { schema: { params: z.object({ orderId: z.uuid() }) } }, async (request, reply) =>
        requireAccountOfOrder(request, reply, request.params.orderId),
      );
    };
    const app = await buildAppWithRoutes(t, {}, orderRoutes, {});
    try {
      const order = await buyMonthlyPlan('owner@muster.example');
      await buyMonthlyPlan('other@other.example');
      const owner = await signedIn('owner@muster.example');
      const other = await signedIn('other@other.example');
      const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url: `/test/orders/${order.id}`, headers });
      const own = await ask(owner.headers);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ email: 'owner@muster.example' });
      expect((await ask({})).statusCode).toBe(401);
      expect((await ask(other.headers)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the billing details for future invoices', () => {
  const change = (orderId: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/account/orders/${orderId}/billing-details`, headers, payload });
  const moved = {
    company: { name: 'Muster Bern AG' },
    invoiceAddress: { street: 'Bundesplatz 3', zip: '3005', city: 'Bern', countryCode: 'CH' },
    contact: { firstName: 'Beat', lastName: 'Keller', email: 'buchhaltung@muster.example', phoneCountryCode: 'CH', phoneNumber: '31 123 45 67' },
  };
  const billingOf = async (headers: Record<string, string>, orderId: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers })).json() as AccountOrders).orders.find((order) => order.id === orderId)?.billing;
  const accountLink = () => `${t.env.PUBLIC_URL}/app/account`;

  it('refuses a stranger, a missing session or header, and bad input in both languages, writing nothing', async () => {
    const order = await buyMonthlyPlan('careful@muster.example');
    await buyMonthlyPlan('nosy@other.example');
    const owner = await signedIn('careful@muster.example');
    const nosy = await signedIn('nosy@other.example');
    const before = await billingOf(owner.headers, order.id);

    expect((await change(order.id, {}, moved)).statusCode).toBe(403);
    expect((await change(order.id, visitor.headers, moved)).statusCode).toBe(401);
    expect((await change(order.id, nosy.headers, moved)).statusCode).toBe(404);
    // Without the anti-forgery header, the session's cookie alone does nothing.
    expect((await change(order.id, { cookie: owner.cookie }, moved)).statusCode).toBe(403);

    type Refusal = { errors: { field: string; messagesByLanguage: Record<string, string> }[] };
    const badZip = await change(order.id, owner.headers, { ...moved, invoiceAddress: { ...moved.invoiceAddress, zip: '12' } });
    expect(badZip.statusCode).toBe(400);
    expect((badZip.json() as Refusal).errors).toEqual([
      expect.objectContaining({
        field: 'invoiceAddress.zip',
        messagesByLanguage: {
          'en-US': 'This postcode is not valid for the chosen country. It is written like 8001.',
          'de-CH': 'Diese PLZ ist für das gewählte Land nicht gültig. Sie wird so geschrieben: 8001.',
        },
      }),
    ]);

    // A German billing address asks for a VAT id (reverse charge), as the checkout does.
    const german = { ...moved, invoiceAddress: { street: 'Friedrichstrasse 1', zip: '10117', city: 'Berlin', countryCode: 'DE' } };
    const noVatId = await change(order.id, owner.headers, german);
    expect(noVatId.statusCode).toBe(400);
    const [vatError] = (noVatId.json() as Refusal).errors;
    expect(vatError?.field).toBe('company.vatNumber');
    expect(vatError?.messagesByLanguage['en-US']).toMatch(/VAT/);
    expect(vatError?.messagesByLanguage['de-CH']).toMatch(/MWST|UID|USt/);
    const badVatId = await change(order.id, owner.headers, { ...german, company: { name: 'Muster GmbH', vatNumber: 'DE12' } });
    expect((badVatId.json() as Refusal).errors.map((error) => error.field)).toEqual(['company.vatNumber']);

    expect(await billingOf(owner.headers, order.id)).toEqual(before);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(audited.filter((row) => row.action === 'order.billingDetails')).toEqual([]);
  });

  it('is what the next renewal invoice is issued and mailed to; the earlier invoice and its PDF stay as issued', async () => {
    const order = await buyMonthlyPlan('mover@muster.example');
    await invoiceAndPay(order.id);
    const owner = await signedIn('mover@muster.example');
    const [first] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const firstPdf = async () => (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoices/${first!.id}/pdf` })).rawPayload;
    const pdfBefore = await firstPdf();

    const changed = await change(order.id, owner.headers, moved);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ company: { name: 'Muster Bern AG' }, invoiceAddress: { street: 'Bundesplatz 3', city: 'Bern', country: 'Switzerland' }, contact: { email: 'buchhaltung@muster.example' } } satisfies Partial<Record<keyof BillingDetails, object>>);

    // The order's timeline and the audit log say so; the back office's order page shows the new address.
    const page = (await t.app.inject({ method: 'GET', url: `/api/orders/admin/${order.id}/`, headers: staff.headers })).json() as AdminOrder;
    expect(page.detail.invoiceInfo.invoiceAddress).toMatchObject({ street: 'Bundesplatz 3', zip: '3005', city: 'Bern' });
    expect(page.detail.invoiceInfo.contact.email).toBe('buchhaltung@muster.example');
    const note = page.history.find((entry) => entry.kind === 'NOTE' && entry.text.includes('Bundesplatz 3'));
    expect(note).toMatchObject({ who: 'customer' });
    const [audited] = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, order.id))).filter((row) => row.action === 'order.billingDetails');
    expect(audited).toMatchObject({ actorEmail: 'mover@muster.example', actorRole: null });

    // The billing contact's address is whose account the order is in from now on.
    const contact = await signedIn('buchhaltung@muster.example');
    const list = (await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: contact.headers })).json() as AccountOrders;
    const plan = list.orders.find((each) => each.id === order.id)?.plan;
    expect(plan?.nextRenewalOn).toBeTruthy();

    await t.app.billing.run({ asOf: plan!.nextRenewalOn! });
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(invoices.number);
    expect(issued).toHaveLength(2);
    const buyerOf = (row: (typeof issued)[number]) => (row.document as { buyer: { company: string; email: string; address: { street: string } } }).buyer;
    expect(buyerOf(issued[0]!)).toMatchObject({ company: 'Muster AG', email: 'mover@muster.example', address: { street: 'Bahnhofstrasse 10' } });
    expect(buyerOf(issued[1]!)).toMatchObject({ company: 'Muster Bern AG', email: 'buchhaltung@muster.example', address: { street: 'Bundesplatz 3' } });
    expect(Buffer.compare(await firstPdf(), pdfBefore)).toBe(0);
    if (hasPdftotext) {
      const renewalPdf = (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoices/${issued[1]!.id}/pdf` })).rawPayload;
      expect(pdftotextPages(renewalPdf).join('\n')).toContain('Bundesplatz 3');
      expect(pdftotextPages(pdfBefore).join('\n')).toContain('Bahnhofstrasse 10');
    }

    // Every mail to the buyer links to the account: the confirmation and first invoice to the old contact, the renewal's to the new one.
    await t.app.mailWorker.runOnce();
    const mailsTo = async (to: string) => (await queuedMails(t.database, { to })).filter((mail) => !['Your sign-in link', 'Ihr Anmeldelink'].includes(mail.subject ?? ''));
    const before = await mailsTo('mover@muster.example');
    const after = await mailsTo('buchhaltung@muster.example');
    expect(before.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your order /), expect.stringContaining(first!.number)]);
    expect(after.map((mail) => mail.subject)).toEqual([expect.stringContaining(issued[1]!.number)]);
    for (const mail of [...before, ...after]) {
      expect(mail.text).toContain(`Your account: all your orders and invoices, with a sign-in link by e-mail: ${accountLink()}`);
      expect(mail.html).toContain(`href="${accountLink()}"`);
    }
  });

  it('links to the account from the credit note and notice mails', async () => {
    const order = await buyMonthlyPlan('notices@muster.example');
    await invoiceAndPay(order.id);
    const [first] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const credited = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order.id}/invoices/${first!.id}/credit-notes`, headers: staff.headers, payload: { amount: 5, reason: 'Goodwill' } });
    expect(credited.statusCode, credited.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/notice`, headers: visitor.headers, payload: {} })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    const mails = (await queuedMails(t.database, { to: 'notices@muster.example' })).filter((mail) => /credit note|confirm your notice/i.test(mail.subject ?? ''));
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.html).toContain(`href="${accountLink()}"`);
    // The account lists the credit note with the invoice it credits, and what is open after it.
    const buyer = await signedIn('notices@muster.example');
    const listed = ((await t.app.inject({ method: 'GET', url: '/api/account/orders', headers: buyer.headers })).json() as AccountOrders).orders.find((each) => each.id === order.id);
    expect(listed?.invoices.invoices.map((each) => [each.kind, each.credits])).toEqual(
      expect.arrayContaining([
        ['INVOICE', null],
        ['CREDIT_NOTE', first!.number],
      ]),
    );
  });
});

describe('the limit of the mail forms', () => {
  it('counts the sign-in link against it (429 beyond it)', async () => {
    const limited = await createTestApp({ MAIL_FORMS_PER_HOUR: '2' });
    try {
      const session = await startXsrfSession(limited.app);
      expect((await requestLink('a@muster.example', 'en-US', limited.app, session.headers)).statusCode).toBe(202);
      expect((await requestLink('b@muster.example', 'en-US', limited.app, session.headers)).statusCode).toBe(202);
      const refused = await requestLink('c@muster.example', 'en-US', limited.app, session.headers);
      expect(refused.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
