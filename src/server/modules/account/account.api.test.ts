import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { requireAccountOfOrder } from '#server/plugins/account-session.ts';
import { accountSessions, accountSignInLinks, outbox } from '#server/db/schema.ts';
import { cookies } from '#shared/cookies.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import type { AccountOrders } from '#shared/schemas/account.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
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
