import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderPayments, orders, outbox } from '#server/db/schema.ts';
import { addMonths, isoDateInZurich } from '#shared/dates.ts';
import type { OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AdminOrder, Dashboard, OrderList } from '#shared/schemas/orders-admin.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { demoOrders } from './demo-orders.ts';

/**
 * The demo orders of a first start (main.ts): made through the services, dated over the
 * last 12 months, once; their plans billed up to today, and never mailed, now or later.
 */

let t: TestApp;
let staff: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
});
afterAll(async () => {
  await t.close();
});

describe('demo orders', () => {
  it('fill the dashboard and the orders table, with consistent histories and no mail', async () => {
    expect(await t.app.demo.seedDemoOrders()).toEqual({ created: demoOrders.length });

    const dashboard = (await t.app.inject({ url: '/api/admin/dashboard', headers: staff.headers })).json() as Dashboard;
    const monthsWithOrders = dashboard.months.filter((month) => month.currencies.length > 0);
    expect(monthsWithOrders.length).toBeGreaterThanOrEqual(8);
    expect(new Set(monthsWithOrders.flatMap((month) => month.currencies.map((figure) => figure.currency)))).toEqual(new Set(['CHF', 'EUR', 'USD']));
    // Every demo order is counted in one of the 12 months.
    expect(dashboard.months.flatMap((month) => month.currencies).reduce((sum, figure) => sum + figure.orders, 0)).toBe(demoOrders.length);
    const open = Object.fromEntries(dashboard.openOrders.map((entry) => [entry.status, entry.count]));
    expect(open).toMatchObject({ ORDERED: 1, IN_PROGRESS: 1, INVOICED: 2, PAID: 1, ACTIVE: 3 });

    const list = (
      await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: { pageSize: 100 } })
    ).json() as OrderList;
    expect(list.totalResults).toBe(demoOrders.length);
    expect(list.results.map((row) => row.status).sort()).toEqual(demoOrders.map((order) => order.status).sort());
    expect(new Set(list.results.map((row) => row.company))).toEqual(new Set(demoOrders.map((order) => order.invoiceInfo.company?.name)));
    // Numbers follow the dates received, per year.
    const byDate = [...list.results].sort((a, b) => String(a.received).localeCompare(String(b.received)));
    for (const [index, row] of byDate.entries()) {
      const earlier = byDate.slice(0, index).filter((other) => other.number?.slice(0, 4) === row.number?.slice(0, 4));
      expect(row.number).toMatch(new RegExp(`^${row.received?.slice(0, 4)}-\\d{6}$`));
      expect(Number(row.number?.slice(5))).toBe(earlier.length + 1);
    }

    const now = Date.now();
    for (const row of list.results) {
      const order = (await t.app.inject({ url: `/api/orders/admin/${row.id}/`, headers: staff.headers })).json() as AdminOrder;
      const transitions = order.history.filter((entry) => entry.kind === 'TRANSITION').reverse();
      const times = transitions.map((entry) => new Date(entry.at).getTime());
      // Oldest first: CREATE by the customer, BUY by the customer, then the system's actions and billing's renewals, all in the past.
      expect(transitions.map((entry) => entry.kind === 'TRANSITION' && entry.action).slice(0, 2)).toEqual(['CREATE', 'BUY']);
      expect(transitions.slice(2).every((entry) => entry.kind === 'TRANSITION' && entry.who === (entry.action === 'RENEW' ? 'billing' : 'system'))).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThan(now);
      expect(order.received && new Date(order.received).getTime()).toBe(times[1]);
      expect(transitions.at(-1)).toMatchObject({ to: row.status });
      if (['PAID', 'COMPLETED'].includes(row.status)) expect(order.amountDue).toBe(0);
      if (row.status === 'ACTIVE') {
        // Every month since the plan started is renewed; what is open is at most the running month's invoice, not yet due.
        const renewals = transitions.filter((entry) => entry.kind === 'TRANSITION' && entry.action === 'RENEW');
        expect(renewals.length).toBeGreaterThan(0);
        const { invoices } = (await t.app.inject({ url: `/api/orders/${row.id}/invoices` })).json() as OrderInvoices;
        expect(invoices.filter((invoice) => invoice.periodFirstDay !== null)).toHaveLength(renewals.length);
        const open = invoices.filter((invoice) => invoice.open > 0);
        expect(open.length).toBeLessThanOrEqual(1);
        expect(open.every((invoice) => invoice.dueOn >= isoDateInZurich())).toBe(true);
      }
    }
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('have no period due at the first start, and the billing job mails none of them, now or months later', async () => {
    const today = isoDateInZurich();
    const dry = await t.app.billing.run({ asOf: today, dryRun: true });
    expect([dry.renewed, dry.terminated, dry.reminded, dry.refused]).toEqual([[], [], [], []]);
    expect((await t.app.billing.run({ asOf: today })).renewed).toEqual([]);

    // Months later the plans are renewed and the open invoices reminded of, as for any order, but nothing is mailed.
    const later = await t.app.billing.run({ asOf: addMonths(today, 2) });
    expect(later.renewed.length).toBeGreaterThanOrEqual(3);
    expect(later.reminded.length).toBeGreaterThan(0);
    expect(later.reminded.every((reminder) => reminder.to === '')).toBe(true);
    const muchLater = await t.app.billing.run({ asOf: addMonths(today, 14) });
    expect(muchLater.renewed.length).toBeGreaterThan(later.renewed.length);
    expect(await t.database.db.select().from(outbox)).toEqual([]);
  });

  it('does nothing once the database has an order', async () => {
    const before = {
      orders: (await t.database.db.select().from(orders)).length,
      history: (await t.database.db.select().from(orderHistory)).length,
      payments: (await t.database.db.select().from(orderPayments)).length,
    };
    expect(await t.app.demo.seedDemoOrders()).toEqual({ created: 0 });
    expect({
      orders: (await t.database.db.select().from(orders)).length,
      history: (await t.database.db.select().from(orderHistory)).length,
      payments: (await t.database.db.select().from(orderPayments)).length,
    }).toEqual(before);
  });
});
