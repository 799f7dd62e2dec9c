import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { holdDataFolder } from './data-folder-lock.ts';
import { openPgliteClient } from './pglite-client.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;

/**
 * Where a statement waited before the database ran it: for a connection of the pool
 * (PostgreSQL; a new one is opened while the pool has room), for a running transaction to
 * end, or in the database thread behind the statements sent before it (PGlite).
 */
export type DatabaseWait = 'pool' | 'lock' | 'queue';
/** The query builder; the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Only where this process alone writes to the database (PGlite): a count that grows
   * with every statement that may change data, so an answer read at one count still holds
   * while the count is the same (unchanged-cache.ts). PostgreSQL may be shared by several
   * copies of the server, so it has none.
   */
  writeCount?: () => number;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Hands each wait to `listener` (the metrics, src/server/plugins/metrics.ts); one listener at a time. */
  watchWaits(listener: (wait: DatabaseWait, seconds: number) => void): void;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: held while migrating, so two starting processes never migrate at once. */
const migrationLockId = 727_001;

export interface DatabaseOptions {
  /** `postgres://…` to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.pgliteDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // A DATA_DIR that does not exist yet is made, parents included: PGlite makes only the last folder.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process at a time: a second one would corrupt the folder (data-folder-lock.ts).
  const letGo = dataDir ? holdDataFolder(dataDir) : () => {};
  // PGlite opens and migrates in its own thread (pglite-client.ts).
  const client = await openPgliteClient({ dataDir, migrationsFolder }).catch((error: unknown) => {
    letGo();
    throw error;
  });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    writeCount: client.writeCount,
    ping: () => ping(db as unknown as Db),
    watchWaits: client.watchWaits,
    close: () => client.close().finally(letGo),
  };
}

/**
 * PostgreSQL's driver, loaded only when one is used: a start on the embedded database does
 * without the time it takes to load (docs/decisions/052-quick-start.md).
 */
async function postgresDriver() {
  const [{ default: pgModule }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg: pgModule, drizzle, migrate };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const driver = await postgresDriver();
  await migratePostgres(driver, connectionString);
  const pool = new driver.pg.Pool({ connectionString, max });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', prepareEveryStatement);
  const waits = timeConnectionWaits(pool);
  const db = driver.drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () => ping(db as unknown as Db),
    watchWaits: waits.watch,
    close: () => pool.end(),
  };
}

/** Statement texts given a name; beyond this many, further texts run unnamed (planned each time). */
const maxNamedStatements = 1_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < maxNamedStatements) {
    name = `s_${createHash('sha1').update(text).digest('hex')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Names every statement after its text, so node-postgres prepares it once per connection
 * and then only binds and executes it: PostgreSQL plans the cart's query in longer than it
 * runs it (docs/decisions/017-pglite-prepared-statements.md). The name is a hash of the
 * text, so one name never stands for two statements.
 */
function prepareEveryStatement(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const named = (config: unknown) => {
    if (typeof config !== 'object' || config === null) return config;
    const { text, name } = config as { text?: unknown; name?: unknown };
    if (typeof text !== 'string' || name !== undefined) return config;
    const given = statementName(text);
    return given ? { ...config, name: given } : config;
  };
  Object.assign(client, { query: (config: unknown, ...rest: unknown[]) => query(named(config), ...rest) });
}

type PoolConnect = (callback: (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error) => void) => void) => void;

/**
 * Times each wait for a connection of the pool: every statement outside a transaction
 * takes one through `connect` (pg's `pool.query` calls it too), and so does a transaction.
 */
function timeConnectionWaits(pool: pg.Pool): { watch(listener: (wait: 'pool', seconds: number) => void): void } {
  let listener: ((wait: 'pool', seconds: number) => void) | undefined;
  const connect = (pool.connect as unknown as PoolConnect).bind(pool);
  const timedConnect = (callback?: Parameters<PoolConnect>[0]): Promise<pg.PoolClient> | void => {
    const asked = performance.now();
    const waited = () => listener?.('pool', (performance.now() - asked) / 1000);
    if (callback) {
      connect((error, client, release) => {
        waited();
        callback(error, client, release);
      });
      return;
    }
    return new Promise((resolve, reject) =>
      connect((error, client) => {
        waited();
        if (error || !client) reject(error ?? new Error('no connection'));
        else resolve(client);
      }),
    );
  };
  Object.assign(pool, { connect: timedConnect });
  return {
    watch(next) {
      listener = next;
    },
  };
}

async function migratePostgres(driver: Awaited<ReturnType<typeof postgresDriver>>, connectionString: string): Promise<void> {
  const client = new driver.pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    await driver.migrate(driver.drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
    await client.end();
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
