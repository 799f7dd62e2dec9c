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
  /**
   * With `databaseUrl`: the same database as the role that owns the tables. It migrates
   * and grants the role of `databaseUrl` what the app needs (`grantAppRole`); the app's
   * connections use `databaseUrl` alone. Unset: that role migrates and owns everything.
   */
  migrationDatabaseUrl?: string | undefined;
  /** AUDIT_RETENTION_DAYS, written for the audit log's pruning by the role that migrates; undefined leaves it as it is. */
  auditRetentionDays?: number | undefined;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { databaseUrl, migrationDatabaseUrl, auditRetentionDays } = options;
  if (!databaseUrl) return openPglite(options.pgliteDir, auditRetentionDays);
  const appRole = migrationDatabaseUrl ? decodeURIComponent(new URL(databaseUrl).username) : undefined;
  if (appRole === '') throw new Error("With MIGRATION_DATABASE_URL, DATABASE_URL names the app's role.");
  return openPostgres(databaseUrl, options.poolSize ?? 10, { url: migrationDatabaseUrl ?? databaseUrl, appRole, auditRetentionDays });
}

/** The audit log's retention, which its pruning function reads (migration 0019). */
const recordAuditRetention = 'UPDATE audit_log_settings SET retention_days = $1';

async function openPglite(dataDir: string | undefined, auditRetentionDays: number | undefined): Promise<Database> {
  // A DATA_DIR that does not exist yet is made, parents included: PGlite makes only the last folder.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process at a time: a second one would corrupt the folder (data-folder-lock.ts).
  const letGo = dataDir ? holdDataFolder(dataDir) : () => {};
  // PGlite opens and migrates in its own thread (pglite-client.ts).
  const client = await openPgliteClient({ dataDir, migrationsFolder }).catch((error: unknown) => {
    letGo();
    throw error;
  });
  // PGlite has one role: the app's is the owner, and the audit log is kept against accidents only.
  if (auditRetentionDays !== undefined) {
    await client.query(recordAuditRetention, [auditRetentionDays]).catch(async (error: unknown) => {
      await client.close().finally(letGo);
      throw error;
    });
  }
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

async function openPostgres(connectionString: string, max: number, migration: Migration): Promise<Database> {
  const driver = await postgresDriver();
  await migratePostgres(driver, migration);
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

/** Who migrates (`url`), and to whom it grants the app's rights (`appRole`; undefined: one role does all). */
interface Migration {
  url: string;
  appRole: string | undefined;
  auditRetentionDays: number | undefined;
}

async function migratePostgres(driver: Awaited<ReturnType<typeof postgresDriver>>, migration: Migration): Promise<void> {
  const client = new driver.pg.Client({ connectionString: migration.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    if (migration.appRole) await checkRoles(client, migration.appRole);
    await driver.migrate(driver.drizzle({ client }), { migrationsFolder });
    if (migration.auditRetentionDays !== undefined) await client.query(recordAuditRetention, [migration.auditRetentionDays]);
    if (migration.appRole) await grantAppRole(client, migration.appRole);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
    await client.end();
  }
}

/**
 * Refuses two roles that would not keep the audit log from the app: tables that another
 * role owns (a database migrated by the app's role before: its owner hands them over
 * once), or an app's role that is a superuser or a member of the owner's role.
 */
async function checkRoles(client: pg.Client, appRole: string): Promise<void> {
  const { rows: tables } = await client.query<{ owner: string; me: string }>(
    `select tableowner as owner, current_user as me from pg_catalog.pg_tables where schemaname = 'public' and tablename = 'audit_log'`,
  );
  const table = tables[0];
  if (table && table.owner !== table.me) {
    throw new Error(
      `The tables belong to the role ${table.owner}, not to the role of MIGRATION_DATABASE_URL (${table.me}). ` +
        `Hand them over once, as a superuser in this database: REASSIGN OWNED BY ${client.escapeIdentifier(table.owner)} TO ${client.escapeIdentifier(table.me)}; (docs/product/audit-log.md)`,
    );
  }
  const { rows } = await client.query<{ superuser: boolean; member: boolean }>(
    `select rolsuper as superuser, pg_has_role($1, current_user, 'MEMBER') as member from pg_catalog.pg_roles where rolname = $1`,
    [appRole],
  );
  const role = rows[0];
  if (!role) throw new Error(`The role of DATABASE_URL (${appRole}) does not exist.`);
  if (role.superuser || role.member) {
    throw new Error(`The role of DATABASE_URL (${appRole}) is ${role.superuser ? 'a superuser' : 'a member of the role of MIGRATION_DATABASE_URL'}: it could rewrite the audit log. Give the app a role of its own.`);
  }
}

/**
 * What the app's role may do, granted again at every start (tables of new migrations,
 * and a restore, which brings no grants, get theirs): read and write every table, but on
 * the audit log only add and read rows (and read its retention); its pseudonymisation and
 * pruning go through the two functions of migration 0019, which run as the owner. In one
 * transaction, so the app's role never holds more for a moment.
 */
async function grantAppRole(client: pg.Client, appRole: string): Promise<void> {
  const role = client.escapeIdentifier(appRole);
  const functions = 'audit_log_prune(), audit_log_pseudonymise(text, uuid, text)';
  await client.query(`
    BEGIN;
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
    REVOKE ALL ON audit_log, audit_log_settings FROM ${role};
    GRANT SELECT, INSERT ON audit_log TO ${role};
    GRANT SELECT ON audit_log_settings TO ${role};
    REVOKE EXECUTE ON FUNCTION ${functions} FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION ${functions} TO ${role};
    COMMIT;`);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
