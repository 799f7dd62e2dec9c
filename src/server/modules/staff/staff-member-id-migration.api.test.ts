import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';
import * as repo from './staff.repository.ts';

/**
 * Migration 0020 (docs/decisions/058-tables-owned-by-modules.md): the staff sessions and
 * recovery codes name their staff member in `staff_member_id`, and the views of migration
 * 0015 are dropped. Run on a database migrated to 0019 that holds staff rows (PGlite, or
 * PostgreSQL in the api-postgres project).
 */

const lastBefore = '0019_audit_log_roles';
const annaId = '00000000-0000-4000-8000-0000000000a1';

let db: MigrationHandle;

beforeAll(async () => {
  db = await migratedAfter(lastBefore, async (old) => {
    await old.exec(`
      insert into staff_members (id, email, name, password_hash, role) values ('${annaId}', 'anna@example.ch', 'Anna', 'hash', 'admin');
      insert into staff_sessions (id_hash, user_id, expires_at) values ('session-open', '${annaId}', now() + interval '1 day');
      insert into staff_recovery_codes (user_id, code_hash) values ('${annaId}', 'code-1');
    `);
  });
});
afterAll(() => db.close());

describe('migration 0020', () => {
  it("keeps each session and recovery code with its staff member, under the column's new name", async () => {
    expect((await repo.listActiveSessions(db.db, annaId)).map((session) => session.idHash)).toEqual(['session-open']);
    expect(await repo.useRecoveryCode(db.db, annaId, 'code-1')).toBe(true);

    const columns = await db.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and table_name in ('staff_sessions', 'staff_recovery_codes') and column_name like '%\\_id'
        order by table_name, column_name`,
    );
    expect(columns).toEqual([
      { table: 'staff_recovery_codes', column: 'staff_member_id' },
      { table: 'staff_sessions', column: 'staff_member_id' },
    ]);
    // No index or constraint keeps the old column's name.
    const oldNamed = await db.query(
      `select conname as name from pg_constraint where conname like '%user\\_id%'
        union all select indexname from pg_indexes where indexname like '%user\\_id%'`,
    );
    expect(oldNamed).toEqual([]);
  });

  it('drops the views under the staff tables\' names before migration 0015', async () => {
    expect(await db.query(`select table_name from information_schema.views where table_schema = 'public'`)).toEqual([]);
  });

  it("deletes a staff member's sessions and recovery codes with the account, as before", async () => {
    await db.exec(`delete from staff_members where id = '${annaId}'`);
    expect(await db.query(`select count(*)::int as n from staff_sessions`)).toEqual([{ n: 0 }]);
    expect(await db.query(`select count(*)::int as n from staff_recovery_codes`)).toEqual([{ n: 0 }]);
  });
});
