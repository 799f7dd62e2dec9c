import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderPayments, orders } from '#server/db/schema.ts';
import type { OrderDetail, StatusInfo } from '#shared/schemas/checkout.ts';
import type { AdminOrder, BulkAnswer, OrderList, SavedView } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { auditQuerySchema } from '#shared/schemas/staff-admin.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';

/** The back office's order calls on orders placed through the shop's own API. */

let t: TestApp;
let staff: StaffSignIn;
let colleague: StaffSignIn;
let visitor: XsrfSession;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_EMAIL: 'orders@cybersafe-academy.example' });
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch', name: 'Anna Admin' });
  colleague = await signInAsStaff(t, { email: 'beat.backoffice@example.ch', name: 'Beat Backoffice' });
  visitor = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const today = isoDateInZurich();

async function asVisitor(method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: visitor.headers, ...(payload ? { payload } : {}) });
}

async function asStaff(method: Method, url: string, payload?: object, who: StaffSignIn = staff) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

const oneTime = { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME' };
const monthly = { productCode: 'cyber_security_training_basic_v1', quantity: 2, paymentFrequency: 'MONTHLY' };

const swissAddress = { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' };
const germanAddress = { street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', countryCode: 'DE' };
const usAddress = { street: '1 Main St', zip: '10001', city: 'New York', state: 'NY', countryCode: 'US' };

/**
 * A cart bought through the API, by default by a Swiss buyer in CHF: 12 Foundation seats
 * are CHF 1740 net, 140.94 VAT (8.1 %), 1880.94 gross: the invoice's total, what falls due.
 */
async function placeOrder(
  options: { company?: string; vatNumber?: string; items?: object[]; currency?: string; address?: object; invoiceAddress?: object } = {},
): Promise<OrderDetail> {
  const [first, ...rest] = options.items ?? [oneTime];
  const { id } = (await asVisitor('POST', '/api/orders/', { ...first, currency: options.currency ?? 'CHF', language: 'de-CH' })).json() as { id: string };
  for (const item of rest) await asVisitor('POST', `/api/orders/${id}/shopping-cart/`, item);
  const saved = await asVisitor('PUT', `/api/orders/${id}/invoice-info`, {
    company: { name: options.company ?? 'Muster AG', ...(options.vatNumber ? { vatNumber: options.vatNumber } : {}) },
    address: options.address ?? swissAddress,
    ...(options.invoiceAddress ? { invoiceAddressSameAsAddress: false, invoiceAddress: options.invoiceAddress } : { invoiceAddressSameAsAddress: true }),
    contact: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
    step: 5,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await asVisitor('POST', `/api/orders/${id}/checkout`, {
    agreeWithLegalTexts: true,
    captchaSolution: await solveCaptcha(t.app, 'checkout'),
    language: 'de-CH',
  });
  expect(bought.statusCode, bought.body).toBe(200);
  return bought.json() as OrderDetail;
}

async function view(id: string): Promise<AdminOrder> {
  const response = await asStaff('GET', `/api/orders/admin/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}

async function act(id: string, path: string, body?: object, who: StaffSignIn = staff) {
  return asStaff('POST', `/api/orders/admin/${id}/${path}`, body, who);
}

async function expectOk(response: Awaited<ReturnType<typeof act>>): Promise<AdminOrder> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const history = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));
  const payments = await t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
  return { row, history: history.length, payments: payments.length };
}

const transitions = (order: AdminOrder) => order.history.filter((entry) => entry.kind === 'TRANSITION');
const actionsOf = (order: AdminOrder) => order.actions.map((entry) => entry.action);

describe('staff only', () => {
  const id = randomUUID();
  const routes: [Method, string, object?][] = [
    ['POST', '/api/orders/admin/list', {}],
    ['GET', '/api/orders/admin/export.csv'],
    ['GET', `/api/orders/admin/${id}/`],
    ['POST', `/api/orders/admin/${id}/pay`, { amount: 1, date: '2026-01-01' }],
    ['POST', `/api/orders/admin/${id}/cancel-refund`, { refund: false }],
    ['POST', `/api/orders/admin/${id}/archive-refund`, { refundDate: '2026-01-01' }],
    ['POST', `/api/orders/admin/${id}/termination`, { refund: false }],
    ['POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' }],
    ['DELETE', `/api/orders/admin/${id}/`],
    ['POST', `/api/orders/admin/${id}/notes`, { text: 'hello' }],
    ['POST', '/api/orders/admin/bulk', { ids: [id], action: 'INVOICE' }],
    ['GET', '/api/orders/admin/views'],
    ['POST', '/api/orders/admin/views', { name: 'x', view: { filter: {}, columns: ['NUMBER'] } }],
    ['DELETE', `/api/orders/admin/views/${id}`],
    ['GET', '/api/admin/dashboard'],
  ];

  it.each(routes)('%s %s answers 401 without a staff session', async (method, url, payload) => {
    const response = await asVisitor(method, url, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'unauthorized', messagesByLanguage: { 'en-US': expect.any(String), 'de-CH': expect.any(String) } });
  });

  it('needs the anti-forgery header for changes, also with a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: { cookie: staff.cookie }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('xsrf');
  });

  it('answers 404 for an unknown order, and 400 for an id that is none', async () => {
    const unknown = await asStaff('GET', `/api/orders/admin/${id}/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.messagesByLanguage['de-CH']).toBe('Diese Bestellung existiert nicht.');
    expect((await act(id, 'status', { action: 'INVOICE' })).statusCode).toBe(404);
    expect((await asStaff('GET', '/api/orders/admin/not-a-uuid/')).statusCode).toBe(400);
  });
});

describe('an order placed at checkout', () => {
  it('has its net total, its gross as the amount due, its agreement time, and both mails name it', async () => {
    const placed = await placeOrder();
    expect(placed.totals).toEqual({ net: 1740, vatRate: 8.1, vatAmount: 140.94, gross: 1880.94, vatKind: 'SWISS_VAT', perMonth: null });
    const { row } = await rowOf(placed.id);
    // The table lists the net total; the invoice's gross total falls due.
    expect(row).toMatchObject({ status: 'ORDERED', totalNetMinor: 174_000, amountDueMinor: 188_094 });
    expect(row?.contractAcceptedAt).toEqual(row?.orderedAt);
    const order = await view(placed.id);
    expect(order).toMatchObject({
      currency: 'CHF',
      received: placed.orderedAt,
      contractAccepted: placed.orderedAt,
      totalAmountPaid: 0,
      amountDue: 1880.94,
      refund: false,
      payments: [],
      actions: [
        { action: 'CANCEL', type: 'STATUS_CHANGE' },
        { action: 'START_WORK', type: 'STATUS_CHANGE' },
        { action: 'INVOICE', type: 'STATUS_CHANGE' },
        { action: 'DELETE', type: 'CUSTOM_ENDPOINT' },
      ],
    });
    expect(order.detail).toMatchObject({ id: placed.id, number: placed.number, totals: placed.totals, status: 'ORDERED' });
    expect(order.detail.items.map((item) => [item.id, item.quantity, item.totalPrice])).toEqual(placed.items.map((item) => [item.id, item.quantity, item.totalPrice]));
    // Newest first: the two mails queued with the BUY, then the BUY, then the CREATE.
    expect(order.history.map((entry) => (entry.kind === 'TRANSITION' ? `${entry.action} by ${entry.who}` : entry.kind))).toEqual([
      'MAIL',
      'MAIL',
      'BUY by customer',
      'CREATE by customer',
    ]);
    const mails = order.history.filter((entry) => entry.kind === 'MAIL');
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['anna@example.ch', 'orders@cybersafe-academy.example']);
    expect(mails.every((mail) => mail.sent === false && mail.subject.includes(placed.number ?? '?'))).toBe(true);
  });
});

describe('the journey of a one-time order', () => {
  it('START_WORK → INVOICE → partial PAY → PAY the rest → CANCEL_REFUND with a refund → ARCHIVE_REFUND', async () => {
    const { id } = await placeOrder();

    let order = await expectOk(await act(id, 'status', { action: 'START_WORK' }));
    expect(order).toMatchObject({ detail: { status: 'IN_PROGRESS' }, availableFrom: today });
    order = await expectOk(await act(id, 'status', { action: 'INVOICE' }));
    expect(order.detail.status).toBe('INVOICED');
    // Once invoiced the order is in the books: archived at the end, never deleted.
    expect(actionsOf(order)).toEqual(['CANCEL', 'PAY']);

    order = await expectOk(await act(id, 'pay', { amount: 1000.5, date: today }));
    expect(order).toMatchObject({ detail: { status: 'INVOICED' }, totalAmountPaid: 1000.5, amountDue: 880.44 });
    expect(order.payments).toEqual([{ amount: 1000.5, date: today, by: 'anna.admin@example.ch' }]);
    // The audit log's row of the payment names its amount and day.
    const payments = await t.app.audit.page(auditQuerySchema.parse({ action: 'order.PAY', targetId: id }));
    expect(payments.results.map((row) => row.summary)).toEqual([`${order.detail.number}: INVOICED → INVOICED, 1000.50 CHF on ${today}`]);
    // Once something is paid, CANCEL is refused: a paid order is canceled with a refund.
    const cancel = await act(id, 'status', { action: 'CANCEL' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.messagesByLanguage['en-US']).toContain('cancel it with a refund');

    order = await expectOk(await act(id, 'pay', { amount: 880.44, date: today, reason: 'bank transfer' }, colleague));
    expect(order).toMatchObject({ detail: { status: 'PAID' }, totalAmountPaid: 1880.94, amountDue: 0 });
    expect(actionsOf(order)).toEqual(['CANCEL_REFUND', 'COMPLETE']);

    order = await expectOk(await act(id, 'cancel-refund', { refund: true, refundAmount: 500, reason: 'customer withdrew' }));
    expect(order).toMatchObject({ detail: { status: 'CANCELED' }, canceledBy: 'anna.admin@example.ch', refund: true, refundAmount: 500, refunded: false });
    expect(actionsOf(order)).toEqual(['ARCHIVE_REFUND']);
    // ARCHIVE waits for the refund.
    expect((await act(id, 'status', { action: 'ARCHIVE' })).statusCode).toBe(409);

    // A refund is not paid out before the order was placed.
    const early = await act(id, 'archive-refund', { refundDate: addDays(today, -1) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toMatchObject([{ field: 'refundDate', code: 'tooSmall' }]);
    order = await expectOk(await act(id, 'archive-refund', { refundDate: today }));
    expect(order).toMatchObject({ detail: { status: 'CANCELED' }, refunded: true, refundedDate: today });
    expect(actionsOf(order)).toEqual(['ARCHIVE']);

    const steps = transitions(order)
      .reverse()
      .map((entry) => (entry.kind === 'TRANSITION' ? [entry.action, entry.from, entry.to, entry.who] : []));
    expect(steps).toEqual([
      ['CREATE', null, 'SHOPPING_CART', 'customer'],
      ['BUY', 'SHOPPING_CART', 'ORDERED', 'customer'],
      ['START_WORK', 'ORDERED', 'IN_PROGRESS', 'anna.admin@example.ch'],
      ['INVOICE', 'IN_PROGRESS', 'INVOICED', 'anna.admin@example.ch'],
      ['PAY', 'INVOICED', 'INVOICED', 'anna.admin@example.ch'],
      ['PAY', 'INVOICED', 'PAID', 'beat.backoffice@example.ch'],
      ['CANCEL_REFUND', 'PAID', 'CANCELED', 'anna.admin@example.ch'],
      ['ARCHIVE_REFUND', 'CANCELED', 'CANCELED', 'anna.admin@example.ch'],
    ]);
    const data = transitions(order).map((entry) => (entry.kind === 'TRANSITION' ? entry.data : null));
    expect(data[0]).toEqual({ refundDate: today, refundAmount: 500 });
    expect(data[1]).toEqual({ refund: true, refundAmount: 500, reason: 'customer withdrew' });
    expect(data[2]).toEqual({ amount: 880.44, date: today, reason: 'bank transfer' });

    // The visitor's tracking follows: invoiced and paid reached, the order canceled.
    const status = (await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
    expect(status).toMatchObject({ status: 'CANCELED', exception: 'CANCELED' });
    expect(status.milestones.map((milestone) => [milestone.id, milestone.reached])).toEqual([
      ['ordered', true],
      ['inProgress', true],
      ['invoiced', true],
      ['paid', true],
      ['completed', false],
    ]);
  });

  it('shows the visitor each status the staff actions lead to', async () => {
    const { id } = await placeOrder();
    const tracked = async () => ((await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo).status;
    await act(id, 'status', { action: 'INVOICE' });
    expect(await tracked()).toBe('INVOICED');
    await act(id, 'pay', { amount: 1880.94, date: today });
    expect(await tracked()).toBe('PAID');
    await act(id, 'status', { action: 'COMPLETE' });
    expect(await tracked()).toBe('COMPLETED');
    await act(id, 'status', { action: 'ARCHIVE' });
    expect(await tracked()).toBe('ARCHIVED');
  });
});

describe('what falls due is the gross total of the invoice', () => {
  it('a Swiss order is PAID only once the gross is paid: paying the net leaves the VAT open', async () => {
    const { id, totals } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });

    let order = await expectOk(await act(id, 'pay', { amount: totals.net, date: today }));
    expect(order).toMatchObject({ detail: { status: 'INVOICED' }, totalAmountPaid: 1740, amountDue: 140.94 });
    // Still INVOICED: PAY is offered for the rest (CANCEL no more, something was paid).
    expect(actionsOf(order)).toEqual(['PAY']);
    const paid = async () => ((await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo).milestones.find((m) => m.id === 'paid')?.reached;
    expect(await paid()).toBe(false);

    // More than the VAT still open is refused, naming it.
    const tooMuch = await act(id, 'pay', { amount: 140.95, date: today });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'amount', code: 'tooBig', messagesByLanguage: { 'en-US': 'The amount must not exceed the open amount of 140.94 CHF.' } });

    order = await expectOk(await act(id, 'pay', { amount: totals.vatAmount, date: today }));
    expect(order).toMatchObject({ detail: { status: 'PAID' }, totalAmountPaid: totals.gross, amountDue: 0 });
    expect(await paid()).toBe(true);
  });

  it('takes the whole gross of a Swiss order in one payment', async () => {
    const { id, totals } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });
    const order = await expectOk(await act(id, 'pay', { amount: totals.gross, date: today }));
    expect(order).toMatchObject({ detail: { status: 'PAID' }, totalAmountPaid: 1880.94, amountDue: 0 });
  });

  it.each([
    ['reverse charge (EU)', { currency: 'EUR', address: germanAddress, vatNumber: 'DE123456789' }, 'REVERSE_CHARGE', 1788],
    ['export', { currency: 'USD', address: usAddress }, 'EXPORT', 1968],
    ['export: the invoice address decides, not the address', { address: swissAddress, invoiceAddress: usAddress }, 'EXPORT', 1740],
  ])('for %s the gross is the net, and paying it makes the order PAID', async (_name, options, vatKind, net) => {
    const { id, totals } = await placeOrder(options);
    expect(totals).toMatchObject({ net, vatAmount: 0, gross: net, vatKind });
    expect((await rowOf(id)).row).toMatchObject({ totalNetMinor: net * 100, amountDueMinor: net * 100 });
    await act(id, 'status', { action: 'INVOICE' });
    expect(await view(id)).toMatchObject({ amountDue: net });
    expect((await act(id, 'pay', { amount: net + 0.01, date: today })).statusCode).toBe(400);
    const order = await expectOk(await act(id, 'pay', { amount: net, date: today }));
    expect(order).toMatchObject({ detail: { status: 'PAID' }, totalAmountPaid: net, amountDue: 0 });
  });

  it('adds Swiss VAT when the invoice goes to Switzerland from an address abroad', async () => {
    const { id, totals } = await placeOrder({ address: usAddress, invoiceAddress: swissAddress });
    expect(totals).toMatchObject({ net: 1740, vatAmount: 140.94, gross: 1880.94, vatKind: 'SWISS_VAT' });
    expect((await rowOf(id)).row).toMatchObject({ totalNetMinor: 174_000, amountDueMinor: 188_094 });
  });
});

describe('a monthly order', () => {
  it('PAY → ACTIVE, RENEW, START_TERMINATION (from the end of the minimum term) → TERMINATE', async () => {
    const placed = await placeOrder({ items: [monthly] });
    const { id } = placed;
    // The order's invoice is the first month of its MONTHLY line (2 seats × 4.90 CHF); what falls
    // due for it is gross (Swiss VAT), and so is each further month.
    const term = placed.totals.gross;
    expect(placed.totals).toMatchObject({ net: 9.8, vatKind: 'SWISS_VAT', perMonth: { net: 9.8, gross: term } });
    expect(term).toBeGreaterThan(placed.totals.net);
    await expectOk(await act(id, 'status', { action: 'INVOICE' }));
    const payDay = addDays(today, -3);
    // Placed a few days before it was paid (a payment is never older than its order).
    await t.database.db.update(orders).set({ orderedAt: new Date(`${addDays(today, -5)}T08:00:00Z`) }).where(eq(orders.id, id));

    let order = await expectOk(await act(id, 'pay', { amount: term, date: payDay }));
    expect(order).toMatchObject({ detail: { status: 'ACTIVE' }, amountDue: 0, totalAmountPaid: term });
    // Nothing open: no payment offered until a renewal falls due.
    expect(actionsOf(order)).toEqual(['CANCEL_REFUND', 'START_TERMINATION', 'RENEW']);
    const firstEnd = addMonths(payDay, 1);
    expect(transitions(order)[0]).toMatchObject({ action: 'PAY', to: 'ACTIVE', data: { periodStart: payDay, periodEnd: firstEnd } });
    // ACTIVE orders cannot be deleted.
    expect((await asStaff('DELETE', `/api/orders/admin/${id}/`)).statusCode).toBe(409);

    order = await expectOk(await act(id, 'status', { action: 'RENEW' }));
    expect(order).toMatchObject({ detail: { status: 'ACTIVE' }, amountDue: term, totalAmountPaid: term });
    expect(transitions(order)[0]).toMatchObject({
      action: 'RENEW',
      from: 'ACTIVE',
      to: 'ACTIVE',
      data: { amountDue: term, periodStart: firstEnd, periodEnd: addMonths(firstEnd, 1) },
    });
    // The staff member's renewal is in the audit log, as every other action.
    const renewals = await t.app.audit.page(auditQuerySchema.parse({ action: 'order.RENEW', targetId: id }));
    expect(renewals.results.map((row) => [row.actorEmail, row.action, row.targetId])).toEqual([['anna.admin@example.ch', 'order.RENEW', id]]);
    // The amount due at purchase stays; the renewal's amount is in its history row.
    expect((await rowOf(id)).row).toMatchObject({ totalNetMinor: Math.round(placed.totals.net * 100), amountDueMinor: Math.round(term * 100) });
    // Paying part of the renewal keeps the order ACTIVE.
    order = await expectOk(await act(id, 'pay', { amount: 10, date: today }));
    expect(order).toMatchObject({ detail: { status: 'ACTIVE' }, amountDue: Math.round((term - 10) * 100) / 100 });

    // Notice in the second month ends the subscription with its 12-month minimum term.
    order = await expectOk(await act(id, 'termination', { refund: false, reason: 'budget cut' }));
    expect(order).toMatchObject({ detail: { status: 'TERMINATING' }, terminatedBy: 'anna.admin@example.ch', terminatedFrom: addMonths(payDay, 12), refund: false });
    expect(transitions(order)[0]).toMatchObject({ action: 'START_TERMINATION', data: { refund: false, reason: 'budget cut', terminatedFrom: addMonths(payDay, 12) } });
    const noticeGiven = (await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
    expect([noticeGiven.exception, noticeGiven.endsOn]).toEqual(['TERMINATING', addMonths(payDay, 12)]);

    // Ending it before the notice takes effect is an early termination: refused without a reason, in both languages, and nothing changes.
    const early = await act(id, 'status', { action: 'TERMINATE' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0]).toMatchObject({ field: 'reason', code: 'required' });
    expect(early.json().errors[0].messagesByLanguage['de-CH']).toContain('vorzeitig beendet');
    expect((await view(id)).detail.status).toBe('TERMINATING');
    order = await expectOk(await act(id, 'status', { action: 'TERMINATE', reason: 'company closed' }));
    expect(order.detail.status).toBe('TERMINATED');
    expect(transitions(order)[0]).toMatchObject({ action: 'TERMINATE', data: { early: true, reason: 'company closed' } });
    const status = (await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
    expect(status).toMatchObject({ status: 'TERMINATED', exception: 'TERMINATED' });
    expect(status.milestones.find((milestone) => milestone.id === 'paid')?.reached).toBe(true);
  });

  it('ends a subscription with the running month once its minimum term is over', async () => {
    const { id, totals } = await placeOrder({ items: [monthly] });
    await act(id, 'status', { action: 'INVOICE' });
    await act(id, 'pay', { amount: totals.gross, date: today });
    for (let month = 1; month <= 12; month++) await expectOk(await act(id, 'status', { action: 'RENEW' }));
    // Thirteen months invoiced: the first and twelve renewals, the last one running.
    const order = await expectOk(await act(id, 'termination', { refund: false }));
    expect(order).toMatchObject({ terminatedFrom: addMonths(today, 13), amountDue: Math.round(totals.gross * 12 * 100) / 100 });
  });

  it('renews an export subscription at its net month (no VAT)', async () => {
    const placed = await placeOrder({ items: [monthly], currency: 'USD', address: usAddress });
    const { id, totals } = placed;
    expect(totals).toMatchObject({ vatKind: 'EXPORT', gross: totals.net });
    await act(id, 'status', { action: 'INVOICE' });
    await expectOk(await act(id, 'pay', { amount: totals.net, date: today }));
    const order = await expectOk(await act(id, 'status', { action: 'RENEW' }));
    expect(order).toMatchObject({ detail: { status: 'ACTIVE' }, amountDue: totals.net, totalAmountPaid: totals.net });
    expect(transitions(order)[0]).toMatchObject({ action: 'RENEW', data: { amountDue: totals.net } });
  });

  it('makes each renewal of a Swiss subscription due with its VAT, added up', async () => {
    const { id, totals } = await placeOrder({ items: [monthly] });
    await act(id, 'status', { action: 'INVOICE' });
    await act(id, 'pay', { amount: totals.gross, date: today });
    await act(id, 'status', { action: 'RENEW' });
    const order = await expectOk(await act(id, 'status', { action: 'RENEW' }));
    expect(order).toMatchObject({ amountDue: Math.round(totals.gross * 2 * 100) / 100, totalAmountPaid: totals.gross });
    // Paying only the net of both terms leaves their VAT open.
    const paid = await expectOk(await act(id, 'pay', { amount: Math.round(totals.net * 2 * 100) / 100, date: today }));
    expect(paid).toMatchObject({ detail: { status: 'ACTIVE' }, amountDue: Math.round(totals.vatAmount * 2 * 100) / 100 });
  });

  it('keeps a refund on termination until it is paid out', async () => {
    const { id, totals } = await placeOrder({ items: [monthly] });
    await act(id, 'status', { action: 'INVOICE' });
    await act(id, 'pay', { amount: totals.gross, date: today });
    const tooMuch = await act(id, 'termination', { refund: true, refundAmount: totals.gross + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'refundAmount', code: 'tooBig' });
    const order = await expectOk(await act(id, 'termination', { refund: true, refundAmount: 5 }));
    expect(order).toMatchObject({ refund: true, refundAmount: 5, refunded: false });
    await act(id, 'status', { action: 'TERMINATE', reason: 'ended by agreement' });
    expect((await act(id, 'status', { action: 'ARCHIVE' })).statusCode).toBe(409);
    await expectOk(await act(id, 'archive-refund', { refundDate: today }));
    expect((await expectOk(await act(id, 'status', { action: 'ARCHIVE' }))).detail.status).toBe('ARCHIVED');
  });
});

describe("the buyer's milestones", () => {
  it('leave out the seats\' setup when the order was invoiced without it, so nothing stays pending that can no longer happen', async () => {
    const { id } = await placeOrder();
    const before = (await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
    expect(before.milestones.map((milestone) => milestone.id)).toEqual(['ordered', 'inProgress', 'invoiced', 'paid', 'completed']);
    await expectOk(await act(id, 'status', { action: 'INVOICE' }));
    const after = (await asVisitor('GET', `/api/orders/${id}/status-info`)).json() as StatusInfo;
    expect(after.milestones.map((milestone) => [milestone.id, milestone.reached])).toEqual([
      ['ordered', true],
      ['invoiced', true],
      ['paid', false],
      ['completed', false],
    ]);
  });
});

describe('refusals change nothing', () => {
  it('409 in both languages for an action the status does not allow', async () => {
    const { id } = await placeOrder();
    const before = await rowOf(id);
    for (const [path, body] of [
      ['status', { action: 'COMPLETE' }],
      ['status', { action: 'TERMINATE' }],
      ['pay', { amount: 10, date: today }],
      ['cancel-refund', { refund: false }],
      ['archive-refund', { refundDate: today }],
      ['termination', { refund: false }],
    ] as const) {
      const response = await act(id, path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'conflict',
        messagesByLanguage: { 'en-US': expect.stringContaining('not possible'), 'de-CH': expect.stringContaining('nicht möglich') },
      });
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it.each([
    ['a negative amount', { amount: -5, date: today }, 'amount', 'tooSmall'],
    ['zero', { amount: 0, date: today }, 'amount', 'tooSmall'],
    ['a text', { amount: 'ten', date: today }, 'amount', 'invalid'],
    ['three decimals', { amount: 10.005, date: today }, 'amount', 'invalid'],
    ['more than the open amount (the gross)', { amount: 1880.95, date: today }, 'amount', 'tooBig'],
    ['an absurd amount', { amount: 1e12, date: today }, 'amount', 'tooBig'],
    ['a future date', { amount: 10, date: addDays(today, 2) }, 'date', 'tooBig'],
    ['a day before the order was placed', { amount: 10, date: addDays(today, -1) }, 'date', 'tooSmall'],
    ['a date that is none', { amount: 10, date: '2026-13-45' }, 'date', 'invalid'],
  ])('PAY with %s is 400 on its field, in both languages', async (_name, body, field, code) => {
    const { id } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });
    const before = await rowOf(id);
    const response = await act(id, 'pay', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field, code, messagesByLanguage: { 'en-US': expect.any(String), 'de-CH': expect.any(String) } },
    ]);
    expect(await rowOf(id)).toEqual(before);
  });

  it('names the open amount when a payment is above it', async () => {
    const { id } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });
    await act(id, 'pay', { amount: 1000, date: today });
    const response = await act(id, 'pay', { amount: 900, date: today });
    expect(response.json().errors[0].messagesByLanguage).toEqual({
      'en-US': 'The amount must not exceed the open amount of 880.94 CHF.',
      'de-CH': 'Der Betrag darf den offenen Betrag von 880.94 CHF nicht übersteigen.',
    });
  });

  it('refuses a refund above what was paid, a negative one, and one without a refund', async () => {
    const { id } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });
    await act(id, 'pay', { amount: 1880.94, date: today });
    const before = await rowOf(id);
    for (const [body, code] of [
      [{ refund: true, refundAmount: 1880.95 }, 'tooBig'],
      [{ refund: true, refundAmount: -1 }, 'tooSmall'],
      [{ refund: true }, 'required'],
      [{ refund: false, refundAmount: 10 }, 'invalid'],
      [{ refund: true, refundAmount: 1.234 }, 'invalid'],
    ] as const) {
      const response = await act(id, 'cancel-refund', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field: 'refundAmount', code });
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('takes only STATUS_CHANGE actions at …/status', async () => {
    const { id } = await placeOrder();
    for (const action of ['PAY', 'DELETE', 'CANCEL_REFUND', 'BUY', 'CREATE', 'REOPEN', 'FLY']) {
      const response = await act(id, 'status', { action });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field: 'action', code: 'invalidOption' });
    }
  });
});

describe('two staff members on one order at once', () => {
  it('exactly one INVOICE succeeds; the other is 409 and nothing is recorded twice', async () => {
    const { id } = await placeOrder();
    const answers = await Promise.all([act(id, 'status', { action: 'INVOICE' }), act(id, 'status', { action: 'INVOICE' }, colleague)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const invoices = (await view(id)).history.filter((entry) => entry.kind === 'TRANSITION' && entry.action === 'INVOICE');
    expect(invoices).toHaveLength(1);
  });

  it('of two payments of the whole amount, one is recorded', async () => {
    const { id } = await placeOrder();
    await act(id, 'status', { action: 'INVOICE' });
    const answers = await Promise.all([act(id, 'pay', { amount: 1880.94, date: today }), act(id, 'pay', { amount: 1880.94, date: today }, colleague)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const order = await view(id);
    expect(order).toMatchObject({ detail: { status: 'PAID' }, totalAmountPaid: 1880.94 });
    expect(order.payments).toHaveLength(1);
  });
});

describe('DELETE', () => {
  it('hides the order from the list and from the visitor, keeps the reason, and answers 204', async () => {
    const { id, number } = await placeOrder({ company: 'Gelöscht AG' });
    const listed = async () => ((await asStaff('POST', '/api/orders/admin/list', { number })).json() as OrderList).totalResults;
    expect(await listed()).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/${id}/?reason=test%20order`, headers: staff.headers });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await listed()).toBe(0);
    expect(((await asStaff('POST', '/api/orders/admin/list', { number, statuses: ['DELETED'] })).json() as OrderList).totalResults).toBe(0);
    for (const path of ['detail', 'status-info', 'invoice-info', 'invoice.pdf', 'shopping-cart/', 'shopping-cart/products-count', 'is-subscribed']) {
      expect((await asVisitor('GET', `/api/orders/${id}/${path}`)).statusCode, path).toBe(404);
    }
    // Staff still reach it by its id, for the record.
    const order = await view(id);
    expect(order).toMatchObject({ detail: { status: 'DELETED' }, actions: [] });
    expect(transitions(order)[0]).toMatchObject({ action: 'DELETE', to: 'DELETED', who: 'anna.admin@example.ch', data: { reason: 'test order' } });
    expect((await rowOf(id)).row?.deletedAt).toBeInstanceOf(Date);
    // Deleting again is refused.
    expect((await asStaff('DELETE', `/api/orders/admin/${id}/`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('takes the reason in the body, and deletes a cart too', async () => {
    const { id } = (await asVisitor('POST', '/api/orders/', { ...oneTime, currency: 'CHF' })).json() as { id: string };
    expect((await asStaff('DELETE', `/api/orders/admin/${id}/`, { reason: 'spam' })).statusCode).toBe(204);
    expect(transitions(await view(id))[0]).toMatchObject({ action: 'DELETE', from: 'SHOPPING_CART', data: { reason: 'spam' } });
    expect((await asVisitor('POST', `/api/orders/${id}/shopping-cart/`, oneTime)).statusCode).toBe(404);
  });

  it('is refused with 409 in both languages once an invoice was issued or a payment recorded', async () => {
    const invoiced = await placeOrder();
    await expectOk(await act(invoiced.id, 'status', { action: 'INVOICE' }));
    await expectOk(await act(invoiced.id, 'status', { action: 'CANCEL' }));
    const refused = await asStaff('DELETE', `/api/orders/admin/${invoiced.id}/`, { reason: 'clean up' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      messagesByLanguage: {
        'en-US': 'An invoice was issued or a payment recorded for this order, so it can no longer be deleted: archive it instead.',
        'de-CH': 'Für diese Bestellung wurde eine Rechnung gestellt oder eine Zahlung erfasst, darum kann sie nicht mehr gelöscht werden: Archivieren Sie sie stattdessen.',
      },
    });
    expect(actionsOf(await view(invoiced.id))).toEqual(['ARCHIVE']);

    const paid = await placeOrder();
    await expectOk(await act(paid.id, 'status', { action: 'INVOICE' }));
    await expectOk(await act(paid.id, 'pay', { amount: 10, date: today }));
    expect((await asStaff('DELETE', `/api/orders/admin/${paid.id}/`)).statusCode).toBe(409);
    expect((await view(paid.id)).detail.status).toBe('INVOICED');
  });

  it('keeps the reasons of CANCEL in the history', async () => {
    const { id } = await placeOrder();
    const order = await expectOk(await act(id, 'status', { action: 'CANCEL', reason: 'ordered twice' }));
    expect(order).toMatchObject({ detail: { status: 'CANCELED' }, canceledBy: 'anna.admin@example.ch' });
    expect(transitions(order)[0]).toMatchObject({ action: 'CANCEL', data: { reason: 'ordered twice' } });
  });
});

describe('notes', () => {
  it('are added by staff and shown in the timeline, newest first', async () => {
    const { id } = await placeOrder();
    const note = await act(id, 'notes', { text: '  Called the customer: invoice goes to accounting.  ' });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ text: 'Called the customer: invoice goes to accounting.', who: 'anna.admin@example.ch' });
    await act(id, 'notes', { text: 'Second note' }, colleague);
    const notes = (await view(id)).history.filter((entry) => entry.kind === 'NOTE');
    expect(notes.map((entry) => (entry.kind === 'NOTE' ? [entry.text, entry.who] : []))).toEqual([
      ['Second note', 'beat.backoffice@example.ch'],
      ['Called the customer: invoice goes to accounting.', 'anna.admin@example.ch'],
    ]);
  });

  it('refuses an empty or too long note and an unknown order', async () => {
    const { id } = await placeOrder();
    expect((await act(id, 'notes', { text: '   ' })).json().errors[0]).toMatchObject({ field: 'text', code: 'required' });
    expect((await act(id, 'notes', { text: 'x'.repeat(2001) })).json().errors[0]).toMatchObject({ field: 'text', code: 'tooLong' });
    expect((await act(randomUUID(), 'notes', { text: 'hello' })).statusCode).toBe(404);
  });
});

describe('bulk', () => {
  it('applies an allowed action to each order on its own and reports the refused ones', async () => {
    const ordered = await placeOrder();
    const inProgress = await placeOrder();
    await act(inProgress.id, 'status', { action: 'START_WORK' });
    const paid = await placeOrder();
    await act(paid.id, 'status', { action: 'INVOICE' });
    await act(paid.id, 'pay', { amount: 1880.94, date: today });
    const unknown = randomUUID();

    const response = await asStaff('POST', '/api/orders/admin/bulk', { ids: [ordered.id, inProgress.id, paid.id, unknown, ordered.id], action: 'INVOICE' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as BulkAnswer;
    expect(answer.succeeded).toEqual([ordered.id, inProgress.id]);
    expect(answer.refused).toEqual([
      { id: paid.id, code: 'conflict', messagesByLanguage: { 'en-US': expect.stringContaining('not possible'), 'de-CH': expect.stringContaining('nicht möglich') } },
      { id: unknown, code: 'notFound', messagesByLanguage: { 'en-US': 'This order does not exist.', 'de-CH': 'Diese Bestellung existiert nicht.' } },
    ]);
    for (const id of [ordered.id, inProgress.id]) {
      expect(transitions(await view(id))[0]).toMatchObject({ action: 'INVOICE', to: 'INVOICED', who: 'anna.admin@example.ch' });
    }
    expect((await view(paid.id)).detail.status).toBe('PAID');
  });

  it('takes at most 200 orders and only status changes', async () => {
    const tooMany = await asStaff('POST', '/api/orders/admin/bulk', { ids: Array.from({ length: 201 }, () => randomUUID()), action: 'ARCHIVE' });
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'ids', code: 'tooBig' });
    const custom = await asStaff('POST', '/api/orders/admin/bulk', { ids: [randomUUID()], action: 'PAY' });
    expect(custom.json().errors[0]).toMatchObject({ field: 'action', code: 'invalidOption' });
  });
});

describe('saved views', () => {
  const content = { filter: { statuses: ['ORDERED', 'INVOICED'], company: 'muster' }, sortColumn: 'COMPANY', sortDirection: 'DESC', columns: ['NUMBER', 'COMPANY'] };

  it('lists own and shared views; only the owner deletes one', async () => {
    const own = await asStaff('POST', '/api/orders/admin/views', { name: 'My open orders', view: content });
    expect(own.statusCode, own.body).toBe(200);
    const mine = own.json() as SavedView;
    expect(mine).toMatchObject({ name: 'My open orders', shared: false, own: true, owner: 'anna.admin@example.ch', view: { ...content, filter: { ...content.filter, dateRange: 'ALL' } } });
    const shared = (await asStaff('POST', '/api/orders/admin/views', { name: 'Team: to invoice', shared: true, view: content }, colleague)).json() as SavedView;
    const hidden = (await asStaff('POST', '/api/orders/admin/views', { name: 'Beat private', view: content }, colleague)).json() as SavedView;

    const names = async (who: StaffSignIn) => ((await asStaff('GET', '/api/orders/admin/views', undefined, who)).json() as SavedView[]).map((v) => [v.name, v.own]);
    expect(await names(staff)).toEqual([
      ['My open orders', true],
      ['Team: to invoice', false],
    ]);
    expect(await names(colleague)).toEqual([
      ['Beat private', true],
      ['Team: to invoice', true],
    ]);

    expect((await asStaff('DELETE', `/api/orders/admin/views/${shared.id}`)).statusCode).toBe(404);
    expect((await asStaff('DELETE', `/api/orders/admin/views/${hidden.id}`)).statusCode).toBe(404);
    expect((await asStaff('DELETE', `/api/orders/admin/views/${mine.id}`)).statusCode).toBe(204);
    expect(await names(staff)).toEqual([['Team: to invoice', false]]);

    // Saving and deleting a view are staff changes: each is in the audit log; a refused deletion is not.
    const rows = await t.app.audit.page(auditQuerySchema.parse({ targetKind: 'savedView' }));
    expect(rows.results.map((row) => [row.actorEmail, row.action, row.targetId, row.summary]).reverse()).toEqual([
      ['anna.admin@example.ch', 'savedView.create', mine.id, 'My open orders'],
      ['beat.backoffice@example.ch', 'savedView.create', shared.id, 'Team: to invoice, shared'],
      ['beat.backoffice@example.ch', 'savedView.create', hidden.id, 'Beat private'],
      ['anna.admin@example.ch', 'savedView.delete', mine.id, ''],
    ]);
  });

  it('lets a viewer save views for themselves only: a shared one is refused with 403 and written to the audit log', async () => {
    const viewer = await signInAsStaff(t, { email: 'vera.viewer@example.ch', role: 'viewer' });
    const refused = await asStaff('POST', '/api/orders/admin/views', { name: 'Everyone: my way', shared: true, view: content }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'forbidden',
        messagesByLanguage: {
          'en-US': 'Your role (Viewer) may save views for yourself only. Sharing a view with the team needs the role Editor or higher.',
          'de-CH': 'Ihre Rolle (Nur lesen) darf Ansichten nur für sich selbst speichern. Eine Ansicht mit dem Team zu teilen, braucht die Rolle Bearbeitung oder höher.',
        },
      },
    });
    const own = await asStaff('POST', '/api/orders/admin/views', { name: 'Vera private', view: content }, viewer);
    expect(own.statusCode, own.body).toBe(200);
    const listed = (await asStaff('GET', '/api/orders/admin/views', undefined, colleague)).json() as SavedView[];
    expect(listed.map((view) => view.name)).not.toContain('Everyone: my way');
    const rows = await t.app.audit.page(auditQuerySchema.parse({ actor: 'vera.viewer@example.ch' }));
    expect(rows.results.map((row) => [row.action, row.outcome, row.targetId, row.summary]).reverse()).toEqual([
      ['signIn', 'success', expect.any(String), expect.any(String)],
      ['access.refused', 'refused', 'POST /api/orders/admin/views', 'a shared view needs the role editor, has viewer'],
      ['savedView.create', 'success', (own.json() as SavedView).id, 'Vera private'],
    ]);
  });

  it('refuses a view with an unknown status, column or no name', async () => {
    const refused = await asStaff('POST', '/api/orders/admin/views', { name: '', view: { ...content, filter: { statuses: ['LOST'] }, columns: ['SECRET'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['name', 'view.columns.0', 'view.filter.statuses.0']);
  });
});
