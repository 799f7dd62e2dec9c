import { mkdtemp, readdir, readFile, rm, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../../tests/helpers/test-app.ts';

/**
 * Migration 0013: the staff accounts that existed before roles become admins, new ones
 * are editors; the audit log refuses changes of its rows. Run on a database migrated to
 * the migration before it that holds accounts (PGlite, or PostgreSQL in the api-postgres
 * project).
 */

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
/** Sorts after every migration numbered 0012 or less (`~` after every letter), before 0013. */
const lastBefore = '0012_~';

interface Handle {
  query<Row>(text: string): Promise<Row[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openHandle(): Promise<Handle> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase(process.env.DATABASE_URL ?? '');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      query: async <Row>(text: string) => (await client.query(text)).rows as Row[],
      exec: async (text) => void (await client.query(text)),
      migrate: (folder) => migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  // pg_trgm: the orders' search index (migration 0012) needs it.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
    exec: async (text) => void (await client.exec(text)),
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations up to `last`, as the database of a shop before this change had them applied. */
async function migrationsUpTo(last: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  const files = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql') && file <= `${last}.sql`);
  for (const file of files) await cp(path.join(migrationsFolder, file), path.join(folder, file));
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag <= last);
  await cp(path.join(migrationsFolder, 'meta'), path.join(folder, 'meta'), { recursive: true });
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

let db: Handle;
let before: string;
beforeAll(async () => {
  db = await openHandle();
  before = await migrationsUpTo(lastBefore);
  await db.migrate(before);
  await db.exec(`
    insert into admin_users (email, name, password_hash) values ('old.one@example.ch', 'Old One', 'x'), ('old.two@example.ch', 'Old Two', 'x');
  `);
  await db.migrate(migrationsFolder);
});
afterAll(async () => {
  await db.close();
  await rm(before, { recursive: true, force: true });
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
