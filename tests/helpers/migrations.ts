import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { createPostgresDatabase } from './test-app.ts';

/**
 * What the tests of one migration need: a database of their own (PGlite, or PostgreSQL
 * in the api-postgres project), migrated up to the migration before the one under test,
 * filled the way the previous version would have, then migrated to the end (`migratedAfter`).
 */

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');

export interface MigrationHandle {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  /** The query builder of the current code, on the same connection. */
  db: Db;
  close(): Promise<void>;
}

async function openMigrationHandle(): Promise<MigrationHandle> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    // As the role that migrates (the owner, when there are two).
    const client = new pg.Client({ connectionString: database.migrationUrl ?? database.url });
    await client.connect();
    return {
      query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
      exec: async (text) => void (await client.query(text)),
      migrate: (folder) => migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder }),
      db: drizzleNodePg({ client, schema }) as unknown as Db,
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  // pg_trgm: the orders' search index (migration 0012) needs it.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    exec: async (text) => void (await client.exec(text)),
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    db: drizzlePglite({ client, schema }) as unknown as Db,
    close: () => client.close(),
  };
}

/**
 * A database of its own migrated up to `lastBefore` (a tag, or a prefix that sorts after
 * it such as `0012_~`), filled by `fill` as a shop before the change would be, then
 * migrated to the end. Close it after the tests.
 */
export async function migratedAfter(lastBefore: string, fill: (db: MigrationHandle) => Promise<void>): Promise<MigrationHandle> {
  const db = await openMigrationHandle();
  const before = await migrationsUpTo(lastBefore);
  try {
    await db.migrate(before);
    await fill(db);
    await db.migrate(migrationsFolder);
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  return db;
}

/** A copy of the migrations up to `last`, as the database of a shop before the change had them applied. */
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
