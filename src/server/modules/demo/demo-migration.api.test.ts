import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';

/**
 * Migration 0018 (docs/decisions/055-bounded-dates-and-quiet-demo-orders.md): orders get
 * the `demo` mark, and the demo orders a first start made before it are marked, so that
 * billing mails them nothing from now on. Run on a database migrated to 0017 (PGlite, or
 * PostgreSQL in the api-postgres project).
 */

const ids = {
  demo: '00000000-0000-4000-8000-00000000d001',
  customer: '00000000-0000-4000-8000-00000000c001',
  /** A cart left idle (abandoned by the system) and bought later, by an address under `.example`. */
  reopened: '00000000-0000-4000-8000-00000000c002',
};

let db: MigrationHandle;

beforeAll(async () => {
  db = await migratedAfter('0017_orders_queue_search', async (old) => {
    await old.exec(`
      insert into orders (id, status, currency, language, number, invoice_info) values
        ('${ids.demo}', 'ACTIVE', 'CHF', 'de-CH', '2026-000001', '{"contact": {"email": "anna.keller@alpenblick-treuhand.example"}}'),
        ('${ids.customer}', 'INVOICED', 'CHF', 'de-CH', '2026-000002', '{"contact": {"email": "buyer@muster.ch"}}'),
        ('${ids.reopened}', 'ORDERED', 'EUR', 'en-US', '2026-000003', '{"contact": {"email": "tester@shop.example"}}');
      insert into order_history (order_id, action, from_status, to_status, actor) values
        ('${ids.demo}', 'BUY', 'SHOPPING_CART', 'ORDERED', 'visitor'),
        ('${ids.demo}', 'INVOICE', 'ORDERED', 'INVOICED', 'system'),
        ('${ids.customer}', 'BUY', 'SHOPPING_CART', 'ORDERED', 'visitor'),
        ('${ids.customer}', 'INVOICE', 'ORDERED', 'INVOICED', 'anna@example.ch'),
        ('${ids.reopened}', 'ABANDON', 'SHOPPING_CART', 'ABANDONED', 'system'),
        ('${ids.reopened}', 'REOPEN', 'ABANDONED', 'SHOPPING_CART', 'visitor'),
        ('${ids.reopened}', 'BUY', 'SHOPPING_CART', 'ORDERED', 'visitor');
    `);
  });
});
afterAll(async () => {
  await db.close();
});

describe('migration 0018', () => {
  it('marks the demo orders made before it, and no other order', async () => {
    const rows = await db.query<{ id: string; demo: boolean }>('select id, demo from orders order by id');
    expect(Object.fromEntries(rows.map((row) => [row.id, row.demo]))).toEqual({ [ids.demo]: true, [ids.customer]: false, [ids.reopened]: false });
  });

  it('leaves a new order unmarked', async () => {
    await db.exec(`insert into orders (status, currency, language) values ('SHOPPING_CART', 'CHF', 'de-CH')`);
    const [row] = await db.query<{ demo: boolean }>(`select demo from orders where status = 'SHOPPING_CART'`);
    expect(row?.demo).toBe(false);
  });
});
