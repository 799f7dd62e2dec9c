import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App, type AppDependencies } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { readEnv, type Env } from '#server/env.ts';

/**
 * A fresh app on a fresh database for one test file: an in-memory PGlite, or, when the
 * `api-postgres` project runs, a new database on the PostgreSQL server of DATABASE_URL
 * (dropped again afterwards).
 */
export interface TestApp {
  app: App;
  database: Database;
  env: Env;
  /** The PostgreSQL database of this test file; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of `baseUrl` (named `<prefix>_<random>`), and how to drop it. */
export async function createPostgresDatabase(baseUrl: string, prefix = 'shop_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
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

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<AppDependencies, 'mailTransport' | 'logger' | 'distDir' | 'signInDelay'> = {},
): Promise<TestApp> {
  const usePostgres = process.env.TEST_DATABASE === 'postgres';
  const postgres = usePostgres ? await createPostgresDatabase(process.env.DATABASE_URL ?? '') : undefined;
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
  const database = await openDatabase({ databaseUrl: postgres?.url, poolSize: 20 });
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    env,
    databaseUrl: postgres?.url,
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}
