import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { orderHistory, orderItems, orders } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed/seed.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { runAsOwner } from '../tests/helpers/test-app.ts';
import { benchEnv, postgresUrlOrExit, withPostgresBenchDatabase } from './database.ts';
import { percentile } from './load.ts';
import { startSink } from './mail.ts';
import { cpuSeconds, procStat, startServer, ticksPerSecond } from './server.ts';
import { monthlySeat, newCart, readyCarts, xsrf } from './visitor-calls.ts';

/**
 * `npx tsx bench/billing.ts` (DATABASE_URL must name a PostgreSQL server): 100,000 ACTIVE
 * monthly plans, each with one period due, in a database of its own (created, then
 * dropped). Times one run of the billing job (renewals and invoice records; goal ≤ 60 s)
 * while a server on the same database answers visitors' cart and checkout calls at a steady
 * rate (BENCH_VISITOR_RATE, below; goal p95 ≤ 100 ms),
 * then the run's first 10,000 invoice mails after the job: the server's mail worker
 * renders each invoice's PDF and hands the mail to an SMTP server on loopback
 * (bench/mail.ts), while the visitors go on (goal: 10,000 in ≤ 2 min, p95 ≤ 100 ms
 * meanwhile). `npm run bench:load` runs it too when DATABASE_URL is set.
 */

/** BENCH_PLANS changes the count, for a quick look on a busy machine; BENCH_BILLING_PORT the visitors' server's port. */
const planCount = Number(process.env.BENCH_PLANS ?? 100_000);
/** The invoice mails timed after the job: the goal names 10,000; the rest of the run's mails are not waited for. */
const mailsTimed = Math.min(planCount, 10_000);
const serverPort = Number(process.env.BENCH_BILLING_PORT ?? 3214);
/** How long the invoice mails may take before the run gives up on them. */
const mailsTimeoutMs = 10 * 60_000;
/** BENCH_MAILS=off times the job alone: the run does not wait for the invoice mails afterwards. */
const waitForMails = process.env.BENCH_MAILS !== 'off';

export interface BillingFigures {
  plans: number;
  /** The visitors' calls a second, in both phases. */
  visitorRate: number;
  renewed: number;
  jobSeconds: number;
  /** The visitors' calls while the job runs, then while the invoice mails are rendered and sent. */
  calls: { what: string; count: number; p50: number; p95: number; errors: number }[];
  mailCalls: { what: string; count: number; p50: number; p95: number; errors: number }[];
  /** Invoice mails (each with its PDF) the SMTP server received: during the job, and after it (at most `mailsTimed`, then no longer waited for). */
  mailsDuringJob: number;
  mails: number;
  /** How many mails after the job the goal names (10,000, or every renewal when fewer). */
  mailsTimed: number;
  /** From the job's end to the last invoice mail counted. */
  mailsSecondsAfterJob: number;
  /** Invoice mails a second, from the first to the last. */
  pdfsPerSecond: number;
  /** CPU seconds of the server, of the database and of the whole machine from the job's end until the last mail timed, and how long that was: what the mails (and the visitors meanwhile) cost. */
  mailsCpu: { server: number; database: number; machine: number; seconds: number };
}

/**
 * CPU seconds so far of the PostgreSQL server on this machine: its live processes', and,
 * through the postmaster's count of its ended children, those of the backends that ended
 * (the connections a pool closed meanwhile).
 */
function databaseCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = procStat(entry);
      const parent = readFileSync(`/proc/${fields[1]}/comm`, 'utf8').trim();
      // utime, stime; and for the postmaster (not a postgres's child) cutime, cstime as well.
      ticks += Number(fields[11]) + Number(fields[12]) + (parent === 'postgres' ? 0 : Number(fields[13]) + Number(fields[14]));
    } catch {
      // a backend that ended between the listing and the reading: counted through the postmaster
    }
  }
  return ticks / ticksPerSecond;
}

/** CPU seconds the whole machine has been busy so far (every core; /proc/stat's first line, in USER_HZ ticks). */
function machineBusySeconds(): number {
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / ticksPerSecond;
}

/** CPU seconds so far of the server, of the database and of the whole machine, and when they were read (performance.now()). */
function cpuNow(serverPid: number): { server: number; database: number; machine: number; at: number } {
  return { server: cpuSeconds([serverPid]), database: databaseCpuSeconds(), machine: machineBusySeconds(), at: performance.now() };
}

const addDays = (isoDay: string, days: number) => {
  const [y = 0, m = 1, d = 1] = isoDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The plans, paid 35 days ago: each has its second month due today. */
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

type Phase = 'job' | 'mails';
const whats = ['get cart', 'add to cart', 'checkout'] as const;

/**
 * The shop's visitors while the job runs and while its mails go out: BENCH_VISITOR_RATE
 * calls a second (default 50), each sent at its time whether or not the ones before it
 * were answered, as visitors arrive: of ten calls, one checkout, then reads and adds of the
 * cart in turn. A fixed rate, not visitors that call again as soon as they are answered:
 * those would take every cycle the two cores have, and the job and the mails could only
 * have what the server's priority leaves them (docs/decisions/081-mail-senders-kept-working.md).
 */
const visitorRate = Number(process.env.BENCH_VISITOR_RATE ?? 50);
/** Calls waiting for their answer at most: past this the server is not keeping up, and a call due is counted as an error instead of sent. */
const maxInFlight = 200;

/** Carts ready to buy for `seconds` of a phase at the visitors' rate (one call in ten is a checkout). */
const checkoutsFor = (seconds: number) => Math.ceil((visitorRate / 10) * seconds);

/** Visitors at `visitorRate` calls a second while `phase()` names one: cart reads, adds and checkouts, each timed by phase. */
async function visitors(base: string, phase: () => Phase | undefined) {
  const headers = await xsrf(base);
  // Carts ready to buy for each phase: a long job must not leave the mails' phase without checkouts.
  const ready: Record<Phase, { id: string; body: string }[]> = {
    job: await readyCarts(base, headers, checkoutsFor(planCount / 1500 + 10)),
    mails: await readyCarts(base, headers, checkoutsFor(130)),
  };
  let cart = await newCart(base, headers);
  const emptyTimes = () => Object.fromEntries(whats.map((what) => [what, [] as number[]]));
  const emptyErrors = () => Object.fromEntries(whats.map((what) => [what, 0]));
  const times: Record<Phase, Record<string, number[]>> = { job: emptyTimes(), mails: emptyTimes() };
  const errors: Record<Phase, Record<string, number>> = { job: emptyErrors(), mails: emptyErrors() };
  let inFlight = 0;
  const timed = async (during: Phase, what: string, request: () => Promise<Response>) => {
    if (inFlight >= maxInFlight) {
      errors[during][what]!++;
      return;
    }
    inFlight++;
    const started = performance.now();
    // A connection the server dropped (a machine loaded by other work) counts as an error, not the end of the run.
    const ok = await request().then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    inFlight--;
    times[during][what]!.push(performance.now() - started);
    if (!ok) errors[during][what]!++;
  };
  const call = async (n: number, during: Phase) => {
    // A cart takes a line's quantity up to a limit: a fresh one now and then keeps the adds accepted.
    if (n % 1000 === 999) cart = await newCart(base, headers);
    const checkout = n % 10 === 9 ? ready[during].shift() : undefined;
    if (checkout) await timed(during, 'checkout', () => fetch(`${base}/api/orders/${checkout.id}/checkout`, { method: 'POST', headers, body: checkout.body }));
    else if (n % 2) await timed(during, 'add to cart', () => fetch(`${base}/api/orders/${cart}/shopping-cart/`, { method: 'POST', headers, body: JSON.stringify(monthlySeat) }));
    else await timed(during, 'get cart', () => fetch(`${base}/api/orders/${cart}/shopping-cart/`));
  };
  const start = async () => {
    const calls: Promise<void>[] = [];
    const began = performance.now();
    for (let n = 0, now = phase(); now; n++, now = phase()) {
      calls.push(call(n, now));
      // The next call's time on the rate's schedule, not after this one's answer.
      const due = began + ((n + 1) * 1000) / visitorRate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    await Promise.all(calls);
  };
  const figures = (during: Phase) =>
    Object.entries(times[during]).map(([what, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { what, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), errors: errors[during][what] ?? 0 };
    });
  return { start, figures };
}

export function benchBilling(baseUrl: string): Promise<BillingFigures> {
  return withPostgresBenchDatabase(baseUrl, async (database, postgres) => {
    // The job in this process, as `npm run billing` runs it beside the server.
    const app = await buildApp({ env: benchEnv('tmp/bench-billing'), database, logger: false });
    // The server answers the visitors and delivers the mails (its mail worker renders the
    // invoices' PDFs) to the sink; its own billing job is off, so the run measured here is the only one.
    const sink = await startSink('@bench.example');
    const server = await startServer({
      port: serverPort,
      databaseUrl: postgres.url,
      migrationDatabaseUrl: postgres.migrationUrl,
      env: { CAPTCHA_MAX_NUMBER: '1000', DEMO_ORDERS: 'false', BILLING: 'off', SMTP_URL: sink.url },
    });
    try {
      await seedDatabase(database.db);
      const today = isoDateInZurich();
      await seedPlans(database.db, today);
      await runAsOwner('analyze', { ownerUrl: postgres.migrationUrl, db: database.db });
      await app.ready();

      let phase: Phase | undefined = 'job';
      const crowd = await visitors(server.url, () => phase);
      const running = crowd.start();
      const started = performance.now();
      const report = await app.billing.run({ asOf: today });
      const jobEnded = performance.now();
      const mailsDuringJob = sink.counted().count;
      // The mail worker's part, in the server: each renewal's invoice mail with its PDF
      // (rendered once, then kept in the record), sent as the PDFs become ready.
      phase = 'mails';
      const cpuAtJobEnd = cpuNow(server.pid);
      const giveUpAt = jobEnded + mailsTimeoutMs;
      const mailsWanted = Math.min(report.renewed.length, mailsDuringJob + mailsTimed);
      while (waitForMails && sink.counted().count < mailsWanted && performance.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 50));
      phase = undefined;
      const mails = sink.counted();
      const cpuAtEnd = cpuNow(server.pid);
      await running;

      return {
        plans: planCount,
        visitorRate,
        renewed: report.renewed.length,
        jobSeconds: (jobEnded - started) / 1000,
        calls: crowd.figures('job'),
        mailCalls: crowd.figures('mails'),
        mailsDuringJob,
        mails: mails.count - mailsDuringJob,
        mailsTimed: Math.min(mailsTimed, report.renewed.length - mailsDuringJob),
        mailsSecondsAfterJob: (mails.lastAt - jobEnded) / 1000,
        pdfsPerSecond: mails.count / Math.max(0.001, (mails.lastAt - mails.firstAt) / 1000),
        mailsCpu: {
          server: cpuAtEnd.server - cpuAtJobEnd.server,
          database: cpuAtEnd.database - cpuAtJobEnd.database,
          machine: cpuAtEnd.machine - cpuAtJobEnd.machine,
          seconds: (cpuAtEnd.at - cpuAtJobEnd.at) / 1000,
        },
      };
    } finally {
      await server.stop();
      await sink.close();
      await app.close();
    }
  });
}

/** `10000 in 95.2 s after the job (120 during it), 105 PDFs/s; CPU meanwhile: server 1.62 cores, database 0.21, the whole machine 1.97`. */
export function describePdfs(figures: BillingFigures): string {
  const { server, database, machine, seconds } = figures.mailsCpu;
  const cores = (cpu: number) => (cpu / Math.max(0.001, seconds)).toFixed(2);
  return `${figures.mails} in ${figures.mailsSecondsAfterJob.toFixed(1)} s after the job (${figures.mailsDuringJob} during it), ${figures.pdfsPerSecond.toFixed(0)} PDFs/s; CPU meanwhile: server ${cores(server)} cores, database ${cores(database)}, the whole machine ${cores(machine)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchBilling(postgresUrlOrExit()).then(
    (figures) => {
      console.log(`visitors: ${visitorRate} calls a second`);
      console.log(`billing job, ${figures.plans} active plans: ${figures.renewed} renewed with their invoices in ${figures.jobSeconds.toFixed(1)} s (goal ≤ 60 s)`);
      for (const call of figures.calls) {
        console.log(`  meanwhile ${call.what}: ${call.count} calls, p50 ${call.p50.toFixed(1)} ms, p95 ${call.p95.toFixed(1)} ms, ${call.errors} errors (goal p95 ≤ 100 ms)`);
      }
      console.log(`invoice mails with their PDFs (the server's mail worker): ${describePdfs(figures)} (goal: ${figures.mailsTimed} in ≤ 120 s)`);
      for (const call of figures.mailCalls) {
        console.log(`  meanwhile ${call.what}: ${call.count} calls, p50 ${call.p50.toFixed(1)} ms, p95 ${call.p95.toFixed(1)} ms, ${call.errors} errors (goal p95 ≤ 100 ms)`);
      }
      console.log(`load average at the end: ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
