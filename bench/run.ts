import { describeLoad, load } from './load.ts';
import { startServer } from './server.ts';

/**
 * `npm run bench`: load figures and budgets, printed as a table. Run `npm run build`
 * first. Targets on the 2-core machine: marketing page ≥ 10,000 req/s with p99 ≤ 20 ms;
 * get-cart p95 ≤ 5 ms; add-to-cart ≥ 1,000 req/s. With DATABASE_URL set, the cart calls
 * are measured on PostgreSQL as well. Browser figures (page weight, Lighthouse, captcha
 * solve time) come from bench/browser.ts.
 */
interface Row {
  what: string;
  figure: string;
  target: string;
  met: string;
}
const rows: Row[] = [];
const record = (what: string, figure: string, target: string, met: boolean | undefined) =>
  rows.push({ what, figure, target, met: met === undefined ? '' : met ? 'yes' : 'NO' });

async function xsrf(base: string) {
  const response = await fetch(`${base}/api/xsrf/token`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { token } = (await response.json()) as { token: string };
  return { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

async function benchCart(base: string, database: string) {
  const headers = await xsrf(base);
  const item = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };
  const created = (await (await fetch(`${base}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) })).json()) as { id: string };
  const getCart = await load({ url: `${base}/api/orders/${created.id}/shopping-cart/`, connections: 4, duration: 10 });
  record(`get cart (${database}), 4 connections`, describeLoad(getCart), 'p95 ≤ 5 ms', getCart.p95 <= 5 && getCart.errors === 0);

  // Adds spread over 50 carts: each add locks its cart, as a real shop's visitors would.
  const carts: string[] = [];
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${base}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) });
    carts.push(((await response.json()) as { id: string }).id);
  }
  let next = 0;
  const add = await load({
    url: base,
    connections: 20,
    duration: 10,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (request) => ({
          ...request,
          path: `/api/orders/${carts[next++ % carts.length]}/shopping-cart/`,
          body: JSON.stringify({ ...item, quantity: 1 }),
        }),
      },
    ],
  });
  record(`add to cart (${database}), 20 connections over 50 carts`, describeLoad(add), '≥ 1000 req/s', add.requestsPerSecond >= 1000 && add.errors === 0);
}

async function main() {
  const server = await startServer({ port: 3210 });
  try {
    const page = await load({ url: `${server.url}/web/en-US/trainings`, headers: { 'accept-encoding': 'br' }, connections: 50, duration: 10 });
    record('marketing page /web/en-US/trainings (br)', describeLoad(page), '≥ 10000 req/s, p99 ≤ 20 ms', page.requestsPerSecond >= 10_000 && page.p99 <= 20);
    const apiCall = await load({ url: `${server.url}/api/currency/available-currencies`, connections: 50, duration: 10 });
    record('API GET /api/currency/available-currencies', describeLoad(apiCall), 'reported', undefined);
    await benchCart(server.url, 'PGlite');
  } finally {
    await server.stop();
  }
  if (process.env.DATABASE_URL) {
    const pgServer = await startServer({ port: 3211, databaseUrl: process.env.DATABASE_URL });
    try {
      await benchCart(pgServer.url, 'PostgreSQL');
    } finally {
      await pgServer.stop();
    }
  }
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
