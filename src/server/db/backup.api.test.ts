import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { readEnv, secretKeyFile } from '#server/env.ts';
import { solveCaptcha } from '../../../tests/helpers/captcha.ts';
import { createPostgresDatabase } from '../../../tests/helpers/test-app.ts';
import { startXsrfSession } from '../../../tests/helpers/xsrf.ts';
import { BackupError, restoreBackup } from './backup.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them: carts and orders made
 * through the API, backed up, restored into a new DATA_DIR (and, on PostgreSQL, a new
 * database), and served again the same, with the same secret key.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const folder = path.join(root, `tmp/backup-test-${process.pid}`);
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const dropLater: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropLater) await drop();
  rmSync(folder, { recursive: true, force: true });
});

/** Where a copy of the shop keeps its data: DATA_DIR, and DATABASE_URL (and MIGRATION_DATABASE_URL, with two roles) on PostgreSQL. */
interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
}

async function newPlace(name: string): Promise<Place> {
  const dataDir = path.join(folder, name);
  rmSync(dataDir, { recursive: true, force: true });
  if (!onPostgres) return { dataDir, databaseUrl: undefined, migrationDatabaseUrl: undefined };
  const database = await createPostgresDatabase();
  dropLater.push(database.drop);
  return { dataDir, databaseUrl: database.url, migrationDatabaseUrl: database.migrationUrl };
}

/** The shop on a place, as `npm start` opens it: SECRET_KEY unset, so DATA_DIR keeps the key. */
async function openShop(place: Place): Promise<{ app: App; database: Database; secretKey: string; close(): Promise<void> }> {
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, MIGRATION_DATABASE_URL: place.migrationDatabaseUrl, LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000' });
  const database = await openDatabase({ databaseUrl: place.databaseUrl, migrationDatabaseUrl: place.migrationDatabaseUrl, pgliteDir: path.join(place.dataDir, 'pgdata') });
  await seedDatabase(database.db);
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    secretKey: env.SECRET_KEY,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** `npm run backup|restore -- FILE [--force]` on a place; its exit code and output. */
async function run(command: 'backup' | 'restore', place: Place, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/backup.ts', command, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? '', MIGRATION_DATABASE_URL: place.migrationDatabaseUrl ?? '', SECRET_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output };
}

/** Two carts and one placed order, made through the API; answers what the shop shows of each. */
async function makeCartsAndOrders(app: App): Promise<string[]> {
  const { headers } = await startXsrfSession(app);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ids: string[] = [];
  for (const [quantity, currency] of [[12, 'CHF'], [3, 'EUR'], [25, 'CHF']] as const) {
    const created = await call('POST', '/api/orders/', { productCode: 'cyber_security_training_foundation_v1', quantity, paymentFrequency: 'ONE_TIME', currency, language: 'de-CH' });
    expect(created.statusCode).toBe(200);
    ids.push((created.json() as { id: string }).id);
  }
  const order = ids[2] ?? '';
  const sections = [
    { company: { name: 'Muster AG' } },
    { address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' } },
    { invoiceAddressSameAsAddress: true },
    { contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' } },
  ];
  for (const [step, section] of sections.entries()) expect((await call('PUT', `/api/orders/${order}/invoice-info`, { ...section, step: step + 1 })).statusCode).toBe(200);
  const bought = await call('POST', `/api/orders/${order}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(app, 'checkout'), language: 'de-CH' });
  expect(bought.statusCode).toBe(200);
  return ids;
}

/** What the shop answers about each cart or order: the cart, and the order's status. */
async function shown(app: App, ids: string[]) {
  return Promise.all(
    ids.map(async (id) => {
      const cart = await app.inject(`/api/orders/${id}/shopping-cart/`);
      const status = await app.inject(`/api/orders/${id}/status-info`);
      return { cart: [cart.statusCode, cart.json()], status: [status.statusCode, status.json()] };
    }),
  );
}

const pgDumpMissing = onPostgres && spawnSync('pg_dump', ['--version']).error !== undefined;

describe(`backup and restore on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it.skipIf(pgDumpMissing)(
    `bring back the same carts, orders and secret key in a new DATA_DIR${pgDumpMissing ? ' (skipped: pg_dump is not installed)' : ''}`,
    async () => {
      const source = await newPlace('source');
      const shop = await openShop(source);
      const ids = await makeCartsAndOrders(shop.app);
      const before = await shown(shop.app, ids);
      expect(before.map((answer) => answer.cart[0])).toEqual([200, 200, 403]);
      const file = path.join(folder, 'shop.backup');
      if (onPostgres) {
        // pg_dump takes a snapshot while the copies run.
        expect(await run('backup', source, file)).toMatchObject({ code: 0 });
        await shop.close();
      } else {
        // The embedded database is open in the server's process: the backup waits for its stop.
        const refused = await run('backup', source, file);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`is open in process ${process.pid}`);
        await shop.close();
        expect(await run('backup', source, file)).toMatchObject({ code: 0, output: expect.stringContaining('and the secret key') });
      }
      expect((await run('backup', source, file)).output).toContain('exists');

      const target = await newPlace('target');
      const restored = await run('restore', target, file);
      expect(restored, restored.output).toMatchObject({ code: 0 });
      expect(readFileSync(secretKeyFile(target.dataDir), 'utf8')).toBe(readFileSync(secretKeyFile(source.dataDir), 'utf8'));
      const again = await openShop(target);
      try {
        expect(again.secretKey).toBe(shop.secretKey);
        expect(await shown(again.app, ids)).toEqual(before);
        // Not under a running server, even with --force.
        const busy = await run('restore', target, file, '--force');
        expect(busy.code).toBe(1);
        expect(busy.output).toMatch(onPostgres ? /other connection/ : /is open in process/);
      } finally {
        await again.close();
      }

      // Once there is a database, only --force restores over it.
      const refused = await run('restore', target, file);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/holds (a database|tables)/);
      expect(await run('restore', target, file, '--force')).toMatchObject({ code: 0 });
    },
    180_000,
  );

  it('refuses a file that is not a backup, and a different secret key without --force', async () => {
    const place = await newPlace('refusals');
    const env = { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, MIGRATION_DATABASE_URL: place.migrationDatabaseUrl, SECRET_KEY: undefined };
    const options = { force: false, print: () => {} };
    const notBackup = path.join(folder, 'not-a-backup.tar');
    writeFileSync(notBackup, 'hello');
    await expect(restoreBackup(notBackup, env, options)).rejects.toThrow(BackupError);
    await expect(restoreBackup(path.join(folder, 'missing.tar'), env, options)).rejects.toThrow('does not exist');
    const file = path.join(folder, 'shop.backup');
    if (!existsSync(file)) return; // the round trip above was skipped
    mkdirSync(place.dataDir, { recursive: true });
    writeFileSync(secretKeyFile(place.dataDir), 'another key of at least 32 characters!!');
    await expect(restoreBackup(file, env, options)).rejects.toThrow('holds another secret key');
    // The other kind of database is refused by name.
    const otherKind = { ...env, DATABASE_URL: onPostgres ? undefined : 'postgres://nobody@127.0.0.1:1/none', MIGRATION_DATABASE_URL: undefined };
    await expect(restoreBackup(file, otherKind, options)).rejects.toThrow(onPostgres ? 'DATABASE_URL set' : 'DATABASE_URL unset');
  });
});
