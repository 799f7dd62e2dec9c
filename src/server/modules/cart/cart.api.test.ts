import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, contacts, newsletterSubscriptions, orderItems, orders, outbox, productTranslations } from '#server/db/schema.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

const basic = 'cyber_security_training_basic_v1';
const foundation = 'cyber_security_training_foundation_v1';
const champion = 'cyber_security_training_champion_v1';

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createCart(payload: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/orders/', { productCode: basic, quantity: 5, currency: 'CHF', language: 'de-CH', paymentFrequency: 'ONE_TIME', ...payload });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; currency: string };
}

async function getCart(id: string, language = 'en-US'): Promise<Cart> {
  const response = await call('GET', `/api/orders/${id}/shopping-cart/?language=${language}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function snapshot(id: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { order, items: items.sort((a, b) => a.position - b.position) };
}

describe('creating a cart', () => {
  it('answers id and currency, and the cart answer carries every field', async () => {
    const created = await createCart();
    expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), currency: 'CHF' });
    const cart = await getCart(created.id, 'de-CH');
    expect(cart).toMatchObject({
      id: created.id,
      currency: 'CHF',
      status: 'SHOPPING_CART',
      count: 1,
      isSubscribed: false,
      totalPrice: 245,
      details: { shoppingCart: true, status: 'SHOPPING_CART' },
    });
    expect(cart.items).toEqual([
      {
        id: expect.any(String),
        productCode: basic,
        product: {
          code: basic,
          tier: 'basic',
          title: 'Cyber-Security-Training Basic',
          translations: {
            'en-US': { title: 'Cyber Security Training Basic', description: expect.any(String) },
            'de-CH': { title: 'Cyber-Security-Training Basic', description: expect.any(String) },
          },
        },
        quantity: 5,
        periodMonths: null,
        unitPrice: 49,
        totalPrice: 245,
        status: 'ACTIVE',
        paymentFrequency: 'ONE_TIME',
      },
    ]);
  });

  it('defaults to one seat, EUR and monthly with a 12-month term', async () => {
    const created = await createCart({ quantity: undefined, currency: undefined, paymentFrequency: undefined, language: undefined });
    const cart = await getCart(created.id);
    expect(cart.currency).toBe('EUR');
    expect(cart.items[0]).toMatchObject({ quantity: 1, paymentFrequency: 'MONTHLY', periodMonths: 12, unitPrice: 4.9, totalPrice: 58.8 });
    expect(cart.totals).toEqual({ oneTime: 0, monthly: 58.8, perMonth: 4.9, dueToday: 4.9 });
  });
});

describe('adding to a cart', () => {
  it('raises the quantity of the same product and frequency, and adds a line otherwise', async () => {
    const { id } = await createCart();
    await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 3, paymentFrequency: 'ONE_TIME' });
    const response = await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 2, paymentFrequency: 'MONTHLY' });
    const cart = response.json() as Cart;
    expect(cart.items.map((i) => [i.productCode, i.paymentFrequency, i.quantity])).toEqual([
      [basic, 'ONE_TIME', 8],
      [basic, 'MONTHLY', 2],
    ]);
    // 8 × 49 + 2 × 4.90 × 12 (CHF); due today: the one-time line and the first month
    expect(cart.totalPrice).toBe(509.6);
    expect(cart.totals).toEqual({ oneTime: 392, monthly: 117.6, perMonth: 9.8, dueToday: 401.8 });
    expect(cart.count).toBe(2);
    expect((await call('GET', `/api/orders/${id}/shopping-cart/products-count`)).json()).toEqual({ count: 2 });
  });

  it.each([
    ['an unknown product', { productCode: 'no_such_training' }, 'productCode', 'unknownProduct'],
    ['no product', { productCode: '' }, 'productCode', 'required'],
    ['quantity 0', { quantity: 0 }, 'quantity', 'tooSmall'],
    ['quantity 10,001', { quantity: 10_001 }, 'quantity', 'tooBig'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', 'invalid'],
    ['an unknown currency', { currency: 'GBP' }, 'currency', 'invalidOption'],
    ['an unknown frequency', { paymentFrequency: 'WEEKLY' }, 'paymentFrequency', 'invalidOption'],
  ])('refuses %s at its field and changes nothing', async (_name, change, field, code) => {
    const { id } = await createCart();
    const before = await snapshot(id);
    const response = await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 1, paymentFrequency: 'ONE_TIME', ...change });
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error).toMatchObject({ field, code });
    expect(error.messagesByLanguage['en-US']).toBeTruthy();
    expect(error.messagesByLanguage['de-CH']).toBeTruthy();
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses to raise a line above 10,000 seats', async () => {
    const { id } = await createCart({ quantity: 9_999 });
    const before = await snapshot(id);
    const response = await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 2, paymentFrequency: 'ONE_TIME' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'quantity', code: 'tooBig' });
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses to create a cart for an unknown product, and creates nothing', async () => {
    const count = (await t.database.db.select().from(orders)).length;
    const response = await call('POST', '/api/orders/', { productCode: 'nope', quantity: 1 });
    expect(response.statusCode).toBe(400);
    expect((await t.database.db.select().from(orders)).length).toBe(count);
  });

  it('loses no update when many adds arrive at once', async () => {
    const { id } = await createCart({ quantity: 1 });
    const adds = Array.from({ length: 20 }, () =>
      call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 1, paymentFrequency: 'ONE_TIME' }),
    );
    const responses = await Promise.all(adds);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await getCart(id)).items[0]?.quantity).toBe(21);
  });

  it('makes one line, with every seat, when many adds of a new product arrive at once', async () => {
    const { id } = await createCart({ quantity: 1 });
    const adds = Array.from({ length: 10 }, () =>
      call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: champion, quantity: 2, paymentFrequency: 'MONTHLY' }),
    );
    expect((await Promise.all(adds)).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const lines = (await getCart(id)).items.filter((item) => item.productCode === champion);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(20);
  });

  it('answers each of many adds of two products at once with the cart after it, loses none of them', async () => {
    const { id } = await createCart({ quantity: 1 });
    const adds = Array.from({ length: 20 }, (_, i) => {
      const [productCode, paymentFrequency] = i % 2 === 0 ? [basic, 'ONE_TIME'] : [champion, 'MONTHLY'];
      return call('POST', `/api/orders/${id}/shopping-cart/`, { productCode, quantity: 1, paymentFrequency }).then((response) => ({ productCode, response }));
    });
    const answers = await Promise.all(adds);
    expect(answers.map(({ response }) => response.statusCode)).toEqual(Array(20).fill(200));
    const seats = (cart: Cart) => cart.items.filter((item) => item.status === 'ACTIVE').reduce((sum, item) => sum + item.quantity, 0);
    for (const { productCode, response } of answers) {
      expect((response.json() as Cart).items.some((item) => item.productCode === productCode && item.quantity >= 1)).toBe(true);
    }
    const final = await getCart(id);
    expect(final.items.map((item) => [item.productCode, item.quantity])).toEqual([
      [basic, 11],
      [champion, 10],
    ]);
    // The add that came last answers the final cart, with the other product's seats too.
    expect(Math.max(...answers.map(({ response }) => seats(response.json() as Cart)))).toBe(21);
  });
});

describe('changing a cart', () => {
  it('re-prices every line when the currency changes', async () => {
    const { id } = await createCart({ currency: 'EUR', quantity: 2 });
    await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: champion, quantity: 1, paymentFrequency: 'MONTHLY' });
    const response = await call('PUT', `/api/orders/${id}/shopping-cart/currency`, { currency: 'USD' });
    const cart = response.json() as Cart;
    expect(cart.currency).toBe('USD');
    expect(cart.items.map((i) => i.unitPrice)).toEqual([54, 43.9]);
    expect(cart.totalPrice).toBe(634.8);
    const refused = await call('PUT', `/api/orders/${id}/shopping-cart/currency`, { currency: 'JPY' });
    expect(refused.statusCode).toBe(400);
    expect((await getCart(id)).currency).toBe('USD');
  });

  it('changes quantity, removes a line (kept, out of every total) and brings it back', async () => {
    const { id } = await createCart({ quantity: 2 });
    const second = (await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: foundation, quantity: 1, paymentFrequency: 'ONE_TIME' })).json() as Cart;
    const itemId = second.items[1]?.id ?? '';
    const changed = (await call('PUT', `/api/orders/${id}/shopping-cart/${itemId}`, { quantity: 4 })).json() as Cart;
    expect(changed.items[1]?.quantity).toBe(4);
    expect(changed.totalPrice).toBe(98 + 580);

    const removed = (await call('PUT', `/api/orders/${id}/shopping-cart/${itemId}`, { status: 'REMOVED' })).json() as Cart;
    expect(removed.items[1]).toMatchObject({ status: 'REMOVED', quantity: 4 });
    expect(removed.totalPrice).toBe(98);
    expect(removed.count).toBe(1);

    const restored = (await call('PUT', `/api/orders/${id}/shopping-cart/${itemId}`, { status: 'ACTIVE' })).json() as Cart;
    expect(restored.totalPrice).toBe(98 + 580);
  });

  it('switches a line between one-time and monthly', async () => {
    const { id } = await createCart({ quantity: 2 });
    const cart = await getCart(id);
    const monthly = (await call('PUT', `/api/orders/${id}/shopping-cart/${cart.items[0]?.id}`, { paymentFrequency: 'MONTHLY' })).json() as Cart;
    expect(monthly.items[0]).toMatchObject({ paymentFrequency: 'MONTHLY', periodMonths: 12, unitPrice: 4.9 });
    const term = (await call('PUT', `/api/orders/${id}/shopping-cart/${cart.items[0]?.id}`, { periodMonths: 24 })).json() as Cart;
    expect(term.items[0]?.totalPrice).toBe(235.2);
    const refused = await call('PUT', `/api/orders/${id}/shopping-cart/${cart.items[0]?.id}`, { periodMonths: 37 });
    expect(refused.json().errors[0]).toMatchObject({ field: 'periodMonths', code: 'tooBig' });
  });

  it('refuses an unknown line with 404 and a bad quantity with 400', async () => {
    const { id } = await createCart();
    const unknown = await call('PUT', `/api/orders/${id}/shopping-cart/00000000-0000-4000-8000-000000000000`, { quantity: 2 });
    expect(unknown.statusCode).toBe(404);
    const itemId = (await getCart(id)).items[0]?.id;
    const bad = await call('PUT', `/api/orders/${id}/shopping-cart/${itemId}`, { quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await getCart(id)).items[0]?.quantity).toBe(5);
  });

  it('match-count gives a line the largest quantity of the other active lines', async () => {
    const { id } = await createCart({ quantity: 40 });
    await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: foundation, quantity: 3, paymentFrequency: 'ONE_TIME' });
    const cart = await getCart(id);
    const matched = (await call('POST', `/api/orders/${id}/shopping-cart/${cart.items[1]?.id}/match-count`)).json() as Cart;
    expect(matched.items[1]?.quantity).toBe(40);
  });

  it('sync re-prices lines against the catalogue', async () => {
    const { id } = await createCart({ quantity: 1 });
    const itemId = (await getCart(id)).items[0]?.id ?? '';
    await t.database.db.update(orderItems).set({ unitPriceMinor: 1 }).where(eq(orderItems.id, itemId));
    const synced = (await call('POST', `/api/orders/${id}/shopping-cart/sync`)).json() as Cart;
    expect(synced.items[0]?.unitPrice).toBe(49);
  });
});

describe('reading a cart again', () => {
  it('shows every change made since, whichever part of the shop made it', async () => {
    const { id } = await createCart({ language: 'en-US' });
    expect(await getCart(id)).toEqual(await getCart(id));

    await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 2, paymentFrequency: 'ONE_TIME' });
    expect((await getCart(id)).items[0]?.quantity).toBe(7);

    // The catalogue's texts and the order's status belong to other modules.
    await t.database.db.update(productTranslations).set({ title: 'Basic, renamed' }).where(and(eq(productTranslations.productCode, basic), eq(productTranslations.language, 'en-US')));
    expect((await getCart(id)).items[0]?.product.title).toBe('Basic, renamed');
    await t.database.db.update(productTranslations).set({ title: 'Cyber Security Training Basic' }).where(and(eq(productTranslations.productCode, basic), eq(productTranslations.language, 'en-US')));

    await t.database.db.update(orders).set({ status: 'ORDERED' }).where(eq(orders.id, id));
    expect((await call('GET', `/api/orders/${id}/shopping-cart/`)).statusCode).toBe(403);
  });
});

describe('carts that do not exist or became orders', () => {
  it('answers 404 for an unknown cart, in both languages', async () => {
    const response = await call('GET', '/api/orders/00000000-0000-4000-8000-000000000000/shopping-cart/');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.messagesByLanguage).toEqual({
      'en-US': 'This shopping cart does no longer exists',
      'de-CH': 'Dieser Warenkorb existiert nicht mehr',
    });
  });

  it('answers 403 when reading an ordered cart and 409 when changing it; nothing changes', async () => {
    const { id } = await createCart();
    await t.database.db.update(orders).set({ status: 'ORDERED' }).where(eq(orders.id, id));
    const before = await snapshot(id);
    expect((await call('GET', `/api/orders/${id}/shopping-cart/`)).statusCode).toBe(403);
    const add = await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 1 });
    expect(add.statusCode).toBe(409);
    expect((await call('PUT', `/api/orders/${id}/shopping-cart/currency`, { currency: 'EUR' })).statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(before);
  });

  it('needs the anti-forgery header for changes', async () => {
    const { id } = await createCart();
    const response = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/shopping-cart/`, payload: { productCode: basic } });
    expect(response.statusCode).toBe(403);
  });
});

describe('saving a cart by e-mail', () => {
  const form = {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna.muster@example.ch',
    agreeWithDataPrivacy: true,
    preferredLanguage: 'de-CH',
  };

  it('stores who saved it and queues the mail with the restore link, in the visitor language', async () => {
    const { id } = await createCart();
    await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: basic, quantity: 1, paymentFrequency: 'MONTHLY' });
    expect((await call('GET', `/api/orders/${id}/is-subscribed`)).json()).toEqual({ isSubscribed: false });
    const response = await call('POST', `/api/orders/${id}/subscribe`, { ...form, captchaSolution: await solveCaptcha(t.app, 'forms') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSubscribed: true, messages: [{ translations: { 'de-CH': expect.stringContaining('gespeichert') } }] });
    expect((await call('GET', `/api/orders/${id}/is-subscribed`)).json()).toEqual({ isSubscribed: true });
    expect((await getCart(id)).isSubscribed).toBe(true);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, form.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ihr gespeicherter Warenkorb bei der CyberSafe Academy');
    // Read as the outbox helper reads every mail: its HTML part in German, titled with the subject.
    expect((await queuedMails(t.database, { to: form.email }))[0]?.html).toContain('<html lang="de-CH">');
    expect(mails[0]?.raw?.replace(/=\r?\n/g, '')).toContain(`/app/orders/${id}/restore-shopping-cart`);
    // The monthly line at its price per month with its term; what is due today and then per month.
    const text = quotedPrintableText(mails[0]?.raw ?? '');
    expect(text).toContain('5 Plätze: 245.00 CHF');
    expect(text).toContain('1 Platz, pro Monat, Mindestlaufzeit 12 Monate: 4.90 CHF');
    expect(text).toContain('Heute fällig (exkl. MWST): 249.90 CHF');
    expect(text).toContain('Danach pro Monat (exkl. MWST): 4.90 CHF');
  });

  it('offers what its sender gave to the checkout, for the sections not saved yet', async () => {
    const { id } = await createCart();
    expect((await call('GET', `/api/orders/${id}/invoice-info`)).json()).not.toHaveProperty('suggested');
    const sender = { ...form, companyName: 'Muster AG', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' };
    expect((await call('POST', `/api/orders/${id}/subscribe`, { ...sender, captchaSolution: await solveCaptcha(t.app, 'forms') })).statusCode).toBe(200);
    const info = (await call('GET', `/api/orders/${id}/invoice-info`)).json();
    expect(info.suggested).toEqual({ companyName: 'Muster AG', firstName: 'Anna', lastName: 'Muster', email: form.email, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' });
    // A suggestion is not saved: the invoice info itself stays empty until a step is saved.
    expect(info.company.name).toBe('');
    expect(info.contact.email).toBe('');
    expect(info.complete).toBe(false);
  });

  it.each([
    ['no e-mail', { email: '' }, 'email'],
    ['no consent', { agreeWithDataPrivacy: false }, 'agreeWithDataPrivacy'],
    ['a bad phone number', { phoneNumber: '+41 (79) 123', phoneCountryCode: 'CH' }, 'phoneNumber'],
  ])('refuses %s at its field, saves nothing and queues no mail', async (_name, change, field) => {
    const { id } = await createCart();
    const before = await snapshot(id);
    const outboxBefore = (await t.database.db.select().from(outbox)).length;
    const response = await call('POST', `/api/orders/${id}/subscribe`, { ...form, ...change, captchaSolution: await solveCaptcha(t.app) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await snapshot(id)).toEqual(before);
    expect((await t.database.db.select().from(outbox)).length).toBe(outboxBefore);
  });

  it('refuses a captcha of another form family or a replayed one', async () => {
    const { id } = await createCart();
    const wrong = await call('POST', `/api/orders/${id}/subscribe`, { ...form, captchaSolution: await solveCaptcha(t.app, 'checkout') });
    expect(wrong.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'wrongSiteKey' });
    const solution = await solveCaptcha(t.app);
    expect((await call('POST', `/api/orders/${id}/subscribe`, { ...form, captchaSolution: solution })).statusCode).toBe(200);
    const replay = await call('POST', `/api/orders/${id}/subscribe`, { ...form, captchaSolution: solution });
    expect(replay.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'used' });
  });

  it('does not spend the solution on an unknown cart', async () => {
    const solution = await solveCaptcha(t.app);
    const unknown = await call('POST', `/api/orders/${randomUUID()}/subscribe`, { ...form, captchaSolution: solution });
    expect(unknown.statusCode).toBe(404);
    const { id } = await createCart();
    expect((await call('POST', `/api/orders/${id}/subscribe`, { ...form, captchaSolution: solution })).statusCode).toBe(200);
  });

  it('records the person as a contact with their consent', async () => {
    const { id } = await createCart();
    await call('POST', `/api/orders/${id}/subscribe`, { ...form, email: 'Saved.Cart@Example.CH', captchaSolution: await solveCaptcha(t.app) });
    const [person] = await t.database.db.select().from(contacts).where(eq(contacts.email, 'saved.cart@example.ch'));
    expect(person).toMatchObject({ firstName: 'Anna', lastName: 'Muster', preferredLanguage: 'de-CH' });
    const statements = await t.database.db.select().from(consents).where(eq(consents.contactId, person!.id));
    expect(statements).toMatchObject([{ subject: 'DATA_PRIVACY', granted: true, source: 'SAVE_CART' }]);
  });

  it('starts the newsletter double opt-in when the newsletter box is ticked', async () => {
    const { id } = await createCart();
    const email = 'cart.reader@example.ch';
    await call('POST', `/api/orders/${id}/subscribe`, { ...form, email, newsletterEnabled: true, captchaSolution: await solveCaptcha(t.app) });
    const [person] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    const [subscription] = await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.contactId, person!.id));
    expect(subscription).toMatchObject({ status: 'PENDING', source: 'SAVE_CART' });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Bitte bestätigen Sie Ihr Newsletter-Abonnement', 'Ihr gespeicherter Warenkorb bei der CyberSafe Academy']);
  });
});

/** A mail's quoted-printable text as it reads (soft line breaks joined, =XX bytes as UTF-8). */
function quotedPrintableText(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
