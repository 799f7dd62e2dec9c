import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { load } from './load.ts';
import { startServer } from './server.ts';

/**
 * `npx tsx bench/memory.ts`: the resident memory (RSS) of the server on PGlite, idle after
 * its first start (a new data folder: the database is created), idle after a restart on
 * that folder, and under load (marketing pages, cart reads and adds for ten seconds; the
 * peak as well). Target: ≤ 400 MB idle, so the shop runs on a 1 GB server
 * (docs/decisions/046-mail-throughput-and-memory.md says where the memory went).
 */

export interface MemoryFigure {
  firstStartIdleMb: number;
  restartIdleMb: number;
  underLoadMb: number;
  peakMb: number;
}

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5_000));

export async function benchMemory(port: number): Promise<MemoryFigure> {
  const env = { DEMO_ORDERS: 'false', CAPTCHA_MAX_NUMBER: '1000' };
  const first = await startServer({ port, env });
  let firstStartIdleMb: number;
  try {
    await settle();
    firstStartIdleMb = residentMb(first.pid).rss;
  } finally {
    await first.stop();
  }
  const server = await startServer({ port, env, keepData: true });
  try {
    await settle();
    const restartIdleMb = residentMb(server.pid).rss;
    const response = await fetch(`${server.url}/api/xsrf/token`);
    const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { token } = (await response.json()) as { token: string };
    const headers = { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
    const item = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };
    const { id } = (await (await fetch(`${server.url}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) })).json()) as { id: string };
    let underLoadMb = 0;
    const sample = setInterval(() => (underLoadMb = Math.max(underLoadMb, residentMb(server.pid).rss)), 500);
    try {
      await Promise.all([
        load({ url: `${server.url}/web/en-US/trainings`, connections: 10, duration: 10, warmupSeconds: 0 }),
        load({ url: `${server.url}/api/orders/${id}/shopping-cart/`, connections: 10, duration: 10, warmupSeconds: 0 }),
        load({
          url: `${server.url}/api/orders/${id}/shopping-cart/`,
          connections: 4,
          duration: 10,
          warmupSeconds: 0,
          requests: [{ method: 'POST', headers, body: JSON.stringify(item) }],
        }),
      ]);
    } finally {
      clearInterval(sample);
    }
    return { firstStartIdleMb, restartIdleMb, underLoadMb, peakMb: residentMb(server.pid).peak };
  } finally {
    await server.stop();
  }
}

export function describeMemory(figure: MemoryFigure): string {
  const mb = (value: number) => `${Math.round(value)} MB`;
  return `idle ${mb(figure.firstStartIdleMb)} after the first start, ${mb(figure.restartIdleMb)} after a restart; under load ${mb(figure.underLoadMb)} (peak ${mb(figure.peakMb)})`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchMemory(3809)
    .then((figure) => console.log(`RSS of the server on PGlite: ${describeMemory(figure)}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
