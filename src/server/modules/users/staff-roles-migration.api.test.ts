import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration, type MigrationDatabase } from '../../../../tests/helpers/migrations.ts';

/**
 * Migration 0013: the staff accounts that existed before roles become admins, new ones
 * are editors; the audit log refuses changes of its rows. Run on a database migrated to
 * the migration before it that holds accounts (PGlite, or PostgreSQL in the api-postgres
 * project).
 */

/** Sorts after every migration numbered 0012 or less (`~` after every letter), before 0013. */
const lastBefore = '0012_~';

let db: MigrationDatabase;
beforeAll(async () => {
  db = await databaseBeforeMigration(lastBefore);
  await db.exec(`
    insert into admin_users (email, name, password_hash) values ('old.one@example.ch', 'Old One', 'x'), ('old.two@example.ch', 'Old Two', 'x');
  `);
  await db.migrateToLatest();
});
afterAll(async () => {
  await db.close();
});

describe('migration 0013', () => {
  it('makes the accounts that existed admins; a new account is an editor; no other role is stored', async () => {
    await db.exec(`insert into admin_users (email, name, password_hash) values ('new.one@example.ch', 'New One', 'x')`);
    const rows = await db.query<{ email: string; role: string }>(`select email, role from admin_users order by email`);
    expect(rows).toEqual([
      { email: 'new.one@example.ch', role: 'editor' },
      { email: 'old.one@example.ch', role: 'admin' },
      { email: 'old.two@example.ch', role: 'admin' },
    ]);
    await expect(db.exec(`update admin_users set role = 'owner' where email = 'new.one@example.ch'`)).rejects.toThrow();
  });

  it('keeps the audit rows: UPDATE and DELETE are refused unless a pseudonymisation or the pruning is declared', async () => {
    await db.exec(`insert into audit_log (actor_email, action, outcome, summary) values ('someone@example.ch', 'test', 'success', 'about someone@example.ch')`);
    await expect(db.exec(`update audit_log set summary = 'rewritten'`)).rejects.toThrow(/never updated/);
    await expect(db.exec(`delete from audit_log`)).rejects.toThrow(/only when pruned/);
    // A pseudonymisation may change the personal columns, never what happened.
    await expect(db.exec(`begin; select set_config('shop.audit_pseudonymise', 'on', true); update audit_log set action = 'other'; commit;`)).rejects.toThrow(/personal columns/);
    await db.exec('rollback');
    await db.exec(`begin; select set_config('shop.audit_pseudonymise', 'on', true); update audit_log set actor_email = 'erased-1', summary = 'about erased-1'; commit;`);
    expect(await db.query(`select actor_email, action, summary from audit_log`)).toEqual([{ actor_email: 'erased-1', action: 'test', summary: 'about erased-1' }]);
    // The declaration lasts for its transaction only.
    await expect(db.exec(`update audit_log set summary = 'again'`)).rejects.toThrow(/never updated/);
  });
});
