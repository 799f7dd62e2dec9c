import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, invoices, orderHistory, orderNotes, orders, outbox } from '#server/db/schema.ts';
import { addDays, isoDateInZurich } from '#shared/dates.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { BillingOverview, OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AdminOrder, OrderList, OrderQueueCounts } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { swissInvoiceInfo } from '../../../../tests/helpers/http-visitor.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { hasPdftotext, pdfPages, pdftotextPages } from '../../../../tests/helpers/pdf.ts';
import { decodeQrCode, qrBillFields } from '../../../../tests/helpers/qr-code.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, runAsOwner, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The billing of monthly plans through the shop's own API and the job's one run, with
 * the day as a parameter (docs/product/billing.md): a renewal and an invoice per period,
 * once, month ends, the end date, reminders.
 */

let t: TestApp;
let staff: StaffSignIn;
let visitor: XsrfSession;
let smtp: TestSmtpServer;
beforeAll(async () => {
  // The app's own mail worker delivers to a real SMTP server when a test runs it.
  smtp = await startSmtpServer();
  t = await createTestApp({ ORDERS_EMAIL: 'orders@cybersafe-academy.example', SMTP_URL: smtp.url });
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch' });
  visitor = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST';
const asVisitor = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
const asStaff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

/** 10 Basic seats a month (CHF 4.90 each) for `periodMonths`, bought by a Swiss company in CHF (8.1 % VAT). */
async function buyMonthlyPlan(
  options: { periodMonths?: number; email?: string; language?: 'de-CH' | 'en-US'; alsoOnce?: { productCode: string; quantity: number } } = {},
): Promise<OrderDetail> {
  const language = options.language ?? 'de-CH';
  const created = await asVisitor('POST', '/api/orders/', {
    productCode: 'cyber_security_training_basic_v1',
    quantity: 10,
    paymentFrequency: 'MONTHLY',
    currency: 'CHF',
    language,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  if (options.alsoOnce) {
    const added = await asVisitor('POST', `/api/orders/${id}/shopping-cart/`, { ...options.alsoOnce, paymentFrequency: 'ONE_TIME', currency: 'CHF', language });
    expect(added.statusCode, added.body).toBe(200);
  }
  if (options.periodMonths) {
    const cart = (await asVisitor('GET', `/api/orders/${id}/shopping-cart/`)).json() as { items: { id: string }[] };
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/shopping-cart/${cart.items[0]!.id}`,
      headers: visitor.headers,
      payload: { periodMonths: options.periodMonths },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/invoice-info`,
    headers: visitor.headers,
    payload: swissInvoiceInfo({
      company: 'Muster AG',
      street: 'Bahnhofstrasse 10',
      zip: '8001',
      city: 'Zürich',
      firstName: 'Anna',
      lastName: 'Muster',
      email: options.email ?? 'billing@muster.example',
    }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await asVisitor('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

async function view(id: string): Promise<AdminOrder> {
  const response = await asStaff('GET', `/api/orders/admin/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}

/** Dates the order's BUY back to `day` (mid-morning in Zurich), as if it had been placed then. */
async function placedOn(id: string, day: string): Promise<void> {
  await t.database.db.update(orders).set({ orderedAt: new Date(`${day}T08:00:00Z`) }).where(eq(orders.id, id));
}

/**
 * INVOICE (the first invoice), then the whole open amount paid on `paidOn`: the plan is
 * ACTIVE from that day. A payment is never older than its order, so an order paid in the
 * past was placed that day.
 */
async function invoiceAndPay(id: string, paidOn: string): Promise<void> {
  if (paidOn < isoDateInZurich()) await placedOn(id, paidOn);
  expect((await asStaff('POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
  const paid = await asStaff('POST', `/api/orders/admin/${id}/pay`, { amount: (await view(id)).amountDue, date: paidOn });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((paid.json() as AdminOrder).detail.status).toBe('ACTIVE');
}

async function pay(id: string, amount: number, date: string, invoiceId?: string) {
  const paid = await asStaff('POST', `/api/orders/admin/${id}/pay`, { amount, date, ...(invoiceId ? { invoiceId } : {}) });
  expect(paid.statusCode, paid.body).toBe(200);
}

const invoicesOf = async (id: string) => (await asVisitor('GET', `/api/orders/${id}/invoices`)).json() as OrderInvoices;
/** The order's renewals as the back office's timeline shows them (amounts as the API answers them), oldest first. */
async function renewals(id: string) {
  return (await view(id)).history
    .flatMap((entry) => (entry.kind === 'TRANSITION' && entry.action === 'RENEW' ? [{ actor: entry.who, data: entry.data }] : []))
    .reverse();
}
const invoiceRows = async (id: string) => t.database.db.select().from(invoices).where(eq(invoices.orderId, id)).orderBy(invoices.number);
const mailsFor = async (id: string) => t.database.db.select().from(outbox).where(eq(outbox.orderId, id)).orderBy(outbox.createdAt);

describe('the first invoice', () => {
  it('is issued by INVOICE, not at BUY, and mailed with its PDF and QR-bill to the billing contact', async () => {
    const order = await buyMonthlyPlan({ email: 'first@muster.example' });
    expect((await invoicesOf(order.id)).invoices).toEqual([]);
    expect((await asVisitor('GET', `/api/orders/${order.id}/invoice.pdf`)).statusCode).toBe(404);

    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const list = await invoicesOf(order.id);
    expect(list.invoices).toHaveLength(1);
    const [first] = list.invoices;
    // 10 seats × CHF 4.90 = 49 net, 3.97 VAT (8.1 %), 52.97 gross; due after the 30 days of the terms.
    expect(first).toMatchObject({ kind: 'INVOICE', periodFirstDay: null, net: 49, vatAmount: 3.97, gross: 52.97, paid: 0, open: 52.97, status: 'OPEN' });
    expect(first?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(list.open).toBe(52.97);

    // The same bytes every time, from the order's call and the invoice's own.
    const once = await asVisitor('GET', `/api/orders/${order.id}/invoice.pdf`);
    const again = await asVisitor('GET', `/api/orders/${order.id}/invoices/${first!.id}/pdf`);
    expect(once.statusCode).toBe(200);
    expect(Buffer.compare(once.rawPayload, again.rawPayload)).toBe(0);
    if (hasPdftotext) {
      const text = pdftotextPages(once.rawPayload).join('\n');
      expect(text).toContain(first!.number);
      expect(text).toContain(order.number!);
    }
    // The QR-bill on the last page carries the amount and the invoice's reference.
    const qr = await decodeQrCode(once.rawPayload);
    const fields = qrBillFields(qr?.text ?? '');
    expect(fields[18]).toBe('52.97');
    expect(fields[19]).toBe('CHF');

    // Mailed to the billing contact, its PDF attached when the worker sends it.
    const queued = (await mailsFor(order.id)).filter((mail) => mail.kind === 'invoiceIssued');
    expect(queued.map((mail) => [mail.recipient, mail.subject])).toEqual([['first@muster.example', `Rechnung ${first!.number} zu Ihrer Bestellung ${order.number}`]]);
    await t.app.mailWorker.runOnce();
    const sent = smtp.mails.find((mail) => mail.subject === queued[0]?.subject);
    expect(sent?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`invoice-${first!.number}.pdf`, 'application/pdf']]);
    expect(Buffer.compare(sent!.attachments[0]!.content, once.rawPayload)).toBe(0);
    // As the worker composed it (the outbox helper checks its HTML part's language and title).
    expect((await queuedMails(t.database, { to: 'first@muster.example' })).map((mail) => mail.subject)).toContain(queued[0]?.subject);

    // A second INVOICE is refused by the lifecycle; nothing new is issued.
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(409);
    expect(await invoiceRows(order.id)).toHaveLength(1);
  });
});

describe('the billing job', () => {
  it('renews a plan started on 31 January on 28 February and 31 March, each period once, and its invoice carries the period', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, '2026-01-31');
    expect((await t.app.billing.run({ asOf: '2026-02-27' })).renewed.filter((r) => r.orderId === order.id)).toEqual([]);

    const february = await t.app.billing.run({ asOf: '2026-02-28' });
    expect(february.renewed.filter((r) => r.orderId === order.id).map((r) => [r.periodStart, r.periodEnd])).toEqual([['2026-02-28', '2026-03-31']]);
    expect((await t.app.billing.run({ asOf: '2026-02-28' })).renewed.filter((r) => r.orderId === order.id)).toEqual([]);
    await t.app.billing.run({ asOf: '2026-03-31' });

    const renewed = await renewals(order.id);
    expect(renewed.map((row) => [row.actor, row.data?.periodStart, row.data?.periodEnd, row.data?.amountDue])).toEqual([
      ['billing', '2026-02-28', '2026-03-31', 52.97],
      ['billing', '2026-03-31', '2026-04-30', 52.97],
    ]);
    const list = await invoicesOf(order.id);
    expect(list.invoices.map((i) => [i.periodFirstDay, i.periodLastDay, i.issuedOn, i.dueOn])).toEqual([
      [null, null, isoDateInZurich(), expect.any(String)],
      ['2026-02-28', '2026-03-30', '2026-02-28', '2026-03-30'],
      ['2026-03-31', '2026-04-29', '2026-03-31', '2026-04-30'],
    ]);
    // The two renewals are open: what the order's amount due says too.
    expect(list.open).toBe(105.94);
    expect((await view(order.id)).amountDue).toBe(105.94);
    if (hasPdftotext) {
      const pdf = await asVisitor('GET', `/api/orders/${order.id}/invoices/${list.invoices[1]!.id}/pdf`);
      expect(pdftotextPages(pdf.rawPayload).join('\n')).toContain('28. Feb. 2026 bis 30. März 2026');
    }
    const mails = (await mailsFor(order.id)).filter((mail) => mail.kind === 'invoiceIssued');
    expect(mails.map((mail) => mail.subject)).toEqual(list.invoices.map((i) => `Rechnung ${i.number} zu Ihrer Bestellung ${order.number}`));
  });

  it('bills each period missed during downtime once, and a second run the same day bills nothing', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, '2026-01-15');
    const report = await t.app.billing.run({ asOf: '2026-05-20' });
    expect(report.renewed.filter((r) => r.orderId === order.id).map((r) => r.periodStart)).toEqual(['2026-02-15', '2026-03-15', '2026-04-15', '2026-05-15']);
    expect((await t.app.billing.run({ asOf: '2026-05-20' })).renewed.filter((r) => r.orderId === order.id)).toEqual([]);
    expect(await renewals(order.id)).toHaveLength(4);
    expect(await invoiceRows(order.id)).toHaveLength(5);
  });

  it('gives two runs at once one renewal and one invoice per order and period', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, '2026-02-10');
    const [a, b] = await Promise.all([t.app.billing.run({ asOf: '2026-06-12' }), t.app.billing.run({ asOf: '2026-06-12' })]);
    const periods = [...a.renewed, ...b.renewed].filter((r) => r.orderId === order.id).map((r) => r.periodStart);
    expect(periods.sort()).toEqual(['2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10']);
    expect(await renewals(order.id)).toHaveLength(4);
    const rows = await invoiceRows(order.id);
    expect(rows.map((row) => row.periodStart).sort()).toEqual([null, '2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10'].sort());
    expect((await mailsFor(order.id)).filter((mail) => mail.kind === 'invoiceIssued')).toHaveLength(5);
  });

  it('leaves nothing half done when the run fails between the invoice and its mail, and the next run sends the mail once', async () => {
    const order = await buyMonthlyPlan({ email: 'crash@muster.example' });
    await invoiceAndPay(order.id, '2026-03-05');
    await t.database.db.delete(outbox);
    // The database refuses the invoice's mail, as a crash would leave it: after the invoice, before the mail.
    // As the tables' owner: the app's role may not create triggers (PostgreSQL with two roles).
    const owner = { ownerUrl: t.migrationDatabaseUrl, db: t.database.db };
    await runAsOwner(
      `create function refuse_invoice_mail() returns trigger language plpgsql as $$
      begin
        if new.kind = 'invoiceIssued' then raise exception 'the process died here'; end if;
        return new;
      end $$`,
      owner,
    );
    await runAsOwner('create trigger refuse_invoice_mail before insert on outbox for each row execute function refuse_invoice_mail()', owner);
    try {
      await expect(t.app.billing.run({ asOf: '2026-04-05' })).rejects.toThrow();
    } finally {
      await runAsOwner('drop trigger refuse_invoice_mail on outbox', owner);
      await runAsOwner('drop function refuse_invoice_mail()', owner);
    }
    expect(await renewals(order.id)).toHaveLength(0);
    expect(await invoiceRows(order.id)).toHaveLength(1);

    await t.app.billing.run({ asOf: '2026-04-05' });
    await t.app.billing.run({ asOf: '2026-04-05' });
    expect(await renewals(order.id)).toHaveLength(1);

    // Two passes of the mail worker (as after a restart): the mail goes once.
    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();
    const invoiceMails = smtp.mails.filter((mail) => mail.subject?.startsWith('Rechnung INV-') && mail.to && JSON.stringify(mail.to).includes('crash@muster.example'));
    expect(invoiceMails).toHaveLength(1);
    expect(invoiceMails[0]?.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(invoiceMails[0]?.text).toContain('5. Apr. 2026 bis 4. Mai 2026');
  });

  it('bills the last period of a 36-month plan under notice at the VAT rate of each period, then terminates it at its end date', async () => {
    const order = await buyMonthlyPlan({ periodMonths: 36 });
    await invoiceAndPay(order.id, '2023-01-15');
    const notice = await asStaff('POST', `/api/orders/admin/${order.id}/termination`, { refund: false });
    expect(notice.statusCode, notice.body).toBe(200);
    expect((notice.json() as AdminOrder).terminatedFrom).toBe('2026-01-15');

    const report = await t.app.billing.run({ asOf: '2026-02-01' });
    const periods = report.renewed.filter((r) => r.orderId === order.id);
    expect(periods).toHaveLength(35);
    expect(periods.at(-1)).toMatchObject({ periodStart: '2025-12-15', periodEnd: '2026-01-15' });
    expect(report.terminated.filter((r) => r.orderId === order.id)).toEqual([{ orderId: order.id, orderNumber: order.number, terminatedFrom: '2026-01-15' }]);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('TERMINATED');
    const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id)).orderBy(orderHistory.at);
    expect(history.at(-1)).toMatchObject({ action: 'TERMINATE', actor: 'billing', fromStatus: 'TERMINATING', toStatus: 'TERMINATED' });

    // 2023's periods at 7.7 %, those from 2024 at 8.1 %.
    const rows = await invoiceRows(order.id);
    const rateOf = (start: string) => rows.find((r) => r.periodStart === start)?.vatRateBasisPoints;
    expect(rateOf('2023-12-15')).toBe(770);
    expect(rateOf('2024-01-15')).toBe(810);
    expect(rows.find((r) => r.periodStart === '2023-02-15')).toMatchObject({ netMinor: 4900, vatMinor: 377, grossMinor: 5277 });

    expect((await t.app.billing.run({ asOf: '2026-03-01' })).renewed.filter((r) => r.orderId === order.id)).toEqual([]);
  });

  it('works on calendar days in Zurich: a run half an hour after midnight on the day daylight saving starts bills that day', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, '2026-02-28');
    // 2026-03-28T23:30Z is 00:30 on 29 March in Zurich (still UTC+1 then); 2026-10-24T22:30Z is 00:30 on 25 October (UTC+2).
    expect(isoDateInZurich(new Date('2026-03-27T23:30:00Z'))).toBe('2026-03-28');
    const spring = await t.app.billing.run({ asOf: isoDateInZurich(new Date('2026-03-27T23:30:00Z')) });
    expect(spring.renewed.filter((r) => r.orderId === order.id).map((r) => r.periodStart)).toEqual(['2026-03-28']);
    const before = await t.app.billing.run({ asOf: isoDateInZurich(new Date('2026-04-27T21:59:00Z')) });
    expect(before.renewed.filter((r) => r.orderId === order.id)).toEqual([]);
    const after = await t.app.billing.run({ asOf: isoDateInZurich(new Date('2026-04-27T22:00:00Z')) });
    expect(after.renewed.filter((r) => r.orderId === order.id).map((r) => r.periodStart)).toEqual(['2026-04-28']);
  });

  it('changes nothing on a dry run and reports what a run would do', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, '2026-04-02');
    const dry = await t.app.billing.run({ asOf: '2026-05-02', dryRun: true });
    expect(dry.renewed.filter((r) => r.orderId === order.id).map((r) => r.periodStart)).toEqual(['2026-05-02']);
    expect(await renewals(order.id)).toHaveLength(0);
    expect(await invoiceRows(order.id)).toHaveLength(1);
  });
});

describe('a plan started by a payment dated before its order', () => {
  it('cannot be made: a payment before the day the order was placed is refused on its date, in both languages', async () => {
    const order = await buyMonthlyPlan();
    const today = isoDateInZurich();
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const amount = (await view(order.id)).amountDue;
    for (const date of ['2000-01-01', addDays(today, -1)]) {
      const refused = await asStaff('POST', `/api/orders/admin/${order.id}/pay`, { amount, date });
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json()).toEqual({
        errors: [
          {
            field: 'date',
            code: 'tooSmall',
            messagesByLanguage: {
              'en-US': `The date must not be before the day the order was placed (${today}).`,
              'de-CH': `Das Datum darf nicht vor dem Tag liegen, an dem die Bestellung aufgegeben wurde (${today}).`,
            },
          },
        ],
      });
    }
    const after = await view(order.id);
    expect([after.detail.status, after.payments]).toEqual(['INVOICED', []]);
    expect((await t.app.billing.run({ dryRun: true })).renewed.filter((r) => r.orderId === order.id)).toEqual([]);

    // The day it was placed is the earliest a payment can have.
    await pay(order.id, amount, today);
    expect((await view(order.id)).detail.status).toBe('ACTIVE');
  });

  it('is not billed by the job (nor renewed by staff), and the job warns of it; a plan far behind is billed and named', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      // Anchored on 15 January, then its order says it was placed on 1 March (as data written before the check could).
      const early = await buyMonthlyPlan();
      await invoiceAndPay(early.id, '2026-01-15');
      await placedOn(early.id, '2026-03-01');
      const behind = await buyMonthlyPlan();
      await invoiceAndPay(behind.id, '2026-01-20');
      const onTime = await buyMonthlyPlan();
      await invoiceAndPay(onTime.id, '2026-02-20');

      const dry = await t.app.billing.run({ asOf: '2026-05-20', dryRun: true });
      expect(dry.refused.filter((r) => r.orderId === early.id)).toEqual([
        { orderId: early.id, orderNumber: early.number, periodStart: '2026-02-15', orderedOn: '2026-03-01' },
      ]);
      const report = await t.app.billing.run({ asOf: '2026-05-20' });
      expect(report.renewed.filter((r) => r.orderId === early.id)).toEqual([]);
      expect(report.refused.map((r) => r.orderId)).toContain(early.id);
      expect(await invoiceRows(early.id)).toHaveLength(1);
      expect((await asStaff('POST', `/api/orders/admin/${early.id}/status`, { action: 'RENEW' })).statusCode).toBe(409);
      expect(await renewals(early.id)).toEqual([]);

      // Four periods of one plan due at once: billed, and named in the log; three are not.
      expect(report.renewed.filter((r) => r.orderId === behind.id).map((r) => r.periodStart)).toEqual(['2026-02-20', '2026-03-20', '2026-04-20', '2026-05-20']);
      expect(report.renewed.filter((r) => r.orderId === onTime.id)).toHaveLength(3);

      const warnings = warn.mock.calls.map(([fields, message]) => ({ ...(fields as object), message }));
      expect(warnings).toContainEqual({
        orderId: early.id,
        orderNumber: early.number,
        periodStart: '2026-02-15',
        orderedOn: '2026-03-01',
        message: 'billing refused a plan: its next period begins before its order was placed',
      });
      expect(warnings).toContainEqual({ orderId: behind.id, orderNumber: behind.number, periodsDue: 4, message: 'billing: a plan has more than 3 periods due at once' });
      expect(warnings.filter((warning) => 'orderId' in warning && warning.orderId === onTime.id)).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('payments and reminders', () => {
  it('records a payment against the oldest open invoice, and reminds of an unpaid one on its days, each once, the latest only after downtime', async () => {
    const order = await buyMonthlyPlan({ email: 'remind@muster.example', language: 'en-US' });
    await invoiceAndPay(order.id, '2026-01-10');
    await t.app.billing.run({ asOf: '2026-02-10' });
    await t.app.billing.run({ asOf: '2026-03-10' });
    const [, february, march] = (await invoicesOf(order.id)).invoices;
    // Paid without naming an invoice: the oldest open one, February's.
    await pay(order.id, 52.97, '2026-03-12');
    expect((await invoicesOf(order.id)).invoices.map((i) => i.status)).toEqual(['PAID', 'PAID', 'OVERDUE']);
    expect(february?.dueOn).toBe('2026-03-12');
    expect(march?.dueOn).toBe('2026-04-09');

    // March's invoice: due 9 April; reminders on 19 April, 29 April, 9 May.
    expect((await t.app.billing.run({ asOf: '2026-04-18' })).reminded.filter((r) => r.orderId === order.id)).toEqual([]);
    const first = await t.app.billing.run({ asOf: '2026-04-19' });
    expect(first.reminded.filter((r) => r.orderId === order.id).map((r) => r.step)).toEqual([1]);
    expect((await t.app.billing.run({ asOf: '2026-04-20' })).reminded.filter((r) => r.orderId === order.id)).toEqual([]);
    // Down from 20 April to 15 May: only the latest step due, the final one.
    const late = await t.app.billing.run({ asOf: '2026-05-15' });
    expect(late.reminded.filter((r) => r.orderId === order.id && r.invoiceNumber === march?.number).map((r) => r.step)).toEqual([3]);

    // One statement per run to the billing contact, listing every open invoice of theirs: March's, and the renewals not due yet.
    const statements = (await mailsFor(order.id)).filter((mail) => mail.kind === 'reminderStatement');
    expect(statements.map((mail) => [mail.recipient, mail.subject])).toEqual([
      ['remind@muster.example', 'Payment reminder: your 2 open invoices'],
      ['remind@muster.example', 'Final reminder: your 3 open invoices'],
    ]);
    await t.app.mailWorker.runOnce();
    const final = smtp.mails.find((mail) => mail.subject === 'Final reminder: your 3 open invoices' && JSON.stringify(mail.to).includes('remind@muster.example'));
    expect(final?.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf', 'application/pdf']);
    // It names only the reminder that went out: the second level was skipped during the downtime.
    expect(final?.text).toContain(`Invoice ${march?.number}, 10 Mar 2026 to 9 Apr 2026, due on 9 Apr 2026, open 52.97 CHF: final reminder, level 3 of 3 (before: payment reminder of 19 Apr 2026)`);
    expect(final?.text).not.toContain('after two reminders');
    expect(final?.text).toContain('Dear Anna Muster');
    expect((await queuedMails(t.database, { to: 'remind@muster.example' })).map((mail) => mail.subject)).toContain(final?.subject);
    const notes = await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(notes.map((note) => [note.author, note.text])).toContainEqual(['billing', `Reminder 3 of 3 for invoice ${march?.number} sent to remind@muster.example in the statement of 2026-05-15`]);
    // The order page counts the reminders that went out: two, not the level reached.
    expect((await invoicesOf(order.id)).invoices.find((invoice) => invoice.number === march?.number)?.remindersSent).toBe(2);

    // The last reminder flags the order overdue for staff.
    const overview = (await asStaff('GET', '/api/admin/billing')).json() as BillingOverview;
    expect(overview.overdueOrders).toBeGreaterThanOrEqual(1);
    // The orders table's overdue queue counts and lists the same orders, and its CSV export too.
    const queues = (await asStaff('GET', '/api/orders/admin/queues')).json() as OrderQueueCounts;
    expect(queues.OVERDUE).toBe(overview.overdueOrders);
    const listed = (await asStaff('POST', '/api/orders/admin/list', { overdue: true, pageSize: 100 })).json() as OrderList;
    expect(listed.totalResults).toBe(overview.overdueOrders);
    expect(listed.results.map((row) => row.id)).toContain(order.id);
    const onTime = await buyMonthlyPlan({ email: 'ontime@muster.example', language: 'en-US' });
    const withoutQueue = (await asStaff('POST', '/api/orders/admin/list', { pageSize: 100 })).json() as OrderList;
    expect(withoutQueue.results.map((row) => row.id)).toContain(onTime.id);
    const inQueue = (await asStaff('POST', '/api/orders/admin/list', { overdue: true, pageSize: 100 })).json() as OrderList;
    expect(inQueue.results.map((row) => row.id)).not.toContain(onTime.id);
    const csv = await asStaff('GET', '/api/orders/admin/export.csv?overdue=true&language=en-US');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + overview.overdueOrders);
    // Each run bills every plan of this file's database up to its day: many renewals.
  }, 120_000);

  it('sends no reminder for an invoice paid before its reminder day', async () => {
    const order = await buyMonthlyPlan({ email: 'paid@muster.example' });
    await invoiceAndPay(order.id, '2026-06-01');
    await t.app.billing.run({ asOf: '2026-07-01' });
    await pay(order.id, 52.97, '2026-07-20');
    const report = await t.app.billing.run({ asOf: '2026-08-31' });
    expect(report.reminded.filter((r) => r.orderId === order.id && r.invoiceNumber !== undefined && r.step > 0).map((r) => r.invoiceNumber)).not.toContain(
      (await invoicesOf(order.id)).invoices[1]?.number,
    );
  });
});

describe('credit notes', () => {
  const credit = (orderId: string, invoiceId: string, payload: object) => asStaff('POST', `/api/orders/admin/${orderId}/invoices/${invoiceId}/credit-notes`, payload);

  it('credits part of an invoice with a credit note of its own number and PDF, lowers what is open, and mails it in the order language', async () => {
    const order = await buyMonthlyPlan({ email: 'credit@muster.example' });
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;

    const issued = await credit(order.id, invoice!.id, { amount: 10, reason: 'Two seats were never used' });
    expect(issued.statusCode, issued.body).toBe(200);
    const answer = issued.json() as OrderInvoices;
    expect(answer.invoices).toHaveLength(2);
    const note = answer.invoices[1]!;
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', credits: invoice!.number, gross: -10, vatAmount: -0.75, net: -9.25, open: 0, status: 'ISSUED' });
    expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(answer.invoices[0]).toMatchObject({ number: invoice!.number, gross: 52.97, credited: 10, open: 42.97, status: 'OPEN' });
    expect(answer.open).toBe(42.97);
    // The order's money box follows, and the customer's tracking page lists the credit note.
    expect((await view(order.id)).amountDue).toBe(42.97);
    expect((await invoicesOf(order.id)).invoices.map((i) => [i.number, i.kind])).toEqual([
      [invoice!.number, 'INVOICE'],
      [note.number, 'CREDIT_NOTE'],
    ]);
    // In the order's history: amount, reason and who.
    const history = (await view(order.id)).history.map((entry) => JSON.stringify(entry));
    expect(history.some((entry) => entry.includes(note.number) && entry.includes('10.00 CHF') && entry.includes('Two seats were never used') && entry.includes('anna.admin@example.ch'))).toBe(true);

    // Its PDF: a credit note in the order's language that refers to the invoice, negative amounts, VAT as on the invoice, no QR-bill.
    const pdf = await asVisitor('GET', `/api/orders/${order.id}/invoices/${note.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(`Gutschrift ${note.number}`);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Grund: Two seats were never used');
    expect(text).toMatch(/-\s?10\.00/);
    expect(text).toContain('8.1');
    expect(text).not.toContain('Zahlteil');
    expect(await decodeQrCode(pdf.rawPayload)).toBeFalsy();
    const again = await asStaff('GET', `/api/orders/admin/${order.id}/invoices/${note.id}/pdf`);
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);

    // Mailed to the billing contact in German, with the PDF.
    await t.app.mailWorker.runOnce();
    const mail = smtp.mails.find((sent) => sent.subject === `Gutschrift ${note.number} zur Rechnung ${invoice!.number} Ihrer Bestellung ${order.number}`);
    expect(mail?.to && JSON.stringify(mail.to)).toContain('credit@muster.example');
    expect(mail?.text).toContain('Grund: Two seats were never used');
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`credit-note-${note.number}.pdf`, 'application/pdf']]);
    expect(Buffer.compare(mail!.attachments[0]!.content, pdf.rawPayload)).toBe(0);
    expect((await queuedMails(t.database, { to: 'credit@muster.example' })).map((sent) => sent.subject)).toContain(mail?.subject);

    // Crediting the rest cancels the invoice: nothing is open any more.
    const rest = await credit(order.id, invoice!.id, { amount: 42.97, reason: 'Order withdrawn' });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json() as OrderInvoices;
    expect(after.invoices[0]).toMatchObject({ credited: 52.97, open: 0, status: 'CANCELED' });
    expect(after.open).toBe(0);
    // One counter for invoices and credit notes, without a gap.
    const serial = (number: string) => Number(number.slice(-6));
    expect(serial(after.invoices[2]!.number)).toBe(serial(note.number) + 1);
  });

  it('refuses a credit above what is left, for another order, or with nothing left, at the field and in both languages, and writes nothing', async () => {
    const order = await buyMonthlyPlan();
    const other = await buyMonthlyPlan();
    for (const id of [order.id, other.id]) expect((await asStaff('POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    const [otherInvoice] = (await invoicesOf(other.id)).invoices;
    const countBefore = (await invoiceRows(order.id)).length;

    const tooMuch = await credit(order.id, invoice!.id, { amount: 60, reason: 'Goodwill' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({
      field: 'amount',
      code: 'tooBig',
      messagesByLanguage: {
        'en-US': 'A credit note can take off at most what the invoice has not been credited yet: 52.97 CHF.',
        'de-CH': 'Eine Gutschrift kann höchstens den noch nicht gutgeschriebenen Betrag der Rechnung abziehen: 52.97 CHF.',
      },
    });
    const foreign = await credit(order.id, otherInvoice!.id, { amount: 1, reason: 'Goodwill' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'invoiceId', messagesByLanguage: { 'en-US': expect.stringContaining('not an invoice of this order'), 'de-CH': expect.stringContaining('keine Rechnung dieser Bestellung') } });
    const empty = await credit(order.id, invoice!.id, { amount: 0, reason: '' });
    expect(empty.statusCode).toBe(400);
    expect((empty.json().errors as { field: string }[]).map((error) => error.field).sort()).toEqual(['amount', 'reason']);
    expect(await invoiceRows(order.id)).toHaveLength(countBefore);
    expect((await view(order.id)).amountDue).toBe(52.97);

    expect((await credit(order.id, invoice!.id, { amount: 52.97, reason: 'Canceled by agreement' })).statusCode).toBe(200);
    const nothingLeft = await credit(order.id, invoice!.id, { amount: 1, reason: 'Again' });
    expect(nothingLeft.statusCode).toBe(400);
    expect(nothingLeft.json().errors[0]).toMatchObject({ field: 'amount', messagesByLanguage: { 'en-US': expect.stringContaining('nothing left to credit'), 'de-CH': expect.stringContaining('nichts gutzuschreiben') } });
    expect(await invoiceRows(order.id)).toHaveLength(countBefore + 1);
    expect((await view(order.id)).amountDue).toBe(0);
  });

  /** Ten Basic seats a month (CHF 4.90) and three Foundation seats once (CHF 145.00): invoiced, net 484.00, VAT 39.20, gross 523.20. */
  const buyWithTwoLines = (email: string) => buyMonthlyPlan({ email, alsoOnce: { productCode: 'cyber_security_training_foundation_v1', quantity: 3 } });

  it('credits seats of the invoice\'s lines: the credited lines with their seats, VAT on their net, printed and mailed as a credit note', async () => {
    const order = await buyWithTwoLines('seats@muster.example');
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    expect(invoice).toMatchObject({ net: 484, vatAmount: 39.2, gross: 523.2 });
    expect(invoice!.lines.map((line) => [line.lineId, line.seats, line.unitPrice, line.total, line.creditedSeats])).toEqual([
      ['1', 10, 4.9, 49, 0],
      ['2', 3, 145, 435, 0],
    ]);

    const issued = await credit(order.id, invoice!.id, { lines: [{ lineId: '1', seats: 3 }, { lineId: '2', seats: 1 }], reason: 'Four seats were never used' });
    expect(issued.statusCode, issued.body).toBe(200);
    const answer = issued.json() as OrderInvoices;
    const note = answer.invoices[1]!;
    // 3 × 4.90 + 1 × 145.00 = 159.70 net, 8.1 % of it 12.94 (12.9357 rounded).
    expect(note).toMatchObject({ kind: 'CREDIT_NOTE', credits: invoice!.number, net: -159.7, vatAmount: -12.94, gross: -172.64, lines: [] });
    expect(answer.invoices[0]).toMatchObject({ credited: 172.64, open: 350.56, status: 'OPEN' });
    expect(answer.invoices[0]!.lines.map((line) => line.creditedSeats)).toEqual([3, 1]);
    expect((await view(order.id)).amountDue).toBe(350.56);

    // Printed as a credit note in the order's language: its own labels, the invoice it corrects with its day, the reason, the lines with their seats.
    const pdf = await asVisitor('GET', `/api/orders/${order.id}/invoices/${note.id}/pdf`);
    const text = (hasPdftotext ? pdftotextPages(pdf.rawPayload) : await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(`Gutschrift ${note.number}`);
    expect(text).toContain('Gutschriftsnummer');
    expect(text).toContain('Gutschriftsdatum');
    expect(text).toContain('Gutschrift an');
    expect(text).not.toContain('Rechnungsnummer');
    expect(text).toContain('Fragen zu dieser Gutschrift?');
    expect(text).not.toContain('Fällig am');
    expect(text).toContain(`korrigiert die Rechnung ${invoice!.number} vom`);
    expect(text).toContain('Grund: Four seats were never used');
    expect(text).toContain('3 Plätze');
    expect(text).toContain('1 Platz');
    expect(text).toMatch(/-\s?172\.64/);
    expect(text).not.toContain('Zahlteil');

    // Mailed with its PDF to the billing contact.
    await t.app.mailWorker.runOnce();
    const mail = smtp.mails.find((sent) => sent.subject === `Gutschrift ${note.number} zur Rechnung ${invoice!.number} Ihrer Bestellung ${order.number}`);
    expect(mail?.to && JSON.stringify(mail.to)).toContain('seats@muster.example');
    expect(Buffer.compare(mail!.attachments[0]!.content, pdf.rawPayload)).toBe(0);

    // The rest of every line: the last credit note takes the rest of the VAT, and the invoice is canceled with nothing open.
    const rest = await credit(order.id, invoice!.id, { lines: [{ lineId: '1', seats: 7 }, { lineId: '2', seats: 2 }], reason: 'Order withdrawn' });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json() as OrderInvoices;
    expect(after.invoices[2]).toMatchObject({ net: -324.3, vatAmount: -26.26, gross: -350.56 });
    expect(after.invoices[0]).toMatchObject({ credited: 523.2, open: 0, status: 'CANCELED' });
  });

  it('refuses more seats than a line has left, an unknown line, or more money than the invoice allows, at the field, and writes nothing', async () => {
    const order = await buyWithTwoLines('seat-limits@muster.example');
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    expect((await credit(order.id, invoice!.id, { lines: [{ lineId: '2', seats: 1 }], reason: 'One seat unused' })).statusCode).toBe(200);
    const rows = (await invoiceRows(order.id)).length;
    const due = (await view(order.id)).amountDue;

    const tooMany = await credit(order.id, invoice!.id, { lines: [{ lineId: '1', seats: 1 }, { lineId: '2', seats: 3 }], reason: 'Goodwill' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({
      field: 'lines.1.seats',
      code: 'tooBig',
      messagesByLanguage: { 'en-US': 'At most 2 seats of this line are left to credit.', 'de-CH': 'Von dieser Position sind höchstens noch 2 Plätze gutzuschreiben.' },
    });
    const unknown = await credit(order.id, invoice!.id, { lines: [{ lineId: '9', seats: 1 }], reason: 'Goodwill' });
    expect(unknown.json().errors[0]).toMatchObject({ field: 'lines.0.lineId', code: 'invalid' });

    expect(await invoiceRows(order.id)).toHaveLength(rows);
    expect((await view(order.id)).amountDue).toBe(due);

    // An amount takes money, not seats: after it, two seats of 145.00 are more than the invoice has left.
    expect((await credit(order.id, invoice!.id, { amount: 360, reason: 'Discount' })).statusCode).toBe(200);
    const dueAfterAmount = (await view(order.id)).amountDue;
    const aboveInvoice = await credit(order.id, invoice!.id, { lines: [{ lineId: '2', seats: 2 }], reason: 'Goodwill' });
    expect(aboveInvoice.statusCode).toBe(400);
    expect(aboveInvoice.json().errors[0]).toMatchObject({
      field: 'lines',
      code: 'tooBig',
      messagesByLanguage: { 'en-US': expect.stringContaining('at most what the invoice has not been credited yet'), 'de-CH': expect.stringContaining('höchstens den noch nicht gutgeschriebenen Betrag') },
    });
    expect(await invoiceRows(order.id)).toHaveLength(rows + 1);
    expect((await view(order.id)).amountDue).toBe(dueAfterAmount);
    expect((await invoicesOf(order.id)).invoices[0]!.lines.map((line) => line.creditedSeats)).toEqual([0, 1]);

    // The request: an amount or seats, not both, not neither, and some seats.
    const both = await credit(order.id, invoice!.id, { amount: 1, lines: [{ lineId: '1', seats: 1 }], reason: 'x' });
    expect(both.json().errors.map((error: { field: string }) => error.field)).toEqual(['lines']);
    const neither = await credit(order.id, invoice!.id, { reason: 'x' });
    expect(neither.json().errors[0]).toMatchObject({ field: 'amount', code: 'required', messagesByLanguage: { 'de-CH': expect.stringContaining('entweder einen Betrag oder Plätze') } });
    const noSeats = await credit(order.id, invoice!.id, { lines: [{ lineId: '1', seats: 0 }], reason: 'x' });
    expect(noSeats.json().errors[0]).toMatchObject({ field: 'lines', messagesByLanguage: { 'en-US': 'Enter the seats to credit on at least one line.' } });
    expect(await invoiceRows(order.id)).toHaveLength(rows + 1);
  });

  it('reminds of what is still open after a credit note, not of the gross of the invoice', async () => {
    const order = await buyMonthlyPlan({ email: 'credited-reminder@muster.example', language: 'en-US' });
    await invoiceAndPay(order.id, '2026-09-01');
    await t.app.billing.run({ asOf: '2026-10-01' });
    const october = (await invoicesOf(order.id)).invoices[1];
    expect((await credit(order.id, october!.id, { amount: 10, reason: 'Two seats were never used' })).statusCode).toBe(200);
    // Due 31 October, first reminder ten days later.
    await t.app.billing.run({ asOf: '2026-11-10' });
    await t.app.mailWorker.runOnce();
    // October's invoice is overdue, November's (issued 1 November) not yet due: both are listed, October's open amount asked for.
    const reminder = smtp.mails.find((mail) => mail.subject === 'Payment reminder: your 2 open invoices' && JSON.stringify(mail.to).includes('credited-reminder@muster.example'));
    expect(reminder?.text).toContain(`Invoice ${october!.number}, 1 Oct 2026 to 31 Oct 2026, due on 31 Oct 2026, open 42.97 CHF: payment reminder, level 1 of 3`);
    expect(reminder?.text).toContain('Please pay the overdue 42.97 CHF');
  }, 120_000);

  it('needs the editor role', async () => {
    const order = await buyMonthlyPlan();
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    const viewer = await signInAsStaff(t, { email: 'vera.viewer@example.ch', role: 'viewer' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order.id}/invoices/${invoice!.id}/credit-notes`, headers: viewer.headers, payload: { amount: 1, reason: 'x' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('refunds against credit notes', () => {
  const credit = (orderId: string, invoiceId: string, amount: number) =>
    asStaff('POST', `/api/orders/admin/${orderId}/invoices/${invoiceId}/credit-notes`, { amount, reason: 'Two seats were never used' });
  const refund = (orderId: string, creditNoteId: string, payload: object) => asStaff('POST', `/api/orders/admin/${orderId}/invoices/${creditNoteId}/refunds`, payload);
  const creditNoteOf = async (orderId: string) => (await invoicesOf(orderId)).invoices.find((row) => row.kind === 'CREDIT_NOTE')!;
  /** What a refusal may not leave behind: the credit note's refunds, the order's notes, the audit rows. */
  const written = async (orderId: string) => ({
    refunded: (await invoiceRows(orderId)).map((row) => row.refundedMinor),
    notes: (await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId))).length,
    audit: (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.creditNoteRefund'))).length,
  });
  const today = isoDateInZurich();

  it('has nothing to refund on an unpaid invoice: its credit note only lowered what is open', async () => {
    const order = await buyMonthlyPlan();
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    expect((await credit(order.id, invoice!.id, 10)).statusCode).toBe(200);
    const note = await creditNoteOf(order.id);
    expect(note).toMatchObject({ refunded: 0, toRefund: 0 });
    const before = await written(order.id);
    const refused = await refund(order.id, note.id, { amount: 1, date: today });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      field: 'amount',
      code: 'tooBig',
      messagesByLanguage: {
        'en-US': `There is nothing to refund against credit note ${note.number}: the buyer has not paid more than the invoice still asks, or it has been refunded.`,
        'de-CH': `Zur Gutschrift ${note.number} ist nichts zurückzuerstatten: Die Kundschaft hat nicht mehr bezahlt, als die Rechnung noch verlangt, oder es wurde schon zurückerstattet.`,
      },
    });
    expect(await written(order.id)).toEqual(before);
  });

  it('refunds at most the credit note\'s gross on a paid invoice, not before its day nor in the future, and writes nothing when refused', async () => {
    const order = await buyMonthlyPlan();
    const other = await buyMonthlyPlan();
    await invoiceAndPay(order.id, today);
    expect((await asStaff('POST', `/api/orders/admin/${other.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    expect((await credit(order.id, invoice!.id, 10)).statusCode).toBe(200);
    const note = await creditNoteOf(order.id);
    // Paid in full: the buyer is owed the whole credit note.
    expect(note).toMatchObject({ refunded: 0, toRefund: 10 });
    const before = await written(order.id);

    const tooMuch = await refund(order.id, note.id, { amount: 10.01, date: today });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({
      field: 'amount',
      code: 'tooBig',
      messagesByLanguage: { 'en-US': 'At most 10.00 CHF is left to refund against this credit note.', 'de-CH': 'Zu dieser Gutschrift sind höchstens noch 10.00 CHF zurückzuerstatten.' },
    });
    const early = await refund(order.id, note.id, { amount: 1, date: addDays(note.issuedOn, -1) });
    expect(early.json().errors[0]).toMatchObject({ field: 'date', code: 'tooSmall', messagesByLanguage: { 'de-CH': `Eine Rückerstattung kann nicht vor ihrer Gutschrift ausgezahlt worden sein (${note.issuedOn}).` } });
    const future = await refund(order.id, note.id, { amount: 1, date: addDays(today, 1) });
    expect(future.json().errors[0]).toMatchObject({ field: 'date', code: 'tooBig' });
    // An invoice, or another order's record, is no credit note of this order.
    const anInvoice = await refund(order.id, invoice!.id, { amount: 1, date: today });
    expect(anInvoice.json().errors[0]).toMatchObject({ field: 'invoiceId', messagesByLanguage: { 'en-US': expect.stringContaining('not a credit note of this order'), 'de-CH': expect.stringContaining('keine Gutschrift dieser Bestellung') } });
    const foreign = await refund(other.id, note.id, { amount: 1, date: today });
    expect(foreign.json().errors[0]).toMatchObject({ field: 'invoiceId' });
    const empty = await refund(order.id, note.id, { amount: 0, date: 'yesterday' });
    expect((empty.json().errors as { field: string }[]).map((error) => error.field).sort()).toEqual(['amount', 'date']);
    expect(await written(order.id)).toEqual(before);

    const first = await refund(order.id, note.id, { amount: 4, date: today, note: 'Bank transfer to CH93 0076 2011 6238 5295 7' });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as OrderInvoices).invoices.find((row) => row.id === note.id)).toMatchObject({ refunded: 4, toRefund: 6 });
    // In the order's history (amount, day, what is left, the note, who) and the audit log, once.
    const history = (await view(order.id)).history.map((entry) => JSON.stringify(entry));
    expect(history.some((entry) => entry.includes(`4.00 CHF refunded against credit note ${note.number} on ${today}; still to refund: 6.00 CHF.`) && entry.includes('CH93 0076') && entry.includes('anna.admin@example.ch'))).toBe(true);
    expect(await written(order.id)).toMatchObject({ notes: before.notes + 1, audit: before.audit + 1 });
    // The invoice itself and what is open do not change.
    expect((await invoicesOf(order.id)).invoices[0]).toMatchObject({ refunded: 0, toRefund: 0, open: 0, status: 'PAID' });

    expect((await refund(order.id, note.id, { amount: 6, date: today })).statusCode).toBe(200);
    expect(await creditNoteOf(order.id)).toMatchObject({ refunded: 10, toRefund: 0 });
    const again = await refund(order.id, note.id, { amount: 0.01, date: today });
    expect(again.json().errors[0]).toMatchObject({ field: 'amount', messagesByLanguage: { 'en-US': expect.stringContaining('nothing to refund') } });
  });

  it('on a part-paid invoice refunds only what was paid beyond what the invoice still asks', async () => {
    const order = await buyMonthlyPlan();
    expect((await asStaff('POST', `/api/orders/admin/${order.id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    // 30.00 of 52.97 paid, then 30.00 credited: 7.03 paid too much.
    await pay(order.id, 30, today);
    expect((await credit(order.id, invoice!.id, 30)).statusCode).toBe(200);
    expect(await creditNoteOf(order.id)).toMatchObject({ toRefund: 7.03 });
    expect((await invoicesOf(order.id)).invoices[0]).toMatchObject({ open: 0, status: 'PAID' });
    const refused = await refund(order.id, (await creditNoteOf(order.id)).id, { amount: 7.04, date: today });
    expect(refused.json().errors[0]).toMatchObject({ field: 'amount', messagesByLanguage: { 'en-US': 'At most 7.03 CHF is left to refund against this credit note.' } });
  });

  it('needs the editor role, as a payment does', async () => {
    const order = await buyMonthlyPlan();
    await invoiceAndPay(order.id, today);
    const [invoice] = (await invoicesOf(order.id)).invoices;
    expect((await credit(order.id, invoice!.id, 10)).statusCode).toBe(200);
    const viewer = await signInAsStaff(t, { email: 'vito.viewer@example.ch', role: 'viewer' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order.id}/invoices/${(await creditNoteOf(order.id)).id}/refunds`, headers: viewer.headers, payload: { amount: 1, date: today } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('notice from the customer', () => {
  it('takes effect only once the billing contact confirms it with the mailed link, at the end of the minimum term', async () => {
    const order = await buyMonthlyPlan({ email: 'notice@muster.example', language: 'en-US' });
    await invoiceAndPay(order.id, '2026-02-03');
    const asked = await asVisitor('POST', `/api/orders/${order.id}/notice`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ effectiveFrom: '2027-02-03', sentTo: 'n…@muster.example' });
    // Asking changes nothing yet.
    expect((await view(order.id)).detail.status).toBe('ACTIVE');

    const [mail] = (await queuedMails(t.database, { to: 'notice@muster.example' })).filter((m) => m.subject?.startsWith('Please confirm'));
    const link = /https?:\/\/\S+notice=([^\s"&]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    expect((await asVisitor('POST', `/api/orders/${order.id}/notice/confirmation`, { token: `${token}x` })).statusCode).toBe(400);
    const confirmed = await asVisitor('POST', `/api/orders/${order.id}/notice/confirmation`, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ terminatedFrom: '2027-02-03' });
    const after = await view(order.id);
    expect(after.detail.status).toBe('TERMINATING');
    expect(after.history.find((entry) => entry.kind === 'TRANSITION' && entry.action === 'START_TERMINATION')).toMatchObject({ who: 'customer' });
    // The same link again answers the same day.
    expect((await asVisitor('POST', `/api/orders/${order.id}/notice/confirmation`, { token })).json()).toEqual({ terminatedFrom: '2027-02-03' });
    // The billing contact gets a confirmation naming the day, and staff a note; once, though the link was opened twice.
    const confirmations = (await queuedMails(t.database, { to: 'notice@muster.example' })).filter((m) => m.subject === `Your notice for order ${order.number} is confirmed`);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.text).toContain('the plan ends on 3 Feb 2027.');
    const staffNotes = (await queuedMails(t.database, { to: 'orders@cybersafe-academy.example' })).filter((m) => m.subject?.startsWith(`Notice confirmed: order ${order.number}`));
    expect(staffNotes).toHaveLength(1);
  });
});

describe('for staff', () => {
  it('lists the renewals of the next 30 days and the monthly recurring revenue per currency with its change', async () => {
    const order = await buyMonthlyPlan();
    const today = isoDateInZurich();
    await invoiceAndPay(order.id, today);
    const overview = (await asStaff('GET', '/api/admin/billing')).json() as BillingOverview;
    expect(overview.upcomingRenewals.find((r) => r.orderId === order.id)).toMatchObject({ number: order.number, company: 'Muster AG', amount: 49, currency: 'CHF' });
    const chf = overview.monthlyRecurringRevenue.find((m) => m.currency === 'CHF');
    expect(chf?.amount).toBeGreaterThanOrEqual(49);
    expect(chf?.change).toBeGreaterThanOrEqual(49);
    expect((await asVisitor('GET', '/api/admin/billing')).statusCode).toBe(401);
  });
});
