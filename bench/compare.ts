import path from 'node:path';
import { load } from './load.ts';
import { cpuSeconds } from './server.ts';
import { startServer } from './server.ts';
import { monthlySeat, newCart, readyCarts, xsrf } from './visitor-calls.ts';

/**
 * `npx tsx bench/compare.ts BEFORE AFTER`: the cart and checkout calls of two builds of the
 * shop, each a checkout with `npm run build` done, on PostgreSQL (BEFORE_DATABASE_URL and
 * AFTER_DATABASE_URL, two empty databases; their MIGRATION_… twins for the owner role).
 * Both servers run at once and the calls alternate between them round by round, so the
 * noise of a shared 2-core machine (whose figures can swing by half between two runs of the
 * same build) falls on both alike. Printed per call: the mean of each build's rounds, the
 * mean of the rounds' ratios (after ÷ before) and the server's CPU time per call, read from
 * /proc. A change that claims "the same or better" shows ratios around 1 or above.
 */
const rounds = Number(process.env.ROUNDS ?? 8);
const seconds = 4;

interface Build {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
  cart: string;
  carts: string[];
  stop(): Promise<void>;
}

async function startBuild(name: string, checkout: string, port: number, prefix: string): Promise<Build> {
  const databaseUrl = process.env[`${prefix}_DATABASE_URL`];
  if (!databaseUrl) throw new Error(`${prefix}_DATABASE_URL is not set`);
  const server = await startServer({
    port,
    checkout: path.resolve(checkout),
    databaseUrl,
    migrationDatabaseUrl: process.env[`MIGRATION_${prefix}_DATABASE_URL`],
    env: { CAPTCHA_MAX_NUMBER: '1000', DEMO_ORDERS: 'false' },
  });
  const headers = await xsrf(server.url);
  const carts: string[] = [];
  for (let i = 0; i < 50; i++) carts.push(await newCart(server.url, headers));
  return { name, url: server.url, pid: server.pid, headers, cart: await newCart(server.url, headers), carts, stop: server.stop };
}

/** One round of a call on one build; `prepare` runs outside the measured time and CPU. */
interface Call {
  prepare?(build: Build): Promise<void>;
  run(build: Build): Promise<{ requestsPerSecond: number; p95: number; succeeded: number; errors: number }>;
}

/** Carts ready to buy, per build, made by the checkout call's `prepare`. */
const ready = new Map<Build, { id: string; body: string }[]>();

const calls: Record<string, Call> = {
  'get cart, 4 connections': { run: (build) => load({ url: `${build.url}/api/orders/${build.cart}/shopping-cart/`, connections: 4, duration: seconds, warmupSeconds: 1 }) },
  'add to cart, 20 connections over 50 carts': { run: (build) => {
    let next = 0;
    return load({
      url: build.url,
      connections: 20,
      duration: seconds,
      warmupSeconds: 0,
      requests: [{ method: 'POST', headers: build.headers, setupRequest: (request) => ({ ...request, path: `/api/orders/${build.carts[next++ % build.carts.length]}/shopping-cart/`, body: JSON.stringify(monthlySeat) }) }],
    });
  } },
  'checkout, 100 orders, 4 connections': {
    prepare: async (build) => {
      ready.set(build, await readyCarts(build.url, build.headers, 100));
    },
    run: (build) => {
      const carts = ready.get(build) ?? [];
      let next = 0;
      return load({
        url: build.url,
        connections: 4,
        amount: carts.length,
        warmupSeconds: 0,
        requests: [{ method: 'POST', headers: build.headers, setupRequest: (request) => ({ ...request, path: `/api/orders/${carts[next]?.id}/checkout`, body: carts[next++]?.body }) }],
      });
    },
  },
};

const mean = (figures: number[]) => figures.reduce((sum, figure) => sum + figure, 0) / figures.length;

async function main() {
  const [beforeDir, afterDir] = process.argv.slice(2);
  if (!beforeDir || !afterDir) throw new Error('usage: npx tsx bench/compare.ts BEFORE_CHECKOUT AFTER_CHECKOUT');
  const before = await startBuild('before', beforeDir, 3251, 'BEFORE');
  const after = await startBuild('after', afterDir, 3252, 'AFTER');
  try {
    const table = [];
    for (const [what, call] of Object.entries(calls)) {
      const figures = { before: [] as { rps: number; p95: number; cpu: number }[], after: [] as { rps: number; p95: number; cpu: number }[] };
      for (let round = 0; round < rounds; round++) {
        // Turn about: who goes first alternates, so a trend in the machine's load is shared.
        for (const build of round % 2 ? [after, before] : [before, after]) {
          await call.prepare?.(build);
          const cpuBefore = cpuSeconds([build.pid]);
          const result = await call.run(build);
          if (result.errors > 0) throw new Error(`${what} on ${build.name}: ${result.errors} errors`);
          figures[build.name as 'before' | 'after'].push({ rps: result.requestsPerSecond, p95: result.p95, cpu: ((cpuSeconds([build.pid]) - cpuBefore) * 1_000_000) / result.succeeded });
        }
      }
      const ratios = figures.after.map((figure, round) => figure.rps / (figures.before[round]?.rps ?? Number.NaN));
      table.push({
        call: what,
        'before req/s': Math.round(mean(figures.before.map((f) => f.rps))),
        'after req/s': Math.round(mean(figures.after.map((f) => f.rps))),
        'after ÷ before (mean of rounds)': mean(ratios).toFixed(2),
        'before p95 ms': mean(figures.before.map((f) => f.p95)).toFixed(1),
        'after p95 ms': mean(figures.after.map((f) => f.p95)).toFixed(1),
        'before µs CPU/call': Math.round(mean(figures.before.map((f) => f.cpu))),
        'after µs CPU/call': Math.round(mean(figures.after.map((f) => f.cpu))),
      });
    }
    console.log(`${rounds} rounds each, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.table(table);
  } finally {
    await Promise.all([before.stop(), after.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
