import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * Who may change the audit log (docs/product/audit-log.md). On PostgreSQL the API tests run
 * with two roles, as .ci/run sets them up: the app's role (DATABASE_URL) may add and read
 * rows and call the two functions of migration 0019, nothing else. The table's guard,
 * which stops the accidents of whoever may write to it, is tried as the owner there, and
 * as PGlite's one role.
 */

const onPostgres = process.env.TEST_DATABASE === 'postgres';

let t: TestApp;
/** The owner's connection on PostgreSQL; PGlite's one connection otherwise. */
let owner: Db;
let ownerClient: pg.Client | undefined;
beforeAll(async () => {
  t = await createTestApp();
  if (onPostgres) {
    if (!t.migrationDatabaseUrl) throw new Error('The API tests on PostgreSQL run with two roles: set MIGRATION_DATABASE_URL as well (.ci/run).');
    ownerClient = new pg.Client({ connectionString: t.migrationDatabaseUrl });
    await ownerClient.connect();
    owner = drizzle({ client: ownerClient }) as unknown as Db;
  } else {
    owner = t.database.db;
  }
});
afterAll(async () => {
  await ownerClient?.end();
  await t.close();
});

/** The database's own words for refusing `statement`, which must be refused. */
async function refusal(statement: () => Promise<unknown>): Promise<string> {
  try {
    await statement();
  } catch (error) {
    // Drizzle wraps the driver's error; the database's message is the innermost one.
    let inner: unknown = error;
    while (inner instanceof Error && inner.cause) inner = inner.cause;
    return inner instanceof Error ? inner.message : String(inner);
  }
  throw new Error('the statement was not refused');
}

/** `statements` in one transaction of `db`. */
const inTransaction = (db: Db, ...statements: string[]) =>
  db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });

/** A row of `daysAgo` days ago, added as the app adds rows; answers its id. */
async function addRow(action: string, daysAgo: number, actorEmail = 'system'): Promise<string> {
  const [row] = await t.database.db
    .insert(auditLog)
    .values({ at: sql`now() - make_interval(days => ${daysAgo}::int)`, actorEmail, action, outcome: 'success', summary: `about ${actorEmail}`, clientAddress: '10.9.8.7' })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** The rows of a statement of `t.database.db.execute`. */
async function rowsOf(statement: SQL): Promise<Record<string, unknown>[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const actions = async (prefix: string) =>
  (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(sql`${auditLog.action} like ${`${prefix}%`}`).orderBy(auditLog.action)).map(
    (row) => row.action,
  );

describe.skipIf(!onPostgres)("the app's role on PostgreSQL", () => {
  it('may add and read rows, nothing else; another role owns the table', async () => {
    const [rights] = await rowsOf(sql`
        select current_user as me, (select tableowner from pg_tables where schemaname = 'public' and tablename = 'audit_log') as owner,
               has_table_privilege('audit_log', 'INSERT') as insert, has_table_privilege('audit_log', 'SELECT') as select,
               has_table_privilege('audit_log', 'UPDATE') as update, has_table_privilege('audit_log', 'DELETE') as delete,
               has_table_privilege('audit_log', 'TRUNCATE') as truncate, has_table_privilege('audit_log', 'TRIGGER') as trigger,
               has_table_privilege('audit_log_settings', 'UPDATE') as settings,
               has_function_privilege('audit_log_prune()', 'EXECUTE') as prune,
               has_function_privilege('audit_log_pseudonymise(text, uuid, text)', 'EXECUTE') as pseudonymise`);
    expect(rights).toMatchObject({ insert: true, select: true, update: false, delete: false, truncate: false, trigger: false, settings: false, prune: true, pseudonymise: true });
    expect(rights?.owner).not.toBe(rights?.me);
    // The app's other tables are its own to change.
    const [orders] = await rowsOf(sql`select has_table_privilege('orders', 'UPDATE') as update, has_table_privilege('orders', 'DELETE') as delete`);
    expect(orders).toEqual({ update: true, delete: true });
  });

  it('is refused UPDATE, DELETE, TRUNCATE and DISABLE TRIGGER, also with the declarations of the pseudonymisation and the pruning', async () => {
    const db = t.database.db;
    await addRow('roles.kept', 800, 'kept@example.ch');
    const denied = /permission denied for table audit_log/;
    expect(await refusal(() => db.execute(sql`update audit_log set summary = 'rewritten'`))).toMatch(denied);
    expect(await refusal(() => db.execute(sql`delete from audit_log`))).toMatch(denied);
    expect(await refusal(() => db.execute(sql`truncate audit_log`))).toMatch(denied);
    expect(await refusal(() => inTransaction(db, `select set_config('shop.audit_pseudonymise', 'on', true)`, `update audit_log set actor_email = 'someone.else@example.ch'`))).toMatch(denied);
    expect(await refusal(() => inTransaction(db, `select set_config('shop.audit_prune', 'on', true)`, 'delete from audit_log'))).toMatch(denied);
    expect(await refusal(() => inTransaction(db, `set session_replication_role = replica`, 'delete from audit_log'))).toMatch(/permission denied/);
    expect(await refusal(() => db.execute(sql`alter table audit_log disable trigger audit_log_append_only`))).toMatch(/must be owner of table audit_log/);
    expect(await refusal(() => db.execute(sql`alter table audit_log disable trigger all`))).toMatch(/must be owner of table audit_log/);
    expect(await refusal(() => db.execute(sql`drop table audit_log`))).toMatch(/must be owner of table audit_log/);
    // Nor can it shorten the retention, or put other functions in place of the two.
    expect(await refusal(() => db.execute(sql`update audit_log_settings set retention_days = 1`))).toMatch(/permission denied for table audit_log_settings/);
    expect(await refusal(() => db.execute(sql`create or replace function audit_log_prune() returns integer language sql as 'select 0'`))).toMatch(/permission denied for schema public/);
    expect(await refusal(() => db.execute(sql`alter function audit_log_pseudonymise(text, uuid, text) security invoker`))).toMatch(/must be owner of function audit_log_pseudonymise/);
    // The row is as it was.
    const [row] = await db.select().from(auditLog).where(sql`${auditLog.action} = 'roles.kept'`);
    expect(row).toMatchObject({ actorEmail: 'kept@example.ch', summary: 'about kept@example.ch', clientAddress: '10.9.8.7' });
  });

  it('pseudonymises and prunes through the functions, which do only that', async () => {
    const db = t.database.db;
    await addRow('prune.old', 800);
    await addRow('prune.inside', 729);
    await addRow('prune.recent', 1);
    expect(await t.app.audit.prune()).toBeGreaterThanOrEqual(1);
    expect(await actions('prune.')).toEqual(['prune.inside', 'prune.recent']);

    await addRow('erase.person', 3, 'Paula@Example.ch');
    await db.transaction((tx) => t.app.audit.pseudonymise({ email: 'paula@example.ch', contactId: null }, tx));
    const [row] = await db.select().from(auditLog).where(sql`${auditLog.action} = 'erase.person'`);
    expect(row?.actorEmail).toMatch(/^erased-[0-9a-f]{16}$/);
    expect(row).toMatchObject({ summary: `about ${row?.actorEmail}`, clientAddress: null });

    // Called directly, they take only an e-mail address and a pseudonym of their form.
    const pseudonym = 'erased-0123456789abcdef';
    expect(await refusal(() => db.execute(sql`select audit_log_pseudonymise('e', null, ${pseudonym})`))).toMatch(/takes an e-mail address/);
    expect(await refusal(() => db.execute(sql`select audit_log_pseudonymise('kept@example.ch', null, 'innocent@example.ch')`))).toMatch(/takes a pseudonym/);
  });
});

describe("the table's guard against accidents (the owner on PostgreSQL, PGlite's one role)", () => {
  it('refuses UPDATE, DELETE and TRUNCATE, a change of what happened, and the pruning of rows inside the retention period', async () => {
    await addRow('guard.recent', 2, 'gina@example.ch');
    expect(await refusal(() => owner.execute(sql`update audit_log set summary = 'rewritten'`))).toMatch(/never updated/);
    expect(await refusal(() => owner.execute(sql`delete from audit_log`))).toMatch(/only when pruned/);
    expect(await refusal(() => owner.execute(sql`truncate audit_log`))).toMatch(/never truncated/);
    expect(await refusal(() => inTransaction(owner, `select set_config('shop.audit_pseudonymise', 'on', true)`, `update audit_log set action = 'other'`))).toMatch(
      /personal columns/,
    );
    expect(await refusal(() => inTransaction(owner, `select set_config('shop.audit_prune', 'on', true)`, `delete from audit_log where action = 'guard.recent'`))).toMatch(
      /retention period/,
    );
    expect(await actions('guard.')).toEqual(['guard.recent']);
  });

  it('prunes through the function only the rows past the retention period', async () => {
    await addRow('retention.old', 731);
    await addRow('retention.inside', 700);
    expect(await t.app.audit.prune()).toBeGreaterThanOrEqual(1);
    expect(await actions('retention.')).toEqual(['retention.inside']);
  });
});
