import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers, staffRecoveryCodes, staffSessions } from '#server/db/schema.ts';
import { isActiveSession } from '#server/plugins/staff-session.ts';
import { migratedAfter, type MigrationHandle } from '../../../../tests/helpers/migrations.ts';
import * as repo from './staff.repository.ts';

/**
 * Migration 0015 (docs/decisions/048-staff-tables-renamed-with-views.md): the staff tables
 * take their new names, and a view under each old name keeps a copy of the previous version
 * working during a rolling restart. Run on a database migrated to 0014 that holds staff
 * rows (PGlite, or PostgreSQL in the api-postgres project).
 *
 * The previous version's statements are the current query builder's, with the tables under
 * their old names: the previous schema differed in the names only.
 */

const lastBefore = '0014_newsletter_issues';
const renamed = [
  ['staff_members', 'admin_users'],
  ['staff_sessions', 'admin_sessions'],
  ['staff_recovery_codes', 'admin_recovery_codes'],
] as const;

const annaId = '00000000-0000-4000-8000-0000000000a1';

let db: MigrationHandle;

/** Runs a statement as the previous version sends it: the same SQL, the old table names. */
async function asBefore<Row = Record<string, unknown>>(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<Row[]> {
  let { sql: text } = query.toSQL();
  const { params } = query.toSQL();
  for (const [now, old] of renamed) text = text.replaceAll(`"${now}"`, `"${old}"`);
  expect(text).not.toMatch(/"staff_(members|sessions|recovery_codes)"/);
  return db.query<Row>(text, params);
}

/** The previous version's check of a session cookie (src/server/plugins/staff-session.ts): the staff member of an open session. */
const sessionCheck = (idHash: string) =>
  db.db
    .select({ id: staffMembers.id, email: staffMembers.email, role: staffMembers.role })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.userId))
    .where(and(eq(staffSessions.idHash, idHash), isActiveSession()));

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
      { name: 'admin_recovery_codes', kind: 'VIEW' },
      { name: 'admin_sessions', kind: 'VIEW' },
      { name: 'admin_users', kind: 'VIEW' },
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

  it('lets a copy of the previous version read, insert, update and delete staff accounts through the old names', async () => {
    // Its insert of an account: ON CONFLICT on the e-mail, RETURNING the id, the columns it leaves out take their defaults.
    const insertAccount = () =>
      asBefore<{ id: string }>(
        db.db
          .insert(staffMembers)
          .values({ email: 'bruno@example.ch', name: 'Bruno', passwordHash: 'hash' })
          .onConflictDoNothing({ target: staffMembers.email })
          .returning({ id: staffMembers.id }),
      );
    const [inserted] = await insertAccount();
    expect(inserted?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await insertAccount()).toEqual([]);
    expect(await repo.findAccountByEmail(db.db, 'bruno@example.ch')).toMatchObject({ id: inserted?.id, role: 'editor', disabledAt: null });

    // Its reads, and its lock of the active admins.
    expect(await asBefore(db.db.select({ email: staffMembers.email }).from(staffMembers).where(eq(staffMembers.id, annaId)))).toEqual([{ email: 'anna@example.ch' }]);
    expect(
      await asBefore(db.db.select({ id: staffMembers.id }).from(staffMembers).where(and(eq(staffMembers.role, 'admin'), isNull(staffMembers.disabledAt))).orderBy(asc(staffMembers.id)).for('update')),
    ).toEqual([{ id: annaId }]);

    // Its updates (the role, disabling), seen by the current code; a role the check refuses stays refused.
    await asBefore(db.db.update(staffMembers).set({ role: 'viewer', updatedAt: sql`now()` }).where(eq(staffMembers.email, 'bruno@example.ch')));
    await asBefore(db.db.update(staffMembers).set({ disabledAt: sql`coalesce(${staffMembers.disabledAt}, now())` }).where(eq(staffMembers.email, 'bruno@example.ch')));
    expect(await repo.findAccountByEmail(db.db, 'bruno@example.ch')).toMatchObject({ role: 'viewer', disabledAt: expect.any(Date) });
    await expect(asBefore(db.db.update(staffMembers).set({ role: 'owner' as 'admin' }).where(eq(staffMembers.email, 'bruno@example.ch')))).rejects.toThrow();

    // An account the current code adds is there for the previous version too; a deletion through the old name removes it.
    const carla = await repo.insertAccount(db.db, { email: 'carla@example.ch', name: 'Carla', passwordHash: 'hash' });
    expect(await asBefore(db.db.select({ name: staffMembers.name }).from(staffMembers).where(eq(staffMembers.id, carla!)))).toEqual([{ name: 'Carla' }]);
    await asBefore(db.db.delete(staffMembers).where(eq(staffMembers.id, carla!)));
    expect(await repo.findAccountById(db.db, carla!)).toBeUndefined();
  });

  it('lets a copy of the previous version open, check, use and end a session through the old names', async () => {
    await asBefore(
      db.db.insert(staffSessions).values({
        idHash: 'session-before',
        userId: annaId,
        expiresAt: sql`now() + interval '3600 seconds'`,
        pendingSecondFactor: false,
        userAgent: 'Safari',
        clientAddress: '192.0.2.2',
      }),
    );
    // The current code lists it; the previous version's check finds it, and so do the sessions the current code opens.
    expect((await repo.listActiveSessions(db.db, annaId)).map((session) => session.idHash).sort()).toEqual(['session-before', 'session-open']);
    expect(await asBefore(sessionCheck('session-before'))).toEqual([{ id: annaId, email: 'anna@example.ch', role: 'admin' }]);
    await repo.insertSession(db.db, { idHash: 'session-now', userId: annaId, lifetimeSeconds: 3600, pendingSecondFactor: false, userAgent: null, clientAddress: null });
    expect(await asBefore(sessionCheck('session-now'))).toHaveLength(1);

    // Its touch of the last use, and its sign-out (RETURNING the account).
    await asBefore(db.db.update(staffSessions).set({ lastSeenAt: sql`now() + interval '1 minute'` }).where(eq(staffSessions.idHash, 'session-before')));
    expect((await repo.listActiveSessions(db.db, annaId))[0]?.idHash).toBe('session-before');
    const ended = await asBefore(
      db.db
        .update(staffSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(staffSessions.idHash, 'session-before'), isNull(staffSessions.endedAt)))
        .returning({ userId: staffSessions.userId }),
    );
    expect(ended).toEqual([{ user_id: annaId }]);
    expect(await asBefore(sessionCheck('session-before'))).toEqual([]);
    expect((await repo.listActiveSessions(db.db, annaId)).map((session) => session.idHash).sort()).toEqual(['session-now', 'session-open']);

    // A deletion through the old name removes the row of the new table.
    await asBefore(db.db.delete(staffSessions).where(eq(staffSessions.idHash, 'session-before')));
    expect(await db.query(`select id_hash from staff_sessions where id_hash = 'session-before'`)).toEqual([]);
  });

  it('lets a copy of the previous version replace, use and delete recovery codes through the old names', async () => {
    // Its replacement of the codes at enrolment: delete, then insert (the id from its default).
    await asBefore(db.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, annaId)));
    await asBefore(db.db.insert(staffRecoveryCodes).values(['new-1', 'new-2', 'new-3'].map((codeHash) => ({ userId: annaId, codeHash }))));
    expect(await db.query(`select code_hash from staff_recovery_codes where user_id = '${annaId}' order by code_hash`)).toEqual([
      { code_hash: 'new-1' },
      { code_hash: 'new-2' },
      { code_hash: 'new-3' },
    ]);

    // Its use of a code (once: RETURNING tells), and the current code's use of the same code afterwards.
    const useBefore = (codeHash: string) =>
      asBefore(
        db.db
          .update(staffRecoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(staffRecoveryCodes.userId, annaId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
          .returning({ id: staffRecoveryCodes.id }),
      );
    expect(await useBefore('new-1')).toHaveLength(1);
    expect(await useBefore('new-1')).toEqual([]);
    expect(await repo.useRecoveryCode(db.db, annaId, 'new-1')).toBe(false);
    expect(await repo.useRecoveryCode(db.db, annaId, 'new-2')).toBe(true);
    expect(await useBefore('new-2')).toEqual([]);

    // Its deletion of one code.
    await asBefore(db.db.delete(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.userId, annaId), eq(staffRecoveryCodes.codeHash, 'new-3'))));
    expect(await repo.useRecoveryCode(db.db, annaId, 'new-3')).toBe(false);
    expect(await db.query(`select count(*)::int as n from staff_recovery_codes where user_id = '${annaId}'`)).toEqual([{ n: 2 }]);
  });
});
