import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, invoices, orderHistory, orderItems, orders, outbox } from '#server/db/schema.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';
import { currencies, type Currency } from '#shared/locales.ts';
import type { SeatChangeAnswer } from '#shared/schemas/seat-changes.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import { cookies } from '#shared/cookies.ts';
import { money } from '#shared/money.ts';
import { inMajorUnits } from '#server/http/answer-money.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * Seat changes on a monthly plan (docs/product/seat-changes.md): the buyer's calls with the
 * account session and staff's, the refusals, more seats invoiced at once for the rest of
 * the period, fewer from the next period as the billing job bills it, the preview equal
 * to what is billed, two changes at once serialised. On PGlite and PostgreSQL alike.
 */

let t: TestApp;
let visitor: XsrfSession;
let editor: StaffSignIn;
let viewer: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  visitor = await startXsrfSession(t.app);
  editor = await signInAsStaff(t, { email: 'erik.editor@example.ch', role: 'editor' });
  viewer = await signInAsStaff(t, { email: 'vera.viewer@example.ch', role: 'viewer' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A placed order of `seats` monthly seats with `email` as the buyer's contact (billing contact). */
async function buyPlan(email: string, options: { seats?: number; currency?: Currency; frequency?: 'MONTHLY' | 'ONE_TIME'; country?: string } = {}): Promise<OrderDetail> {
  const as = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: visitor.headers, payload });
  const created = await as('POST', '/api/orders/', {
    productCode: 'cyber_security_training_basic_v1',
    quantity: options.seats ?? 10,
    paymentFrequency: options.frequency ?? 'MONTHLY',
    currency: options.currency ?? 'CHF',
    language: 'en-US',
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  const country = options.country ?? 'CH';
  const saved = await as('PUT', `/api/orders/${id}/invoice-info`, {
    company: { name: 'Muster AG', ...(country === 'DE' ? { vatNumber: 'DE123456789' } : {}) },
    address: country === 'CH' ? { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' } : { street: 'Hauptstrasse 1', zip: '10115', city: 'Berlin', countryCode: country },
    invoiceAddressSameAsAddress: true,
    contact: { firstName: 'Anna', lastName: 'Muster', email, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step: 5,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await as('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'en-US' });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

/** The first invoice, paid in full on `day` (default today): the plan is ACTIVE with its first period from that day. */
async function invoiceAndPay(id: string, day = isoDateInZurich(), status = 'ACTIVE'): Promise<void> {
  const as = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: editor.headers, payload });
  expect((await as(`/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/admin/${id}/`, headers: editor.headers })).json() as AdminOrder;
  const paid = await as(`/api/orders/admin/${id}/pay`, { amount: order.amountDue, date: day });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((paid.json() as AdminOrder).detail.status).toBe(status);
}

/** An ACTIVE plan of 10 seats paid today. */
async function activePlan(email: string, options: Parameters<typeof buyPlan>[1] = {}): Promise<string> {
  const order = await buyPlan(email, options);
  await invoiceAndPay(order.id);
  return order.id;
}

/** A signed-in browser of `email`: the anti-forgery session's cookie with the account's, and the header. */
async function signedIn(email: string): Promise<Record<string, string>> {
  const asked = await t.app.inject({ method: 'POST', url: '/api/account/sign-in-link', headers: visitor.headers, payload: { email, language: 'en-US', captchaSolution: await solveCaptcha(t.app, 'forms') } });
  expect(asked.statusCode).toBe(202);
  const mail = (await queuedMails(t.database, { to: email })).filter((m) => m.subject === 'Your sign-in link').at(-1);
  const link = /https?:\/\/\S+(\/app\/account\/sign-in\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error('no sign-in link');
  const opened = await t.app.inject({ method: 'GET', url: link });
  const session = opened.cookies.find((c) => c.name === cookies.accountSession.name);
  if (!session) throw new Error('no account session');
  const cookie = `${visitor.cookie}; ${session.name}=${session.value}`;
  return { cookie, 'x-xsrf-token': visitor.token };
}

const buyer = (headers: Record<string, string>, id: string, seats: unknown, preview = false) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/plan/seats${preview ? '/preview' : ''}`, headers, payload: { seats } });
const staffCall = (who: StaffSignIn, id: string, seats: unknown, preview = false) =>
  t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/plan/seats${preview ? '/preview' : ''}`, headers: who.headers, payload: { seats } });

/** An amount of a CHF invoice record as the API answers it, in major units. */
const major = (minor: number, currency: Currency = 'CHF') => inMajorUnits(money(minor, currency));

const seatsOf = async (id: string) => (await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id)))[0]!;
const invoicesOf = (id: string) => t.database.db.select().from(invoices).where(eq(invoices.orderId, id)).orderBy(invoices.number);
const seatEvents = (id: string) => t.database.db.select().from(orderHistory).where(and(eq(orderHistory.orderId, id), eq(orderHistory.action, 'SEATS_CHANGED')));

/** The dashboard's monthly recurring revenue in CHF today (all plans of the test's database), in major units. */
async function recurringChf(): Promise<number> {
  const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/billing', headers: editor.headers })).json() as { monthlyRecurringRevenue: { currency: string; amount: number }[] };
  return overview.monthlyRecurringRevenue.find((entry) => entry.currency === 'CHF')?.amount ?? 0;
}

describe('more seats', () => {
  it('the buyer previews and adds seats: the invoice for the rest of the period is what the preview said, mailed, in the history; renewals bill the new count', async () => {
    const email = 'grow@muster.example';
    const id = await activePlan(email);
    const headers = await signedIn(email);
    const today = isoDateInZurich();

    const preview = await buyer(headers, id, 15, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json() as SeatChangeAnswer;
    expect(previewed).toMatchObject({ seats: 15, currentSeats: 10, kind: 'increase', effective: today });
    // The period began today: all its days are left.
    expect(previewed.prorated).toMatchObject({ from: today, to: addDays(addMonths(today, 1), -1), currency: 'CHF' });
    expect(previewed.nextPeriod.from).toBe(addMonths(today, 1));
    expect(previewed.invoice).toBeUndefined();
    expect((await seatsOf(id)).quantity).toBe(10);
    const recurringBefore = await recurringChf();

    const applied = await buyer(headers, id, 15);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = applied.json() as SeatChangeAnswer;
    expect({ ...answer, invoice: undefined }).toEqual({ ...previewed, invoice: undefined });
    const issued = (await invoicesOf(id)).find((row) => row.number === answer.invoice?.number);
    expect(issued).toBeDefined();
    expect(major(issued!.netMinor)).toBe(previewed.prorated!.net);
    expect(major(issued!.vatMinor)).toBe(previewed.prorated!.vat);
    expect(major(issued!.grossMinor)).toBe(previewed.prorated!.gross);
    expect(issued!.dueOn).toBe(addDays(today, t.env.PAYMENT_TERMS_DAYS));
    expect((await seatsOf(id)).quantity).toBe(15);
    // The recurring revenue counts the 5 added seats (of the 15 the next month bills) at once.
    expect(await recurringChf()).toBeCloseTo(recurringBefore + previewed.nextPeriod.net * (5 / 15), 2);

    const mails = await t.database.db.select().from(outbox).where(eq(outbox.orderId, id));
    expect(mails.filter((mail) => mail.kind === 'invoiceIssued').map((mail) => mail.recipient)).toEqual([email, email]);
    expect(mails.filter((mail) => mail.kind === 'seatsChanged').map((mail) => mail.recipient)).toEqual([email]);
    const [event] = await seatEvents(id);
    expect(event).toMatchObject({ actor: 'customer', fromStatus: 'ACTIVE', toStatus: 'ACTIVE', data: { from: 10, to: 15, effective: today, invoiceNumber: issued!.number } });
    // A buyer's change is no staff change: no audit row.
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.SEATS_CHANGED'))).toEqual([]);

    // The next period bills 15 seats, as the preview's next period said, once.
    const report = await t.app.billing.run({ asOf: addMonths(today, 1) });
    expect(report.renewed.filter((entry) => entry.orderId === id)).toHaveLength(1);
    const renewal = (await invoicesOf(id)).find((row) => row.periodStart === addMonths(today, 1))!;
    expect(major(renewal.netMinor)).toBe(previewed.nextPeriod.net);
    expect(major(renewal.grossMinor)).toBe(previewed.nextPeriod.gross);
    expect((await t.app.billing.run({ asOf: addMonths(today, 1) })).renewed.filter((entry) => entry.orderId === id)).toEqual([]);
  });

  it('two changes at once on one order are serialised: one bills, the other finds the count in force', async () => {
    const id = await activePlan('race@muster.example');
    const [first, second] = await Promise.all([staffCall(editor, id, 14), staffCall(editor, id, 14)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json()).toMatchObject({ errors: [{ field: 'seats' }] });
    expect((await invoicesOf(id)).filter((row) => row.billingKey.startsWith('seats:'))).toHaveLength(1);
    expect(await seatEvents(id)).toHaveLength(1);
    expect((await seatsOf(id)).quantity).toBe(14);
  });
});

describe('fewer seats', () => {
  it('apply from the next period, with no invoice; can be replaced and withdrawn; the billing job bills the reduced count from then on', async () => {
    const id = await activePlan('shrink@muster.example');
    const today = isoDateInZurich();
    const next = addMonths(today, 1);

    const reduced = await staffCall(editor, id, 6);
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(reduced.json()).toMatchObject({ seats: 6, currentSeats: 10, kind: 'reduction', effective: next, prorated: null, invoice: null });
    expect(await seatsOf(id)).toMatchObject({ quantity: 10, pendingQuantity: 6, pendingFrom: next });
    // A staff change is audited.
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.SEATS_CHANGED'));
    expect(audited.map((row) => row.actorEmail)).toContain('erik.editor@example.ch');

    // Replaced, then withdrawn (the count in force asked for), then asked for again.
    expect((await staffCall(editor, id, 4)).json()).toMatchObject({ kind: 'reduction', seats: 4 });
    expect(await seatsOf(id)).toMatchObject({ quantity: 10, pendingQuantity: 4 });
    expect((await staffCall(editor, id, 4)).statusCode).toBe(400);
    expect((await staffCall(editor, id, 10)).json()).toMatchObject({ kind: 'withdrawal', seats: 10 });
    expect(await seatsOf(id)).toMatchObject({ quantity: 10, pendingQuantity: null, pendingFrom: null });
    expect((await staffCall(editor, id, 10)).statusCode).toBe(400);
    const again = (await staffCall(editor, id, 3)).json() as SeatChangeAnswer;

    // Not yet: the running period keeps its 10 seats, and the recurring revenue counts them.
    const recurringBefore = await recurringChf();
    await t.app.billing.run({ asOf: addDays(next, -1) });
    expect((await seatsOf(id)).quantity).toBe(10);
    expect(await recurringChf()).toBe(recurringBefore);
    await t.app.billing.run({ asOf: next });
    expect(await seatsOf(id)).toMatchObject({ quantity: 3, pendingQuantity: null });
    // From the day it applies, the recurring revenue counts the reduced seats (7 fewer of 10).
    expect(await recurringChf()).toBeCloseTo(recurringBefore - again.nextPeriod.net * (7 / 3), 2);
    const renewal = (await invoicesOf(id)).find((row) => row.periodStart === next)!;
    expect(major(renewal.netMinor)).toBe(again.nextPeriod.net);
    expect(major(renewal.grossMinor)).toBe(again.nextPeriod.gross);
    expect(((renewal.document as { lines: { quantity: number }[] }).lines[0]!).quantity).toBe(3);
    expect(await seatEvents(id)).toHaveLength(4);
  });
});

describe('who may change seats, and which plans', () => {
  it('refuses a stranger, another address and a viewer, in both languages', async () => {
    const id = await activePlan('owner@muster.example');
    await buyPlan('other@muster.example');
    const none = await buyer(visitor.headers, id, 12, true);
    expect(none.statusCode).toBe(401);
    const other = await buyer(await signedIn('other@muster.example'), id, 12);
    expect(other.statusCode).toBe(404);
    const looking = await staffCall(viewer, id, 12, true);
    expect(looking.statusCode).toBe(403);
    for (const refused of [none, other, looking]) expect(Object.keys((refused.json() as { error: { messagesByLanguage: object } }).error.messagesByLanguage)).toEqual(['en-US', 'de-CH']);
    // Without the anti-forgery header.
    const owner = await signedIn('owner@muster.example');
    const forged = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/plan/seats`, headers: { cookie: owner.cookie! }, payload: { seats: 12 } });
    expect(forged.statusCode).toBe(403);
    expect((await seatsOf(id)).quantity).toBe(10);
  });

  it("takes a staff session on the order's path as well: an editor previews and changes, in the audit log; a viewer is refused", async () => {
    const id = await activePlan('staffpath@muster.example');
    const preview = await buyer(editor.headers, id, 3, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ seats: 3, prorated: null });
    const changed = await buyer(editor.headers, id, 3);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ...(preview.json() as object), invoice: null });
    expect(await seatsOf(id)).toMatchObject({ quantity: 10, pendingQuantity: 3 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.SEATS_CHANGED'));
    expect(audit.some((row) => row.targetId === id && row.actorEmail === 'erik.editor@example.ch')).toBe(true);
    const looking = await buyer(viewer.headers, id, 12, true);
    expect(looking.statusCode).toBe(403);
    expect((looking.json() as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('asks for a whole number of seats of at least 1, other than the count in force, at the field', async () => {
    const id = await activePlan('count@muster.example');
    for (const seats of [0, 2.5, 'ten', 10]) {
      const refused = await staffCall(editor, id, seats, true);
      expect(refused.statusCode).toBe(400);
      const [problem] = (refused.json() as { errors: { field: string; messagesByLanguage: Record<string, string> }[] }).errors;
      expect(problem?.field).toBe('seats');
      expect(Object.keys(problem!.messagesByLanguage)).toEqual(['en-US', 'de-CH']);
    }
  });

  it('refuses a one-time order, an order not yet running and a plan under notice (409, both languages)', async () => {
    const oneTime = await buyPlan('once@muster.example', { frequency: 'ONE_TIME' });
    await invoiceAndPay(oneTime.id, isoDateInZurich(), 'PAID');
    const placed = await buyPlan('placed@muster.example');
    const noticed = await activePlan('noticed@muster.example');
    const terminated = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${noticed}/termination`, headers: editor.headers, payload: { refund: false } });
    expect(terminated.statusCode, terminated.body).toBe(200);
    for (const id of [oneTime.id, placed.id, noticed]) {
      const refused = await staffCall(editor, id, 12, true);
      expect(refused.statusCode, id).toBe(409);
      const { messagesByLanguage } = (refused.json() as { error: { messagesByLanguage: Record<string, string> } }).error;
      expect(messagesByLanguage['de-CH']).toContain('Monatsabo');
    }
  });
});

describe('the preview is what is billed', () => {
  it('in every currency, on any day of 28-, 29-, 30- and 31-day periods, for any seats added', async () => {
    // Plans starting at month ends and in February, changed on a day up to two periods on (in the past: the service's day is the test's clock, and periods begun before it are billed first).
    const anchors = ['2024-01-31', '2024-02-29', '2025-02-28', '2025-04-30', '2025-08-31', '2025-12-31', '2026-01-15'];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...anchors),
        fc.constantFrom<Currency>(...currencies),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('CH', 'DE'),
        async (anchor, currency, daysIn, added, country) => {
          run++;
          const order = await buyPlan(`prop-${run}@muster.example`, { currency, seats: 3, country });
          // Placed on the plan's first day: no period of it begins before its order.
          await t.database.db.update(orders).set({ orderedAt: new Date(`${anchor}T09:00:00Z`) }).where(eq(orders.id, order.id));
          vi.useFakeTimers({ toFake: ['Date'] });
          vi.setSystemTime(new Date(`${anchor}T10:00:00Z`));
          await invoiceAndPay(order.id, anchor);
          const day = addDays(anchor, daysIn);
          vi.setSystemTime(new Date(`${day}T10:00:00Z`));
          const preview = (await staffCall(editor, order.id, 3 + added, true)).json() as SeatChangeAnswer;
          const applied = await staffCall(editor, order.id, 3 + added);
          vi.useRealTimers();
          expect(applied.statusCode, applied.body).toBe(200);
          const answer = applied.json() as SeatChangeAnswer;
          expect({ ...answer, invoice: undefined }).toEqual({ ...preview, invoice: undefined });
          const row = (await invoicesOf(order.id)).find((invoice) => invoice.number === answer.invoice?.number)!;
          expect([row.netMinor, row.vatMinor, row.grossMinor].map((minor) => major(minor, currency))).toEqual([preview.prorated!.net, preview.prorated!.vat, preview.prorated!.gross]);
          expect(row.currency).toBe(currency);
          expect(row.periodStart).toBe(day);
          expect(preview.prorated!.from).toBe(day);
          expect(preview.prorated!.to >= day).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
