import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../tests/helpers/test-app.ts';
import { describeLoad, load, type LoadResult } from './load.ts';
import { untilSettled } from './server.ts';

/**
 * The anchor of the cart's figures: Vendure, an open-source shop, measured in the same run
 * on the same machine with the same load (bench/run.ts). It is installed from the npm
 * registry into a folder of its own outside this project on first use (VENDURE_DIR, by
 * default ~/.cache/shop-bench/vendure-<version>; a few minutes once), and runs with its
 * default configuration, one product variant and sessions by bearer token
 * (bench/vendure/serve.mjs): on SQLite beside our PGlite, on a PostgreSQL database made for
 * the run beside our PostgreSQL. BENCH_VENDURE=0 leaves it out.
 */
export const vendureVersion = '3.7.3';
const folder = process.env.VENDURE_DIR ?? path.join(os.homedir(), '.cache', 'shop-bench', `vendure-${vendureVersion}`);

export const vendureWanted = process.env.BENCH_VENDURE !== '0';

function installVendure(): void {
  if (existsSync(path.join(folder, 'node_modules/@vendure/core/package.json'))) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'vendure-anchor', private: true }));
  console.log(`installing Vendure ${vendureVersion} into ${folder} …`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `@vendure/core@${vendureVersion}`, 'pg@8', 'better-sqlite3@12'], { cwd: folder, stdio: 'inherit' });
  // npm leaves install scripts of dependencies to be approved: the two native modules are built here.
  execFileSync('npm', ['rebuild', 'better-sqlite3', 'bcrypt'], { cwd: folder, stdio: 'inherit' });
}

const activeOrder = JSON.stringify({ query: '{ activeOrder { id code totalWithTax subTotal currencyCode lines { id quantity unitPriceWithTax linePriceWithTax productVariant { id name sku } } } }' });
const addSeat = JSON.stringify({
  query: 'mutation { addItemToOrder(productVariantId: 1, quantity: 1) { ... on Order { id code totalWithTax currencyCode lines { id quantity linePriceWithTax } } ... on ErrorResult { errorCode message } } }',
});

export interface Vendure {
  url: string;
  database: 'SQLite' | 'PostgreSQL';
  stop(): Promise<void>;
}

/** Starts Vendure on SQLite, or on a new database of the PostgreSQL server of `postgresUrl`; resolves once its shop API answers. */
export async function startVendure(port: number, postgresUrl?: string): Promise<Vendure> {
  installVendure();
  const data = mkdtempSync(path.join(os.tmpdir(), 'bench-vendure-'));
  const postgres = postgresUrl ? await createPostgresDatabase('vendure_bench', postgresUrl) : undefined;
  const child: ChildProcess = spawn(process.execPath, [path.resolve('bench/vendure/serve.mjs')], {
    cwd: folder,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      VENDURE_DATA: data,
      VENDURE_DATABASE_URL: postgres ? (postgres.migrationUrl ?? postgres.url) : '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await postgres?.drop();
    rmSync(data, { recursive: true, force: true });
  };
  // The first start creates the schema and imports the catalogue: a minute or two.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('Vendure did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Settled as ours is (bench/server.ts), so that both are measured past their first seconds.
  await untilSettled(child.pid ?? 0);
  return { url, database: postgres ? 'PostgreSQL' : 'SQLite', stop };
}

/** A new session whose order holds one seat; its bearer token. */
async function newOrder(url: string): Promise<string> {
  const response = await fetch(`${url}/shop-api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: addSeat });
  const token = response.headers.get('vendure-auth-token');
  if (!response.ok || !token) throw new Error(`Vendure did not add to a new order: ${response.status}`);
  return token;
}

/**
 * The cart calls of bench/run.ts on Vendure: reading one order with 4 connections, and adds
 * with 20 connections spread over 50 orders of one seat each.
 */
export async function benchVendureCart(vendure: Vendure): Promise<{ get: LoadResult; add: LoadResult }> {
  const reader = await newOrder(vendure.url);
  const get = await load({
    url: `${vendure.url}/shop-api`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
    body: activeOrder,
    connections: 4,
    duration: 10,
  });
  const tokens: string[] = [];
  for (let i = 0; i < 50; i++) tokens.push(await newOrder(vendure.url));
  let next = 0;
  const add = await load({
    url: `${vendure.url}/shop-api`,
    connections: 20,
    duration: 10,
    requests: [
      {
        method: 'POST',
        body: addSeat,
        setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
      },
    ],
  });
  return { get, add };
}

/** "18.3× (ours 4,700 req/s, Vendure 257 req/s …)". */
export function describeAgainstVendure(ours: LoadResult, vendure: LoadResult): string {
  return `${(ours.requestsPerSecond / vendure.requestsPerSecond).toFixed(1)}× (ours ${Math.round(ours.requestsPerSecond)} req/s; Vendure ${describeLoad(vendure)})`;
}
