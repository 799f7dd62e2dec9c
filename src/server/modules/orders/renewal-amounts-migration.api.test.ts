import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';

/**
 * Migration 0022 (docs/decisions/057-money-in-one-type.md): a renewal's history row keeps
 * what fell due as money, minor units with the order's currency, as rows are written now;
 * rows written before held major units. Run on a database migrated to 0020 (PGlite, or
 * PostgreSQL in the api-postgres project).
 */

const ids = {
  chf: '00000000-0000-4000-8000-00000000a001',
  eur: '00000000-0000-4000-8000-00000000a002',
};

let db: MigrationHandle;

beforeAll(async () => {
  db = await migratedAfter('0020_staff_member_id_and_no_admin_views', async (old) => {
    await old.exec(`
      insert into orders (id, status, currency, language, number) values
        ('${ids.chf}', 'ACTIVE', 'CHF', 'de-CH', '2026-000001'),
        ('${ids.eur}', 'ACTIVE', 'EUR', 'en-US', '2026-000002');
      insert into order_history (order_id, action, from_status, to_status, actor, data) values
        ('${ids.chf}', 'PAY', 'INVOICED', 'ACTIVE', 'anna@example.ch', '{"amount": 52.97, "date": "2026-01-31"}'),
        ('${ids.chf}', 'RENEW', 'ACTIVE', 'ACTIVE', 'billing', '{"amountDue": 52.97, "periodStart": "2026-02-28", "periodEnd": "2026-03-31"}'),
        ('${ids.eur}', 'RENEW', 'ACTIVE', 'ACTIVE', 'billing', '{"amountDue": 1234.5, "periodStart": "2026-02-01", "periodEnd": "2026-03-01"}');
    `);
  });
});
afterAll(async () => {
  await db.close();
});

describe('migration 0022', () => {
  it("turns each renewal's amount due into minor units with the order's currency, and leaves every other row as it was", async () => {
    const rows = await db.query<{ order_id: string; action: string; data: Record<string, unknown> }>('select order_id, action, data from order_history order by order_id, action');
    expect(rows.map((row) => [row.order_id, row.action, row.data])).toEqual([
      [ids.chf, 'PAY', { amount: 52.97, date: '2026-01-31' }],
      [ids.chf, 'RENEW', { amountDue: { minor: 5297, currency: 'CHF' }, periodStart: '2026-02-28', periodEnd: '2026-03-31' }],
      [ids.eur, 'RENEW', { amountDue: { minor: 123450, currency: 'EUR' }, periodStart: '2026-02-01', periodEnd: '2026-03-01' }],
    ]);
  });
});
