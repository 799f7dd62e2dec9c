import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';
import * as repo from './staff.repository.ts';

/**
 * Migration 0015 (docs/decisions/048-staff-tables-renamed-with-views.md): the staff tables
 * take their new names. Run on a database migrated to 0014 that holds staff rows (PGlite,
 * or PostgreSQL in the api-postgres project), then to the end. The views under the old
 * names that kept a copy of the previous version working during a rolling restart are
 * gone since migration 0020 (docs/decisions/058-tables-owned-by-modules.md).
 */

const lastBefore = '0014_newsletter_issues';

const annaId = '00000000-0000-4000-8000-0000000000a1';

let db: MigrationHandle;

beforeAll(async () => {
  db = await migratedAfter(lastBefore, async (old) => {
    // A staff member with an open session, a session that waits for the second factor, two recovery codes and a saved view.
    await old.exec(`
      insert into admin_users (id, email, name, password_hash, role, totp_secret, totp_enabled_at)
        values ('${annaId}', 'anna@example.ch', 'Anna', 'hash', 'admin', 'sealed', now());
      insert into admin_sessions (id_hash, user_id, expires_at, user_agent, client_address)
        values ('session-open', '${annaId}', now() + interval '1 day', 'Firefox', '192.0.2.1');
      insert into admin_sessions (id_hash, user_id, expires_at, pending_second_factor)
        values ('session-pending', '${annaId}', now() + interval '1 day', true);
      insert into admin_recovery_codes (user_id, code_hash) values ('${annaId}', 'code-1'), ('${annaId}', 'code-2');
      insert into saved_views (owner_id, name, view) values ('${annaId}', 'Mine', '{}');
    `);
  });
});
afterAll(() => db.close());

describe('migration 0015', () => {
  it('moves the staff rows to staff_members, staff_sessions and staff_recovery_codes, where the current code finds them', async () => {
    const anna = await repo.findAccountByEmail(db.db, 'anna@example.ch');
    expect(anna).toMatchObject({ id: annaId, name: 'Anna', role: 'admin', totpSecret: 'sealed' });
    expect((await repo.listActiveSessions(db.db, annaId)).map((session) => session.idHash)).toEqual(['session-open']);
    expect(await repo.findPendingSessionAccount(db.db, 'session-pending')).toMatchObject({ email: 'anna@example.ch' });
    expect(await repo.useRecoveryCode(db.db, annaId, 'code-1')).toBe(true);
    expect(await repo.useRecoveryCode(db.db, annaId, 'code-1')).toBe(false);
    expect(await repo.lockActiveAdmins(db.db)).toEqual([annaId]);

    const relations = await db.query<{ name: string; kind: string }>(
      `select table_name as name, table_type as kind from information_schema.tables
        where table_schema = 'public' and (table_name like 'staff\\_%' or table_name like 'admin\\_%') order by table_name`,
    );
    expect(relations).toEqual([
      { name: 'staff_invitations', kind: 'BASE TABLE' },
      { name: 'staff_members', kind: 'BASE TABLE' },
      { name: 'staff_recovery_codes', kind: 'BASE TABLE' },
      { name: 'staff_sessions', kind: 'BASE TABLE' },
    ]);
    // The keys, indexes and constraints moved with their tables: none is named after the old ones.
    const oldNamed = await db.query(
      `select conname as name from pg_constraint where conname like '%admin\\_users%' or conname like 'admin\\_%'
        union all select indexname from pg_indexes where indexname like 'admin\\_%'`,
    );
    expect(oldNamed).toEqual([]);
    // A saved view still belongs to its owner, and goes with the account.
    expect(await db.query(`select name from saved_views where owner_id = '${annaId}'`)).toEqual([{ name: 'Mine' }]);
  });
});
