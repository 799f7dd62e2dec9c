import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders } from '#server/db/schema.ts';
import { daysFrom, isoDateInZurich } from '#shared/dates.ts';
import type { Currency } from '#shared/locales.ts';
import type { BulkAnswer, OrderList } from '#shared/schemas/orders-admin.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * The orders table's overdue queue shows what is owed (open amount, oldest due day,
 * reminder level, days overdue, each sortable) and records a payment of the open amount
 * on several of its orders at once, each on its own.
 */

let t: TestApp;
let staff: StaffSignIn;
const ids: Record<string, string> = {};
/** Three reminders: the default of REMINDER_DAYS; the third puts an order in the queue. */
const steps = 3;

interface Seed {
  number: string;
  currency: Currency;
  invoices: { grossMinor: number; paidMinor?: number; dueOn: string; remindersSent: number }[];
}

const seeds: Seed[] = [
  // Two open invoices: 500.00 + 120.50 open, the oldest due on 1 June, reminded three times.
  { number: '2026-000201', currency: 'CHF', invoices: [{ grossMinor: 50_000, dueOn: '2026-06-01', remindersSent: 3 }, { grossMinor: 12_050, dueOn: '2026-08-01', remindersSent: 1 }] },
  // Partly paid: 80.00 of 100.00 open, due 1 July.
  { number: '2026-000202', currency: 'EUR', invoices: [{ grossMinor: 10_000, paidMinor: 2_000, dueOn: '2026-07-01', remindersSent: 3 }] },
  // Reminded twice only: not overdue yet.
  { number: '2026-000203', currency: 'CHF', invoices: [{ grossMinor: 9_900, dueOn: '2026-05-01', remindersSent: 2 }] },
];

beforeAll(async () => {
  t = await createTestApp({ REMINDER_DAYS: '10,20,30' });
  staff = await signInAsStaff(t);
  for (const seed of seeds) {
    const total = seed.invoices.reduce((sum, invoice) => sum + invoice.grossMinor, 0);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        status: 'INVOICED',
        currency: seed.currency,
        language: 'en-US',
        number: seed.number,
        orderedAt: new Date('2026-01-05T09:00:00Z'),
        totalNetMinor: total,
        amountDueMinor: total,
        invoiceInfo: { company: { name: `Company ${seed.number}` } },
      })
      .returning();
    ids[seed.number] = order!.id;
    await t.database.db.insert(invoices).values(
      seed.invoices.map((invoice, index) => ({
        orderId: order!.id,
        billingKey: index === 0 ? 'first' : invoice.dueOn,
        number: `INV-${seed.number}-${index}`,
        qrReference: randomUUID(),
        issuedOn: '2026-01-05',
        dueOn: invoice.dueOn,
        currency: seed.currency,
        language: 'en-US',
        netMinor: invoice.grossMinor,
        vatMinor: 0,
        grossMinor: invoice.grossMinor,
        vatRateBasisPoints: 0,
        paidMinor: invoice.paidMinor ?? 0,
        remindersSent: invoice.remindersSent,
        document: {},
      })),
    );
  }
});
afterAll(async () => {
  await t.close();
});

async function overdueQueue(sort: object = {}): Promise<OrderList> {
  const response = await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: { overdue: true, ...sort } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderList>();
}

describe('the overdue queue', () => {
  it('shows each order with what its open invoices owe: amount, oldest due day, reminder level and days overdue', async () => {
    const today = isoDateInZurich();
    const queue = await overdueQueue({ sortColumn: 'OPEN_AMOUNT', sortDirection: 'DESC' });
    expect(queue.results.map((row) => [row.number, row.currency, row.overdue])).toEqual([
      ['2026-000201', 'CHF', { open: 620.5, oldestDueOn: '2026-06-01', reminderLevel: steps, daysOverdue: daysFrom('2026-06-01', today) }],
      ['2026-000202', 'EUR', { open: 80, oldestDueOn: '2026-07-01', reminderLevel: steps, daysOverdue: daysFrom('2026-07-01', today) }],
    ]);
    expect(queue.results[0]?.overdue?.daysOverdue).toBeGreaterThan(0);
    const numbersBy = async (sortColumn: string, sortDirection: string) => (await overdueQueue({ sortColumn, sortDirection })).results.map((row) => row.number);
    expect(await numbersBy('OPEN_AMOUNT', 'ASC')).toEqual(['2026-000202', '2026-000201']);
    expect(await numbersBy('OLDEST_DUE', 'DESC')).toEqual(['2026-000202', '2026-000201']);
    expect(await numbersBy('DAYS_OVERDUE', 'DESC')).toEqual(['2026-000201', '2026-000202']);
    expect(await numbersBy('REMINDER_LEVEL', 'ASC')).toHaveLength(2);
    // Outside the queue the rows carry no overdue figures, and its sort columns fall back to the date received.
    const all = await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: { sortColumn: 'OPEN_AMOUNT' } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<OrderList>().results.every((row) => row.overdue === undefined)).toBe(true);
  });

  it('records a payment of its open amount on each order chosen, on one day, and reports each refusal', async () => {
    const unknown = randomUUID();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/admin/bulk-pay',
      headers: staff.headers,
      payload: { ids: [ids['2026-000201'], ids['2026-000202'], unknown], date: isoDateInZurich() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<BulkAnswer>();
    expect(answer.succeeded).toEqual([ids['2026-000201'], ids['2026-000202']]);
    expect(answer.refused).toEqual([{ id: unknown, code: 'notFound', messagesByLanguage: expect.objectContaining({ 'en-US': expect.any(String) }) }]);
    for (const number of ['2026-000201', '2026-000202']) {
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, ids[number]!));
      expect(order?.status).toBe('PAID');
      const rows = await t.database.db.select().from(invoices).where(eq(invoices.orderId, ids[number]!));
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'PAID'));
    }
    expect((await overdueQueue()).results).toEqual([]);

    // Paid already: nothing open is refused, as is a day to come.
    const again = await t.app.inject({ method: 'POST', url: '/api/orders/admin/bulk-pay', headers: staff.headers, payload: { ids: [ids['2026-000201']], date: isoDateInZurich() } });
    expect(again.json<BulkAnswer>().refused.map((refusal) => refusal.code)).toEqual(['conflict']);
    const future = await t.app.inject({ method: 'POST', url: '/api/orders/admin/bulk-pay', headers: staff.headers, payload: { ids: [ids['2026-000203']], date: '2999-01-01' } });
    expect(future.statusCode).toBe(400);
  });
});
