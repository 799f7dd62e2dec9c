import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { invoices, orderHistory, outbox } from '#server/db/schema.ts';
import { inMajorUnits } from '#server/http/answer-money.ts';
import { money } from '#shared/money.ts';
import { addDays, isoDateInZurich } from '#shared/dates.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { swissInvoiceInfo } from '../../../../tests/helpers/http-visitor.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { runBillingCommand } from './billing-cli.ts';

/**
 * `npm run billing` as an operator runs it. On PostgreSQL the command runs as a process of
 * its own beside the test's server, on the same database; on PGlite, whose in-memory
 * database no other process can open, the same command runs inside the test.
 */
const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../../..');

let t: TestApp;
let staff: StaffSignIn;
let visitor: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
  visitor = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The command with its arguments: its printed lines and exit code. */
async function billing(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  if (!t.databaseUrl && Object.keys(env).length === 0) {
    const lines: string[] = [];
    const code = await runBillingCommand(args, { billing: t.app.billing, print: (line) => lines.push(line) });
    return { code, out: lines.join('\n'), err: '' };
  }
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/billing.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SECRET_KEY: t.env.SECRET_KEY, DATABASE_URL: t.databaseUrl ?? '', MIGRATION_DATABASE_URL: t.migrationDatabaseUrl ?? '', ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

/** A monthly plan of 10 seats for `email`, placed, invoiced and paid today: ACTIVE. */
async function activePlan(email: string): Promise<{ id: string; number: string }> {
  const today = isoDateInZurich();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: visitor.headers,
    payload: { productCode: 'cyber_security_training_basic_v1', quantity: 10, paymentFrequency: 'MONTHLY', currency: 'CHF', language: 'de-CH' },
  });
  const { id } = created.json() as { id: string };
  await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/invoice-info`,
    headers: visitor.headers,
    payload: swissInvoiceInfo({ company: 'Muster AG', street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', firstName: 'Anna', lastName: 'Muster', email }),
  });
  const bought = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/checkout`,
    headers: visitor.headers,
    payload: { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language: 'de-CH' },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  await t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/status`, headers: staff.headers, payload: { action: 'INVOICE' } });
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/admin/${id}/`, headers: staff.headers })).json() as AdminOrder;
  const paid = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/pay`, headers: staff.headers, payload: { amount: order.amountDue, date: today } });
  expect((paid.json() as AdminOrder).detail.status).toBe('ACTIVE');

  return { id, number: bought.json<{ number: string }>().number };
}

describe('npm run billing', () => {
  it('renews a plan paid today once as of 35 days on, however often it runs, and reminds of the unpaid invoice as of 95 days on', async () => {
    const today = isoDateInZurich();
    const { id, number } = await activePlan('cli@muster.example');

    const renewals = async () =>
      t.database.db.select().from(orderHistory).where(and(eq(orderHistory.orderId, id), eq(orderHistory.action, 'RENEW')));
    const dry = await billing(['--as-of', addDays(today, 35), '--dry-run']);
    expect(dry.out).toContain('1 period(s) would be renewed and invoiced');
    expect(await renewals()).toHaveLength(0);

    const first = await billing(['--as-of', addDays(today, 35)]);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('1 period(s) renewed and invoiced');
    expect(first.out).toContain(number);
    expect(await renewals()).toHaveLength(1);
    const invoiceMails = await t.database.db.select().from(outbox).where(and(eq(outbox.orderId, id), eq(outbox.kind, 'invoiceIssued')));
    expect(invoiceMails.map((mail) => mail.recipient)).toEqual(['cli@muster.example', 'cli@muster.example']);

    const again = await billing(['--as-of', addDays(today, 35)]);
    expect(again.out).toContain('0 period(s) renewed and invoiced');
    expect(await renewals()).toHaveLength(1);

    const late = await billing(['--as-of', addDays(today, 95)]);
    expect(late.out).toMatch(/reminder 3 {2}to cli@muster\.example/);
    expect(late.out).toMatch(/1 statement\(s\) sent\n {2}to cli@muster\.example {2}level 3 {2}INV-/);
    const statements = await t.database.db.select().from(outbox).where(and(eq(outbox.orderId, id), eq(outbox.kind, 'reminderStatement')));
    expect(statements.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Letzte Mahnung: Ihre \d offenen Rechnungen$/)]);
  }, 120_000);

  it('bills the seats in force: after an increase, the next period at the new count', async () => {
    const today = isoDateInZurich();
    const { id } = await activePlan('seats-cli@muster.example');
    const changed = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/plan/seats`, headers: staff.headers, payload: { seats: 15 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const { nextPeriod } = changed.json() as { nextPeriod: { from: string; net: number; gross: number } };

    const run = await billing(['--as-of', nextPeriod.from]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('1 period(s) renewed and invoiced');
    const [renewal] = await t.database.db.select().from(invoices).where(and(eq(invoices.orderId, id), eq(invoices.periodStart, nextPeriod.from)));
    expect(inMajorUnits(money(renewal!.netMinor, 'CHF'))).toBe(nextPeriod.net);
    expect(inMajorUnits(money(renewal!.grossMinor, 'CHF'))).toBe(nextPeriod.gross);
    expect(nextPeriod.from > today).toBe(true);
  }, 120_000);

  it('explains its arguments and refuses wrong ones', async () => {
    const wrong = await billing(['--as-of', '2026-02-30']);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('Usage: npm run billing');
  });

  it('refuses, saying so, while a server holds the embedded database, and bills nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'billing-cli-'));
    // This process opens the folder as a running server does.
    const server = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const refused = await billing(['--as-of', '2026-12-01'], { DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '' });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Billing refused, nothing was billed');
      expect(refused.err).toContain(`is open in process ${process.pid}`);
      expect(refused.out).toBe('');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
