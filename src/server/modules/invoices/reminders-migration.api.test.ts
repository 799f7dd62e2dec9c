import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';

/**
 * Migration 0021 (docs/decisions/063-reminder-statements.md): each reminder level an
 * invoice reached becomes a record, filled from the reminder mails in the outbox; a level
 * reached without a mail is kept, not counted as sent. Run on a database migrated to 0020
 * (PGlite, or PostgreSQL in the api-postgres project).
 */

const ids = {
  order: '00000000-0000-4000-8000-00000000c001',
  /** Reminded on day 10 and, after downtime, at the final level on day 45. */
  skipped: '00000000-0000-4000-8000-0000000a0001',
  /** A demo order's invoice: its level recorded, never mailed. */
  unmailed: '00000000-0000-4000-8000-0000000a0002',
};

let db: MigrationHandle;

beforeAll(async () => {
  db = await migratedAfter('0020_staff_member_id_and_no_admin_views', async (old) => {
    await old.exec(`
      insert into orders (id, status, currency, language, number) values ('${ids.order}', 'ACTIVE', 'CHF', 'de-CH', '2026-000001');
      insert into invoices (id, order_id, billing_key, number, qr_reference, issued_on, due_on, currency, language, net_minor, vat_minor, gross_minor, vat_rate_bp, reminders_sent, document) values
        ('${ids.skipped}', '${ids.order}', 'first', 'INV-2026-000001', '0', '2026-01-01', '2026-01-31', 'CHF', 'de-CH', 4900, 397, 5297, 810, 3, '{}'),
        ('${ids.unmailed}', '${ids.order}', '2026-02-01', 'INV-2026-000002', '0', '2026-02-01', '2026-03-03', 'CHF', 'de-CH', 4900, 397, 5297, 810, 1, '{}');
      insert into outbox (recipient, subject, kind, payload, order_id, created_at) values
        ('billing@muster.example', 'Zahlungserinnerung', 'invoiceReminder', '{"invoiceId": "${ids.skipped}", "step": 1, "steps": 3}', '${ids.order}', '2026-02-10T07:00:00Z'),
        ('billing@muster.example', 'Letzte Mahnung', 'invoiceReminder', '{"invoiceId": "${ids.skipped}", "step": 3, "steps": 3}', '${ids.order}', '2026-03-16T23:30:00Z');
    `);
  });
});
afterAll(async () => {
  await db.close();
});

describe('migration 0021', () => {
  it('records the reminders that went out on their day in Zurich, and a level reached without a mail as not sent', async () => {
    const rows = await db.query<{ invoice_id: string; level: number; sent_on: string | null; mailed: boolean }>(
      'select invoice_id, level, sent_on::text as sent_on, mailed from invoice_reminders order by invoice_id, level',
    );
    expect(rows.map((row) => [row.invoice_id, row.level, row.sent_on, row.mailed])).toEqual([
      [ids.skipped, 1, '2026-02-10', true],
      // 23:30 UTC on 16 March is 00:30 on 17 March in Zurich.
      [ids.skipped, 3, '2026-03-17', true],
      [ids.unmailed, 1, null, false],
    ]);
  });
});
