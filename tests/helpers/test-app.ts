import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App, type AppDependencies } from '#server/app.ts';
import { openDatabase, type Database, type Db } from '#server/db/client.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { readEnv, type Env } from '#server/env.ts';

/**
 * A fresh app on a fresh database for one test file: an in-memory PGlite, or, when the
 * `api-postgres` project runs, a new database on the PostgreSQL server of DATABASE_URL
 * (dropped again afterwards), owned by the role of MIGRATION_DATABASE_URL when that is set,
 * as in production with two roles (docs/product/audit-log.md).
 */
export interface TestApp {
  app: App;
  database: Database;
  env: Env;
  /** The PostgreSQL database of this test file, as the app's role; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The same database as the role that owns the tables; undefined on PGlite and with one role. */
  migrationDatabaseUrl: string | undefined;
  close(): Promise<void>;
}

export interface PostgresTestDatabase {
  /** As the role of DATABASE_URL. */
  url: string;
  /** As the role of MIGRATION_DATABASE_URL, which owns it; undefined when that is unset (one role). */
  migrationUrl: string | undefined;
  drop(): Promise<void>;
}

/** The server's address `baseUrl` with the database `name`. */
function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty database (named `<prefix>_<random>`) on the PostgreSQL server of `appUrl`
 * (DATABASE_URL), made by the role of `ownerUrl` (MIGRATION_DATABASE_URL) when there is one:
 * it owns the database and migrates it, and the app connects as the role of `appUrl`.
 * Answers both addresses of the database, and how to drop it.
 */
export async function createPostgresDatabase(
  prefix = 'shop_test',
  appUrl = process.env.DATABASE_URL ?? '',
  ownerUrl = process.env.MIGRATION_DATABASE_URL || undefined,
): Promise<PostgresTestDatabase> {
  const creatorUrl = ownerUrl ?? appUrl;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: creatorUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(appUrl, name),
    migrationUrl: ownerUrl && withDatabase(ownerUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: creatorUrl });
      await client.connect();
      try {
        // FORCE ends the test's own connections; it may not end an autovacuum worker that
        // happens to be in the database (only a superuser may), so that refusal
        // (insufficient_privilege) is waited out: the worker is done within moments.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs `statement` as the role that owns the tables (`ownerUrl`, the database's
 * MIGRATION_DATABASE_URL), or on `db` where the app's role owns them (PGlite, one role):
 * the DDL a test or a bench needs, which the app's role may not run with two roles.
 */
export async function runAsOwner(statement: string, database: { ownerUrl: string | undefined; db: Db }): Promise<void> {
  if (!database.ownerUrl) {
    await database.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: database.ownerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<AppDependencies, 'mailTransport' | 'logger' | 'distDir' | 'signInDelay'> = {},
): Promise<TestApp> {
  const usePostgres = process.env.TEST_DATABASE === 'postgres';
  const postgres = usePostgres ? await createPostgresDatabase() : undefined;
  const env = readEnv({
    NODE_ENV: 'test',
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: 'tmp/test-data',
    LOG_LEVEL: 'silent',
    CAPTCHA_MAX_NUMBER: '1000',
    // Test files send many forms from one address; the limit has its own test.
    MAIL_FORMS_PER_HOUR: '100000',
    ...overrides,
  });
  const database = await openDatabase({ databaseUrl: postgres?.url, migrationDatabaseUrl: postgres?.migrationUrl, auditRetentionDays: env.AUDIT_RETENTION_DAYS, poolSize: 20 });
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    env,
    databaseUrl: postgres?.url,
    migrationDatabaseUrl: postgres?.migrationUrl,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}
