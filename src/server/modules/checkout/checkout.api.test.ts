import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPuzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';
import { consents, contacts, orderHistory, orders, outbox } from '#server/db/schema.ts';
import { privacyPolicyVersion, termsVersion } from '#shared/consents.ts';
import type { InvoiceInfo, OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { personalDataParts } from '../../../../tests/helpers/personal-data.ts';
import { startSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_EMAIL: 'orders@cybersafe-academy.example' });
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const swissAddress = { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' };
const germanAddress = { street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', countryCode: 'DE' };
const contact = { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' };

async function newCart(currency = 'CHF', items: object[] = [{ productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME' }]) {
  const [first, ...rest] = items;
  const { id } = (await call('POST', '/api/orders/', { ...first, currency, language: 'de-CH' })).json() as { id: string };
  for (const item of rest) await call('POST', `/api/orders/${id}/shopping-cart/`, item);
  return id;
}

async function fillInvoiceInfo(id: string, address: object = swissAddress, company: object = { name: 'Muster AG' }) {
  for (const [step, body] of [
    [0, { company }],
    [1, { address }],
    [2, { invoiceAddressSameAsAddress: true }],
    [3, { contact }],
  ] as const) {
    const response = await call('PUT', `/api/orders/${id}/invoice-info`, { ...body, step: step + 1 });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  }
}

async function buy(id: string, language = 'de-CH', captchaSolution?: string) {
  return call('POST', `/api/orders/${id}/checkout`, {
    agreeWithLegalTexts: true,
    captchaSolution: captchaSolution ?? (await solveCaptcha(t.app, 'checkout')),
    language,
  });
}

async function state(id: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const mails = await t.database.db.select().from(outbox);
  return { status: order?.status, number: order?.number, info: order?.invoiceInfo, mails: mails.length };
}

describe('invoice info', () => {
  it('starts empty; a missing invoice address is empty with the address country', async () => {
    const id = await newCart();
    const empty = (await call('GET', `/api/orders/${id}/invoice-info`)).json() as InvoiceInfo;
    expect(empty).toMatchObject({ step: 0, complete: false, invoiceAddressSameAsAddress: true, company: { name: '', vatNumber: '' } });
    await call('PUT', `/api/orders/${id}/invoice-info`, { address: swissAddress, invoiceAddressSameAsAddress: false, step: 2 });
    const info = (await call('GET', `/api/orders/${id}/invoice-info?language=de-CH`)).json() as InvoiceInfo;
    expect(info.address).toMatchObject({ ...swissAddress, country: 'Schweiz', additionalAddressLine: '', state: '' });
    expect(info.invoiceAddress).toEqual({ street: '', additionalAddressLine: '', zip: '', city: '', state: '', country: 'Schweiz', countryCode: 'CH' });
    expect(info.step).toBe(2);
  });

  it('is saved step by step and complete with every section', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const info = (await call('GET', `/api/orders/${id}/invoice-info`)).json() as InvoiceInfo;
    expect(info).toMatchObject({ complete: true, step: 4, vatNumberRequired: false, contact, company: { name: 'Muster AG' } });
  });

  it('stores a phone number typed with the national 0 once normalised, as every page shows it (+41 79 123 45 67)', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const saved = await call('PUT', `/api/orders/${id}/invoice-info`, { contact: { ...contact, phoneNumber: '079 123-45 67' }, step: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as InvoiceInfo).contact).toMatchObject({ phoneCountryCode: 'CH', phoneNumber: '79 123 45 67' });
  });

  it.each([
    ['a missing zip', { address: { ...swissAddress, zip: '' } }, 'address.zip', 'required'],
    ['an unknown country', { address: { ...swissAddress, countryCode: 'XX' } }, 'address.countryCode', 'invalidOption'],
    ['a bad phone number', { contact: { ...contact, phoneNumber: '+41 (44)' } }, 'contact.phoneNumber', 'invalid'],
    ['a bad e-mail', { contact: { ...contact, email: 'anna' } }, 'contact.email', 'invalidEmail'],
    ['an empty company', { company: { name: ' ' } }, 'company.name', 'required'],
  ])('refuses %s at its field and saves nothing', async (_name, body, field, code) => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const before = await state(id);
    const response = await call('PUT', `/api/orders/${id}/invoice-info`, { ...body, step: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field, code });
    expect(await state(id)).toEqual(before);
  });

  it('asks for a VAT number when the invoice goes to the EU, on the company step', async () => {
    const id = await newCart('EUR');
    await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH' }, step: 1 });
    const refused = await call('PUT', `/api/orders/${id}/invoice-info`, { address: germanAddress, step: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: 'company.vatNumber', code: 'required', messagesByLanguage: expect.objectContaining({ 'de-CH': expect.stringContaining('MWST-Nummer') }) }),
    ]);
    const malformed = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH', vatNumber: '12345' }, address: germanAddress });
    expect(malformed.json().errors[0]).toMatchObject({ field: 'company.vatNumber', code: 'invalid' });
    const saved = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH', vatNumber: 'DE123456789' }, address: germanAddress, step: 2 });
    expect(saved.json()).toMatchObject({ vatNumberRequired: true });
  });
});

describe('review figures', () => {
  it.each([
    ['CHF', swissAddress, undefined, { net: 1740, vatRate: 8.1, vatAmount: 140.94, gross: 1880.94, vatKind: 'SWISS_VAT', perMonth: null }],
    ['EUR', germanAddress, { name: 'Beispiel GmbH', vatNumber: 'DE123456789' }, { net: 1788, vatRate: 0, vatAmount: 0, gross: 1788, vatKind: 'REVERSE_CHARGE', perMonth: null }],
    ['USD', { street: '1 Main St', zip: '10001', city: 'New York', state: 'NY', countryCode: 'US' }, undefined, { net: 1968, vatRate: 0, vatAmount: 0, gross: 1968, vatKind: 'EXPORT', perMonth: null }],
  ])('%s to %j', async (currency, address, company, totals) => {
    const id = await newCart(currency);
    await fillInvoiceInfo(id, address, company ?? { name: 'Muster AG' });
    const detail = (await call('GET', `/api/orders/${id}/detail`)).json() as OrderDetail;
    expect(detail.totals).toEqual(totals);
    expect(detail).toMatchObject({ number: null, status: 'SHOPPING_CART', currency });
  });

  it('bills a monthly line by the month: the one-time lines and its first month now, its price each further month', async () => {
    const id = await newCart('CHF', [
      { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME' },
      { productCode: 'cyber_security_training_basic_v1', quantity: 10, paymentFrequency: 'MONTHLY' },
    ]);
    const cart = (await call('GET', `/api/orders/${id}/shopping-cart/`)).json() as Cart;
    const monthly = cart.items.find((item) => item.paymentFrequency === 'MONTHLY');
    const term = await call('PUT', `/api/orders/${id}/shopping-cart/${monthly?.id}`, { periodMonths: 24 });
    // The line's total stays the whole minimum term (10 × 4.90 × 24); the cart's total the sum of its lines.
    expect(term.json()).toMatchObject({ totalPrice: 2916, totals: { oneTime: 1740, monthly: 1176, perMonth: 49, dueToday: 1789 } });
    await fillInvoiceInfo(id);
    const detail = (await call('GET', `/api/orders/${id}/detail`)).json() as OrderDetail;
    expect(detail.totals).toEqual({ net: 1789, vatRate: 8.1, vatAmount: 144.91, gross: 1933.91, vatKind: 'SWISS_VAT', perMonth: { net: 49, vatAmount: 3.97, gross: 52.97 } });
  });

  it('lists the legal texts in the request language', async () => {
    const id = await newCart();
    const texts = (await call('GET', `/api/orders/${id}/legal-texts?language=de-CH`)).json();
    expect(texts.map((text: { id: string; url: string }) => [text.id, text.url])).toEqual([
      ['terms', '/web/de-CH/terms'],
      ['privacy', '/web/de-CH/privacy-policy'],
    ]);
    expect(texts[0].title).toBe('Allgemeine Geschäftsbedingungen');
  });
});

describe('checkout refusals change nothing', () => {
  it('without agreement to the legal texts', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const before = await state(id);
    const response = await call('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: false, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'de-CH' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ field: 'agreeWithLegalTexts' });
    expect(await state(id)).toEqual(before);
  });

  it('without complete invoice info, naming the missing parts', async () => {
    const id = await newCart();
    await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Muster AG' }, step: 1 });
    const before = await state(id);
    const response = await buy(id);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['address.street', 'contact.firstName']);
    expect(await state(id)).toEqual(before);
  });

  it('without an ACTIVE line', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const cart = (await call('GET', `/api/orders/${id}/shopping-cart/`)).json();
    await call('PUT', `/api/orders/${id}/shopping-cart/${cart.items[0].id}`, { status: 'REMOVED' });
    const before = await state(id);
    const response = await buy(id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
    expect(await state(id)).toEqual(before);
  });

  it.each([
    ['a missing captcha', async () => ''],
    ['a made-up captcha', async () => Buffer.from('{"number":1}').toString('base64')],
    ['a captcha of another form', async () => solveCaptcha(t.app, 'forms')],
    [
      'an expired captcha',
      async () => {
        const old = createPuzzle(t.app.captcha.providerOptions, t.app.captcha.siteKeys.checkout, Date.now() - 3_600_000);
        return encodeSolution(old, solvePuzzle(old).number);
      },
    ],
  ])('with %s', async (_name, solution) => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const before = await state(id);
    const response = await call('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solution(), language: 'de-CH' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('captchaSolution');
    expect(await state(id)).toEqual(before);
  });

  it('with a replayed captcha', async () => {
    const first = await newCart();
    await fillInvoiceInfo(first);
    const solution = await solveCaptcha(t.app, 'checkout');
    expect((await buy(first, 'de-CH', solution)).statusCode).toBe(200);
    const second = await newCart();
    await fillInvoiceInfo(second);
    const before = await state(second);
    const replay = await buy(second, 'de-CH', solution);
    expect(replay.json().errors[0]).toMatchObject({ field: 'captchaSolution', code: 'used' });
    expect(await state(second)).toEqual(before);
  });
});

describe('a successful checkout', () => {
  it('records the buyer as a contact with their agreement to the terms and the privacy policy', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const before = (await t.database.db.select().from(consents)).map((row) => row.id);
    expect((await buy(id)).statusCode).toBe(200);
    const [person] = await t.database.db.select().from(contacts).where(eq(contacts.email, 'anna@example.ch'));
    expect(person).toMatchObject({ firstName: 'Anna', lastName: 'Muster', companyName: 'Muster AG', phoneCountryCode: 'CH', preferredLanguage: 'de-CH' });
    const given = (await t.database.db.select().from(consents).where(eq(consents.contactId, person!.id))).filter((row) => !before.includes(row.id));
    expect(given.map((row) => `${row.subject}:${row.source}:${row.textVersion}`).sort()).toEqual([
      `DATA_PRIVACY:CHECKOUT:${privacyPolicyVersion}`,
      `LEGAL_TEXTS:CHECKOUT:${termsVersion}`,
    ]);
  });

  it('makes an order with a number, records BUY, queues both mails, and closes the cart', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const mailsBefore = (await state(id)).mails;
    const response = await buy(id);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as OrderDetail;
    expect(detail).toMatchObject({ status: 'ORDERED', number: expect.stringMatching(/^\d{4}-\d{6}$/), language: 'de-CH' });
    expect(detail.orderedAt).toBeTruthy();

    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['CREATE', null, 'SHOPPING_CART'],
      ['BUY', 'SHOPPING_CART', 'ORDERED'],
    ]);
    const mails = await t.database.db.select().from(outbox);
    expect(mails.length - mailsBefore).toBe(2);
    const recipients = mails.slice(-2).map((m) => m.recipient).sort();
    expect(recipients).toEqual(['anna@example.ch', 'orders@cybersafe-academy.example']);

    // The order takes no changes and no second checkout.
    expect((await call('GET', `/api/orders/${id}/shopping-cart/`)).statusCode).toBe(403);
    expect((await call('POST', `/api/orders/${id}/shopping-cart/`, { productCode: 'cyber_security_training_basic_v1' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/orders/${id}/invoice-info`, { step: 1 })).statusCode).toBe(409);
    expect((await buy(id)).statusCode).toBe(409);

    const status = (await call('GET', `/api/orders/${id}/status-info`)).json();
    expect(status).toMatchObject({ status: 'ORDERED', number: detail.number, exception: null });
    expect(status.milestones[0]).toMatchObject({ id: 'ordered', reached: true });
    expect(status.milestones.slice(1).every((m: { reached: boolean }) => !m.reached)).toBe(true);

    // The invoice is issued by INVOICE, not at checkout: until then its call says so, in both languages.
    const pdf = await call('GET', `/api/orders/${id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toMatchObject({ error: { code: 'notFound', messagesByLanguage: { 'en-US': expect.stringContaining('No invoice'), 'de-CH': expect.stringContaining('noch keine Rechnung') } } });
  });

  it.each([
    ['CHF', swissAddress, undefined, { net: 1740, gross: 1880.94, vatKind: 'SWISS_VAT' }],
    ['EUR', germanAddress, { name: 'Beispiel GmbH', vatNumber: 'DE123456789' }, { net: 1788, gross: 1788, vatKind: 'REVERSE_CHARGE' }],
    ['USD', { street: '1 Main St', zip: '10001', city: 'New York', state: 'NY', countryCode: 'US' }, undefined, { net: 1968, gross: 1968, vatKind: 'EXPORT' }],
  ])('in %s to %j records the net total, and the gross of the invoice as the amount due', async (currency, address, company, totals) => {
    const id = await newCart(currency);
    await fillInvoiceInfo(id, address, company ?? { name: 'Muster AG' });
    const response = await buy(id);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as OrderDetail).totals).toMatchObject(totals);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ totalNetMinor: Math.round(totals.net * 100), amountDueMinor: Math.round(totals.gross * 100) });
  });

  it('delivers the confirmation in the buyer language, a summary without invoice PDF, and the staff note', async () => {
    const smtp = await startSmtpServer();
    const { createInvoicesService } = await import('../invoices/invoices.service.ts');
    const { createInvoiceRecordsService } = await import('../invoices/invoice-records.service.ts');
    const invoices = createInvoicesService();
    try {
      const id = await newCart();
      await fillInvoiceInfo(id);
      await t.database.db.delete(outbox);
      const { number } = (await buy(id)).json() as OrderDetail;
      // A mail service of its own, delivering over SMTP with the checkout's composers.
      const { createMailService } = await import('../mail/mail.service.ts');
      const { createCatalogService } = await import('../catalog/catalog.service.ts');
      const { createOrdersService } = await import('../orders/orders.service.ts');
      const { createCartService } = await import('../cart/cart.service.ts');
      const { createCheckoutService } = await import('./checkout.service.ts');
      const { createContactsService } = await import('../contacts/contacts.service.ts');
      const { createStaffErasureService } = await import('../staff/staff-erasure.service.ts');
      const { createOutboxService } = await import('../mail/outbox.service.ts');
      const db = t.database.db;
      const outboxService = createOutboxService();
      const settings = { from: 'shop@x.example', address: 'shop@x.example', domain: 'localhost' };
      const orders = createOrdersService({ db });
      const cart = createCartService({ db, catalog: createCatalogService({ db }), orders });
      const checkout = createCheckoutService({
        db,
        cart,
        orders,
        captcha: t.app.captcha,
        contacts: createContactsService({ db, orders, staff: createStaffErasureService(), ...personalDataParts(db), outbox: outboxService, mail: settings, publicUrl: t.env.PUBLIC_URL, onMailQueued: () => {}, audit: t.app.audit }),
        invoiceRecords: createInvoiceRecordsService({ db, renderer: invoices }),
        outbox: outboxService,
        ordersEmail: t.env.ORDERS_EMAIL,
        publicUrl: t.env.PUBLIC_URL,
        onMailQueued: () => {},
      });
      const worker = createMailService({
        db,
        settings,
        smtpUrl: smtp.url,
        dataDir: t.env.DATA_DIR,
        composers: checkout.mailComposers,
        log: t.app.log,
      });
      expect(await worker.runOnce()).toBe(2);
      const mails = await smtp.waitForMails(2);
      const buyer = mails.find((m) => m.subject?.includes('Ihre Bestellung'));
      expect(buyer?.subject).toBe(`Ihre Bestellung ${number} bei der CyberSafe Academy`);
      // The billing contact greeted formally, by the full name.
      expect(buyer?.text?.startsWith('Guten Tag Anna Muster\n')).toBe(true);
      expect(buyer?.text).toContain("1'880.94 CHF");
      expect(buyer?.text).toContain(`/app/orders/${id}/tracking`);
      // And to the buyer's account, where every order of the address is (docs/product/account.md).
      expect(buyer?.text).toContain(`Ihr Konto: alle Ihre Bestellungen und Rechnungen, mit einem Anmeldelink per E-Mail: ${t.env.PUBLIC_URL}/app/account`);
      // The order confirmation: no invoice PDF, no QR-bill; the invoice follows with INVOICE.
      expect(buyer?.attachments).toEqual([]);
      expect(buyer?.text).toContain('Ihre Rechnung folgt in einer separaten E-Mail');
      const staff = mails.find((m) => m.subject?.startsWith('New order'));
      expect(staff?.subject).toBe(`New order ${number}: Muster AG`);
      // As the worker composed them: each with its HTML part titled by its subject (the outbox helper checks it).
      expect((await queuedMails(t.database)).map((mail) => mail.subject).sort()).toEqual([buyer?.subject, staff?.subject].sort());

      // The confirmation is not an invoice: the visitor's tracking does not say "invoiced".
      const status = (await call('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
      expect(status.status).toBe('ORDERED');
      expect(status.milestones.map((milestone) => [milestone.id, milestone.reached])).toEqual([
        ['ordered', true],
        ['inProgress', false],
        ['invoiced', false],
        ['paid', false],
        ['completed', false],
      ]);
    } finally {
      await invoices.close();
      await smtp.close();
    }
  });

  it('does not count the delivery of the confirmation as invoiced: only INVOICE does', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    expect((await buy(id)).statusCode).toBe(200);
    const invoiced = async () =>
      ((await call('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo).milestones.find((milestone) => milestone.id === 'invoiced');
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.orderId, id));
    for (const mail of mails) await t.database.db.update(outbox).set({ sentAt: new Date('2026-03-02T08:05:00Z') }).where(eq(outbox.id, mail.id));
    expect(await invoiced()).toEqual({ id: 'invoiced', reached: false, at: null });
    expect(((await call('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo).status).toBe('ORDERED');
  });

  it('has no invoice before the order is placed', async () => {
    const id = await newCart();
    expect((await call('GET', `/api/orders/${id}/invoice.pdf`)).statusCode).toBe(404);
  });
});

describe('checkout under concurrency', () => {
  it('makes one order when one cart is submitted twice at the same moment', async () => {
    const id = await newCart();
    await fillInvoiceInfo(id);
    const [a, b] = await Promise.all([buy(id), buy(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));
    expect(history.filter((h) => h.action === 'BUY')).toHaveLength(1);
  });

  it('gives parallel checkouts of different carts distinct, consecutive numbers', async () => {
    const ids = [];
    for (let i = 0; i < 8; i++) {
      const id = await newCart();
      await fillInvoiceInfo(id);
      ids.push(id);
    }
    const solutions = await Promise.all(ids.map(() => solveCaptcha(t.app, 'checkout')));
    const responses = await Promise.all(ids.map((id, i) => buy(id, 'de-CH', solutions[i])));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const numbers = responses.map((r) => Number((r.json() as OrderDetail).number?.split('-')[1])).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
  });
});
