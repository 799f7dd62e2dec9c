import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '#shared/locales.ts';
import { contacts, orderItems, orderPayments, orders, webinars, webinarSubscriptions } from '#server/db/schema.ts';
import type { OrderStatus } from '#shared/orders.ts';
import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/** The back office's start page: orders and net revenue per month and currency, open orders by status, the next webinars. */

let t: TestApp;
let staff: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
  // Without the demo webinars of the seed: each test adds its own.
  await t.database.db.delete(webinars);
});
afterAll(async () => {
  await t.close();
});

/** `YYYY-MM` of the month `offset` months from this one, in Zurich. */
function monthOf(offset: number): string {
  const [year = 0, month = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const date = new Date(Date.UTC(year, month - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** Noon on the 15th of a month: inside that month in every time zone. */
const midMonth = (month: string) => new Date(`${month}-15T12:00:00Z`);

function order(status: OrderStatus, values: { orderedAt?: Date | null; totalNetMinor?: number; currency?: Currency; deletedAt?: Date } = {}) {
  return { status, currency: values.currency ?? 'CHF', language: 'de-CH', orderedAt: values.orderedAt === undefined ? new Date() : values.orderedAt, totalNetMinor: values.totalNetMinor ?? 1000, deletedAt: values.deletedAt ?? null };
}

describe('GET /api/admin/dashboard', () => {
  it('counts the last 12 months per currency and the open orders by status', async () => {
    await t.database.db.insert(orders).values([
      order('ORDERED', { totalNetMinor: 10_000 }),
      order('INVOICED', { totalNetMinor: 20_050 }),
      order('PAID', { totalNetMinor: 5_000, currency: 'EUR' }),
      order('ACTIVE', { orderedAt: midMonth(monthOf(-11)), totalNetMinor: 99_900 }),
      order('COMPLETED', { orderedAt: midMonth(monthOf(-12)), totalNetMinor: 1 }),
      order('TERMINATING', { orderedAt: midMonth(monthOf(-3)), totalNetMinor: 30_000, currency: 'USD' }),
      order('SHOPPING_CART', { orderedAt: null, totalNetMinor: 0 }),
      order('DELETED', { totalNetMinor: 123, deletedAt: new Date() }),
    ]);
    const response = await t.app.inject({ url: '/api/admin/dashboard', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const dashboard = response.json() as Dashboard;
    expect(dashboard.months.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, index) => monthOf(index - 11)));
    const byMonth = new Map(dashboard.months.map((month) => [month.month, month.currencies]));
    expect(byMonth.get(monthOf(0))).toEqual([
      { currency: 'CHF', orders: 2, netRevenue: 300.5 },
      { currency: 'EUR', orders: 1, netRevenue: 50 },
    ]);
    expect(byMonth.get(monthOf(-3))).toEqual([{ currency: 'USD', orders: 1, netRevenue: 300 }]);
    expect(byMonth.get(monthOf(-11))).toEqual([{ currency: 'CHF', orders: 1, netRevenue: 999 }]);
    expect(byMonth.get(monthOf(-1))).toEqual([]);
    expect(dashboard.openOrders).toEqual([
      { status: 'ORDERED', count: 1 },
      { status: 'IN_PROGRESS', count: 0 },
      { status: 'INVOICED', count: 1 },
      { status: 'PAID', count: 1 },
      { status: 'ACTIVE', count: 1 },
      { status: 'TERMINATING', count: 1 },
    ]);
    expect(dashboard).toMatchObject({ unreadMessages: [], nextWebinars: [] });
  });

  it('shows the money received this month against last month, and what is open, per currency', async () => {
    const { db } = t.database;
    const [invoiced, active] = await db
      .insert(orders)
      .values([
        { ...order('INVOICED', { totalNetMinor: 10_000, currency: 'EUR' }), amountDueMinor: 10_000 },
        { ...order('ACTIVE', { totalNetMinor: 4_000, currency: 'EUR' }), amountDueMinor: 4_000 },
      ])
      .returning();
    const day = (month: string) => `${month}-10`;
    await db.insert(orderPayments).values([
      { orderId: invoiced?.id ?? '', amountMinor: 2_500, paidOn: day(monthOf(0)), recordedBy: 'anna@example.ch' },
      { orderId: active?.id ?? '', amountMinor: 4_000, paidOn: day(monthOf(-1)), recordedBy: 'anna@example.ch' },
    ]);
    const dashboard = (await t.app.inject({ url: '/api/admin/dashboard', headers: staff.headers })).json() as Dashboard;
    // The EUR orders of the test before (a PAID one) have nothing open.
    expect(dashboard.money.find((entry) => entry.currency === 'EUR')).toEqual({ currency: 'EUR', receivedThisMonth: 25, receivedLastMonth: 40, open: 75 });
  });

  it('lists the next five upcoming webinars, soonest first, with their subscriber counts', async () => {
    const { db } = t.database;
    const day = 24 * 60 * 60 * 1000;
    const rows = await db
      .insert(webinars)
      .values(
        [3, 1, 7, 2, 30, 5, -1, 4].map((days, index) => ({
          code: `webinar-${index}`,
          language: index % 2 === 0 ? 'en-US' : 'de-CH',
          title: `Webinar in ${days} days`,
          description: 'About it.',
          startsAt: new Date(Date.now() + days * day),
          durationMinutes: 60,
          link: `https://webinars.example.com/${index}`,
          deletedAt: days === 4 ? new Date() : null,
        })),
      )
      .returning();
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    const people = await db
      .insert(contacts)
      .values([1, 2, 3].map((n) => ({ email: `person${n}@example.ch`, firstName: `Person ${n}` })))
      .returning();
    const signUps = (title: string, count: number) =>
      people.slice(0, count).map((person) => ({ webinarId: byTitle.get(title)?.id ?? '', contactId: person.id, language: 'en-US' }));
    await db.insert(webinarSubscriptions).values([...signUps('Webinar in 2 days', 3), ...signUps('Webinar in 5 days', 1), ...signUps('Webinar in -1 days', 2)]);

    const response = await t.app.inject({ url: '/api/admin/dashboard', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const { nextWebinars } = response.json() as Dashboard;
    expect(nextWebinars.map((webinar) => [webinar.title, webinar.subscriberCount])).toEqual([
      ['Webinar in 1 days', 0],
      ['Webinar in 2 days', 3],
      ['Webinar in 3 days', 0],
      ['Webinar in 5 days', 1],
      ['Webinar in 7 days', 0],
    ]);
    const first = byTitle.get('Webinar in 1 days');
    expect(nextWebinars[0]).toEqual({ id: first?.id, code: first?.code, title: first?.title, language: 'de-CH', startsAt: first?.startsAt.toISOString(), subscriberCount: 0 });
  });

  it('lists the running plans with a seat reduction pending, the soonest first, with the seats in force and to come', async () => {
    const { db } = t.database;
    const plans = await db
      .insert(orders)
      .values([
        { ...order('ACTIVE'), number: '2099-000901' },
        { ...order('ACTIVE'), number: '2099-000902' },
        { ...order('ACTIVE'), number: '2099-000903' },
        { ...order('TERMINATED'), number: '2099-000904' },
      ])
      .returning();
    const line = (index: number, pending: { quantity: number; from: string } | null) => ({
      orderId: plans[index]!.id,
      productCode: 'cyber_security_training_foundation_v1',
      paymentFrequency: 'MONTHLY',
      quantity: 10,
      unitPriceMinor: 1450,
      status: 'ACTIVE',
      position: 0,
      pendingQuantity: pending?.quantity ?? null,
      pendingFrom: pending?.from ?? null,
    });
    await db.insert(orderItems).values([
      line(0, { quantity: 4, from: '2099-03-01' }),
      line(1, { quantity: 7, from: '2099-02-10' }),
      // No reduction pending; a plan that ended keeps none either.
      line(2, null),
      line(3, { quantity: 2, from: '2099-01-05' }),
    ]);
    const response = await t.app.inject({ url: '/api/admin/dashboard', headers: staff.headers });
    expect(response.statusCode).toBe(200);
    const { pendingSeats } = response.json() as Dashboard;
    expect(pendingSeats.filter((entry) => entry.number.startsWith('2099-'))).toEqual([
      { orderId: plans[1]!.id, number: '2099-000902', currentSeats: 10, seats: 7, from: '2099-02-10' },
      { orderId: plans[0]!.id, number: '2099-000901', currentSeats: 10, seats: 4, from: '2099-03-01' },
    ]);
  });
});
