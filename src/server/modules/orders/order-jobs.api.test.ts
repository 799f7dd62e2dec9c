import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderHistory, orders } from '#server/db/schema.ts';
import type { StatusInfo } from '#shared/schemas/checkout.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { createOrderJobsService } from './order-jobs.service.ts';
import { createOrdersService } from './orders.service.ts';

/** Carts idle for 90 days become ABANDONED, by the system, once. */

let t: TestApp;
let visitor: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  visitor = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

const item = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };

async function newCart(): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/orders/', headers: visitor.headers, payload: item });
  return (response.json() as { id: string }).id;
}

async function idleFor(id: string, days: number, status?: 'ORDERED') {
  await t.database.db
    .update(orders)
    .set({ updatedAt: sql`now() - make_interval(days => ${days})`, ...(status ? { status } : {}) })
    .where(eq(orders.id, id));
}

async function statusOf(id: string) {
  const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

describe('abandoning idle carts', () => {
  it('abandons carts untouched for 90 days, with the system as actor, and nothing else', async () => {
    const idle = await newCart();
    const recent = await newCart();
    const placed = await newCart();
    await idleFor(idle, 91);
    await idleFor(recent, 89);
    await idleFor(placed, 400, 'ORDERED');

    const jobs = createOrdersService({ db: t.database.db });
    expect(await jobs.abandonIdleCarts()).toBe(1);
    expect([await statusOf(idle), await statusOf(recent), await statusOf(placed)]).toEqual(['ABANDONED', 'SHOPPING_CART', 'ORDERED']);
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, idle));
    expect(history.map((entry) => [entry.action, entry.fromStatus, entry.toStatus, entry.actor, entry.data])).toEqual([
      ['CREATE', null, 'SHOPPING_CART', 'visitor', null],
      ['ABANDON', 'SHOPPING_CART', 'ABANDONED', 'system', { idleDays: 90 }],
    ]);
    // Once is enough.
    expect(await jobs.abandonIdleCarts()).toBe(0);

    // The visitor's calls see it: no more changes, and tracking says so.
    const add = await t.app.inject({ method: 'POST', url: `/api/orders/${idle}/shopping-cart/`, headers: visitor.headers, payload: item });
    expect(add.statusCode).toBe(409);
    const status = (await t.app.inject({ url: `/api/orders/${idle}/status-info` })).json() as StatusInfo;
    expect(status).toMatchObject({ status: 'ABANDONED', exception: 'ABANDONED' });
  });

  it('counts idle days from the last change: an add or a line change makes a long-idle cart fresh again', async () => {
    const added = await newCart();
    const changed = await newCart();
    await idleFor(added, 91);
    await idleFor(changed, 91);
    const add = await t.app.inject({ method: 'POST', url: `/api/orders/${added}/shopping-cart/`, headers: visitor.headers, payload: item });
    expect(add.statusCode).toBe(200);
    const lines = (await t.app.inject({ url: `/api/orders/${changed}/shopping-cart/` })).json() as { items: { id: string }[] };
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${changed}/shopping-cart/${lines.items[0]!.id}`,
      headers: visitor.headers,
      payload: { quantity: 3 },
    });
    expect(change.statusCode).toBe(200);

    expect(await createOrdersService({ db: t.database.db }).abandonIdleCarts()).toBe(0);
    expect([await statusOf(added), await statusOf(changed)]).toEqual(['SHOPPING_CART', 'SHOPPING_CART']);
  });

  it('abandons each cart once when two processes run the job at the same time', async () => {
    const ids = await Promise.all(Array.from({ length: 24 }, () => newCart()));
    await t.database.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '120 days'` })
      .where(inArray(orders.id, ids));
    const first = createOrdersService({ db: t.database.db });
    const second = createOrdersService({ db: t.database.db });
    const counts = await Promise.all([first.abandonIdleCarts({ batchSize: 5 }), second.abandonIdleCarts({ batchSize: 5 })]);
    expect(counts[0] + counts[1]).toBe(ids.length);
    const abandons = await t.database.db
      .select({ orderId: orderHistory.orderId })
      .from(orderHistory)
      .where(inArray(orderHistory.orderId, ids));
    const perCart = new Map<string, number>();
    for (const { orderId } of abandons) perCart.set(orderId, (perCart.get(orderId) ?? 0) + 1);
    // CREATE and exactly one ABANDON each.
    expect([...perCart.values()]).toEqual(ids.map(() => 2));
  });

  it('runs with the workers: at start, then periodically, and stops', async () => {
    const abandonIdleCarts = vi.fn(async () => 0);
    const jobs = createOrderJobsService({ orders: { abandonIdleCarts }, log: t.app.log, intervalMs: 20 });
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 70));
    await jobs.stop();
    const calls = abandonIdleCarts.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(abandonIdleCarts.mock.calls.length).toBe(calls);
  });
});
