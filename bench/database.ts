import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { openDatabase, type Database } from '#server/db/client.ts';
import { readEnv, type Env } from '#server/env.ts';
import { createPostgresDatabase, type PostgresTestDatabase } from '../tests/helpers/test-app.ts';

/*
 * The database and settings of a bench that builds the app in its own process
 * (billing.ts, orders-list.ts, sign-in.ts): a database of its own, made for the run and
 * gone afterwards, whatever the run's outcome.
 */

/**
 * Opens a new database on the PostgreSQL server of `baseUrl` (`shop_bench_…`, a pool of 10
 * connections), runs `bench` with it and its addresses (as the app's role, and as the
 * owner's when MIGRATION_DATABASE_URL names one), then closes and drops it.
 */
export async function withPostgresBenchDatabase<T>(baseUrl: string, bench: (database: Database, postgres: PostgresTestDatabase) => Promise<T>): Promise<T> {
  const postgres = await createPostgresDatabase('shop_bench', baseUrl);
  try {
    const database = await openDatabase({ databaseUrl: postgres.url, migrationDatabaseUrl: postgres.migrationUrl, poolSize: 10 });
    try {
      return await bench(database, postgres);
    } finally {
      await database.close();
    }
  } finally {
    await postgres.drop();
  }
}

/** Opens PGlite in a fresh data folder (`folder`/pgdata, as `npm start` keeps it), runs `bench` with it, then closes it and removes the folder. */
export async function withPgliteBenchDatabase<T>(folder: string, bench: (database: Database) => Promise<T>): Promise<T> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(`${folder}/pgdata`, { recursive: true });
  const database = await openDatabase({ pgliteDir: `${folder}/pgdata` });
  try {
    return await bench(database);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The settings of an app a bench builds in its own process: a fresh secret, no logs, and
 * captchas quick to solve beforehand (their solving is not what is measured).
 */
export function benchEnv(dataDir: string, overrides: Record<string, string> = {}): Env {
  return readEnv({ NODE_ENV: 'test', SECRET_KEY: randomBytes(32).toString('hex'), DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', ...overrides });
}

/** DATABASE_URL, for a bench run on its own that needs a PostgreSQL server; without it, says so and exits. */
export function postgresUrlOrExit(): string {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error('Set DATABASE_URL to a PostgreSQL server (postgres://user:password@host:5432/db).');
    process.exit(1);
  }
  return baseUrl;
}
