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
import { createPostgresDatabase } from './test-app.ts';

/*
 * For the tests of one migration (`*-migration.api.test.ts`): a database of a shop as it
 * was before the migration, to fill with the rows the migration must carry over, then
 * migrated to the latest schema. Like createTestApp, on PGlite, or on a new database of
 * DATABASE_URL's PostgreSQL server in the api-postgres project.
 *
 *   const db = await databaseBeforeMigration('0012_~');   // everything up to 0012
 *   await db.exec(`insert into …`);
 *   await db.migrateToLatest();
 *   expect(await db.query(`select …`)).toEqual(…);
 *   await db.close();                                      // in afterAll
 */

/** The shop's migrations (src/server/db/migrations) with their drizzle journal. */
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');

/** A database for a migration's test, spoken to in plain SQL. */
export interface MigrationDatabase {
  /** One statement's rows. */
  query<Row>(text: string): Promise<Row[]>;
  /** Several statements at once. */
  exec(text: string): Promise<void>;
  /** Applies every migration not applied yet, up to the latest. */
  migrateToLatest(): Promise<void>;
  /** Closes the connection, drops the PostgreSQL database and removes the copied migrations. */
  close(): Promise<void>;
}

interface Connection {
  query<Row>(text: string): Promise<Row[]>;
  exec(text: string): Promise<void>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database: PGlite (with pg_trgm, which the orders' search index of migration 0012 needs), or a new PostgreSQL one. */
async function openEmptyDatabase(): Promise<Connection> {
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
  const client = await PGlite.create({ extensions: { pg_trgm } });
  return {
    query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
    exec: async (text) => void (await client.exec(text)),
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * A temporary copy of the migrations whose tag sorts at or before `last` (files and
 * journal), as a shop before the change had them applied. The caller removes the folder.
 */
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

/**
 * A new database migrated up to `lastBefore`, the tag of the last migration before the
 * one under test (`'0008_rate_limits'`), or a prefix that sorts after every tag to keep
 * and before the tested one (`'0012_~'`: `~` sorts after every letter). Tags compare as
 * strings, so the number alone (`'0012'`) would keep nothing of 0012.
 */
export async function databaseBeforeMigration(lastBefore: string): Promise<MigrationDatabase> {
  const connection = await openEmptyDatabase();
  const before = await migrationsUpTo(lastBefore);
  try {
    await connection.migrate(before);
  } catch (error) {
    await connection.close();
    await rm(before, { recursive: true, force: true });
    throw error;
  }
  return {
    query: (text) => connection.query(text),
    exec: (text) => connection.exec(text),
    migrateToLatest: () => connection.migrate(migrationsFolder),
    close: async () => {
      await connection.close();
      await rm(before, { recursive: true, force: true });
    },
  };
}
