import { pathToFileURL } from 'node:url';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { invoices, orderHistory, orderItems, orders } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { runAsOwner } from '../tests/helpers/test-app.ts';
import { benchEnv, postgresUrlOrExit, withPostgresBenchDatabase } from './database.ts';
import { percentile } from './load.ts';
import { startServer } from './server.ts';
import { monthlySeat, newCart, readyCarts, xsrf } from './visitor-calls.ts';

/**
 * `npx tsx bench/billing.ts` (DATABASE_URL must name a PostgreSQL server): 10,000 ACTIVE
 * monthly plans, each with one period due, in a database of its own (created, then
 * dropped). Times one run of the billing job (renewals and invoice records; goal ≤ 60 s)
 * while a server on the same database answers cart and checkout calls (goal p95 ≤ 100 ms),
 * then the rendering of invoice PDFs, which the mail worker does afterwards at its own
 * pace. `npm run bench:load` runs it too when DATABASE_URL is set.
 */

/** BENCH_PLANS changes the count, for a quick look on a busy machine; BENCH_BILLING_PORT the visitors' server's port. */
const planCount = Number(process.env.BENCH_PLANS ?? 10_000);
const serverPort = Number(process.env.BENCH_BILLING_PORT ?? 3214);
const pdfSample = 50;

export interface BillingFigures {
  plans: number;
  renewed: number;
  jobSeconds: number;
  calls: { what: string; count: number; p50: number; p95: number; errors: number }[];
  pdfMsEach: number;
}

const addDays = (isoDay: string, days: number) => {
  const [y = 0, m = 1, d = 1] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** 10,000 plans paid 35 days ago: each has its second month due today. */
async function seedPlans(db: Database['db'], today: string): Promise<void> {
  const paidOn = addDays(today, -35);
  const periodEnd = addDays(paidOn, 30);
  for (let start = 0; start < planCount; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, planCount - start) }, (_, offset) => {
      const index = start + offset;
      return {
        status: 'ACTIVE' as const,
        currency: 'CHF' as const,
        language: index % 2 ? 'de-CH' : 'en-US',
        number: `2000-${String(index + 1).padStart(6, '0')}`,
        orderedAt: new Date(`${paidOn}T08:00:00Z`),
        totalNetMinor: 4900,
        amountDueMinor: 5297,
        invoiceInfo: {
          company: { name: `Bench ${index} AG` },
          address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' },
          invoiceAddressSameAsAddress: true,
          contact: { firstName: 'Anna', lastName: 'Muster', email: `plan${index}@bench.example`, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
        },
      };
    });
    const ids = await db.insert(orders).values(batch).returning({ id: orders.id });
    await db.insert(orderItems).values(
      ids.map(({ id }) => ({
        orderId: id,
        productCode: 'cyber_security_training_basic_v1',
        paymentFrequency: 'MONTHLY',
        quantity: 10,
        periodMonths: 12,
        unitPriceMinor: 490,
        status: 'ACTIVE',
        position: 0,
      })),
    );
    await db.insert(orderHistory).values(
      ids.map(({ id }) => ({
        orderId: id,
        action: 'PAY' as const,
        fromStatus: 'INVOICED' as const,
        toStatus: 'ACTIVE' as const,
        actor: 'bench@example.ch',
        data: { amount: 52.97, date: paidOn, periodStart: paidOn, periodEnd },
        at: new Date(`${paidOn}T09:00:00Z`),
      })),
    );
  }
}

/** Visitors on four connections until `done`: cart reads, adds and checkouts, each timed. */
async function visitors(base: string, done: () => boolean) {
  const headers = await xsrf(base);
  const ready = await readyCarts(base, headers, 120);
  const cart = await newCart(base, headers);
  const times: Record<string, number[]> = { 'get cart': [], 'add to cart': [], checkout: [] };
  const errors: Record<string, number> = { 'get cart': 0, 'add to cart': 0, checkout: 0 };
  const timed = async (what: string, request: () => Promise<Response>) => {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    times[what]!.push(performance.now() - started);
    if (!response.ok) errors[what]!++;
  };
  let step = 0;
  const start = () => {
    const visitor = async () => {
      while (!done()) {
        const n = step++;
        if (n % 10 === 9 && ready.length > 0) {
          const checkout = ready.shift()!;
          await timed('checkout', () => fetch(`${base}/api/orders/${checkout.id}/checkout`, { method: 'POST', headers, body: checkout.body }));
        } else if (n % 2) await timed('add to cart', () => fetch(`${base}/api/orders/${cart}/shopping-cart/`, { method: 'POST', headers, body: JSON.stringify(monthlySeat) }));
        else await timed('get cart', () => fetch(`${base}/api/orders/${cart}/shopping-cart/`));
      }
    };
    return Promise.all([visitor(), visitor(), visitor(), visitor()]);
  };
  return { start, times, errors };
}

export function benchBilling(baseUrl: string): Promise<BillingFigures> {
  return withPostgresBenchDatabase(baseUrl, async (database, postgres) => {
    // The job in this process, as `npm run billing` runs it beside the server.
    const app = await buildApp({ env: benchEnv('tmp/bench-billing'), database, logger: false });
    // The server answers the visitors; its own billing job is off, so the run measured here is the only one.
    const server = await startServer({
      port: serverPort,
      databaseUrl: postgres.url,
      migrationDatabaseUrl: postgres.migrationUrl,
      env: { CAPTCHA_MAX_NUMBER: '1000', DEMO_ORDERS: 'false', BILLING: 'off' },
    });
    try {
      await seedDatabase(database.db);
      const today = isoDateInZurich();
      await seedPlans(database.db, today);
      await runAsOwner('analyze', { ownerUrl: postgres.migrationUrl, db: database.db });
      await app.ready();

      let finished = false;
      const crowd = await visitors(server.url, () => finished);
      const running = crowd.start();
      const started = performance.now();
      const report = await app.billing.run({ asOf: today });
      const jobSeconds = (performance.now() - started) / 1000;
      finished = true;
      await running;

      // The mail worker's part: rendering each invoice's PDF once (then kept in the record).
      const sample = await database.db.select({ id: invoices.id, orderId: invoices.orderId }).from(invoices).limit(pdfSample);
      const { createInvoicesService } = await import('#server/modules/invoices/invoices.service.ts');
      const { createInvoiceRecordsService } = await import('#server/modules/invoices/invoice-records.service.ts');
      const renderer = createInvoicesService();
      const records = createInvoiceRecordsService({ db: database.db, renderer });
      await records.pdf(sample[0]!.orderId, sample[0]!.id);
      const pdfStarted = performance.now();
      for (const invoice of sample.slice(1)) await records.pdf(invoice.orderId, invoice.id);
      const pdfMsEach = (performance.now() - pdfStarted) / Math.max(1, sample.length - 1);
      await renderer.close();

      return {
        plans: planCount,
        renewed: report.renewed.length,
        jobSeconds,
        calls: Object.entries(crowd.times).map(([what, list]) => {
          const sorted = [...list].sort((a, b) => a - b);
          return { what, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), errors: crowd.errors[what] ?? 0 };
        }),
        pdfMsEach,
      };
    } finally {
      await server.stop();
      await app.close();
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchBilling(postgresUrlOrExit()).then(
    (figures) => {
      console.log(`billing job, ${figures.plans} active plans: ${figures.renewed} renewed with their invoices in ${figures.jobSeconds.toFixed(1)} s (goal ≤ 60 s)`);
      for (const call of figures.calls) {
        console.log(`  meanwhile ${call.what}: ${call.count} calls, p50 ${call.p50.toFixed(1)} ms, p95 ${call.p95.toFixed(1)} ms, ${call.errors} errors (goal p95 ≤ 100 ms)`);
      }
      console.log(`invoice PDFs (the mail worker, afterwards): ${figures.pdfMsEach.toFixed(0)} ms each, ${((figures.pdfMsEach * figures.plans) / 60_000).toFixed(1)} min for all`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
