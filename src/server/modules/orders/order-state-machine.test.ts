import { describe, expect, it } from 'vitest';
import { orderActions, orderStatuses, type OrderAction, type OrderStatus } from '#shared/orders.ts';
import { allowedActions, hooksOf, transition, type OrderFacts } from './order-state-machine.ts';

const facts = (status: OrderStatus | null, extra: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  hasMonthlyItem: false,
  activeItemCount: 1,
  invoiceInfoComplete: true,
  amountDue: 100,
  totalPaid: 0,
  invoiceIssued: false,
  refundPending: false,
  ...extra,
});

/** The transitions of docs/product/order-lifecycle.md written out as (action, from) → to; every other pair must be refused. */
const allowed: [OrderAction, OrderStatus | null, OrderStatus, Partial<OrderFacts>?, object?][] = [
  ['CREATE', null, 'SHOPPING_CART'],
  ['ABANDON', 'SHOPPING_CART', 'ABANDONED'],
  ['REOPEN', 'ABANDONED', 'SHOPPING_CART'],
  ['BUY', 'SHOPPING_CART', 'ORDERED'],
  ['START_WORK', 'ORDERED', 'IN_PROGRESS'],
  ['INVOICE', 'ORDERED', 'INVOICED'],
  ['INVOICE', 'IN_PROGRESS', 'INVOICED'],
  ['PAY', 'INVOICED', 'PAID', {}, { amount: 100 }],
  ['PAY', 'ACTIVE', 'ACTIVE', { hasMonthlyItem: true }, { amount: 100 }],
  ['COMPLETE', 'PAID', 'COMPLETED'],
  ['CANCEL', 'ORDERED', 'CANCELED'],
  ['CANCEL', 'IN_PROGRESS', 'CANCELED'],
  ['CANCEL', 'INVOICED', 'CANCELED'],
  ['CANCEL_REFUND', 'PAID', 'CANCELED', { totalPaid: 100 }, { refund: true, refundAmount: 100 }],
  ['CANCEL_REFUND', 'ACTIVE', 'CANCELED', { totalPaid: 100 }, { refund: true, refundAmount: 40 }],
  ['ARCHIVE_REFUND', 'CANCELED', 'CANCELED', { refundPending: true }],
  ['ARCHIVE_REFUND', 'TERMINATED', 'TERMINATED', { refundPending: true }],
  ['START_TERMINATION', 'ACTIVE', 'TERMINATING'],
  ['TERMINATE', 'TERMINATING', 'TERMINATED'],
  ['RENEW', 'ACTIVE', 'ACTIVE'],
  ['RENEW', 'TERMINATING', 'TERMINATING'],
  ['PAY', 'TERMINATING', 'TERMINATING', { hasMonthlyItem: true, amountDue: 100 }, { amount: 100 }],
  ['ARCHIVE', 'COMPLETED', 'ARCHIVED'],
  ['ARCHIVE', 'ABANDONED', 'ARCHIVED'],
  ['ARCHIVE', 'CANCELED', 'ARCHIVED'],
  ['ARCHIVE', 'TERMINATED', 'ARCHIVED'],
  ...orderStatuses
    .filter((s) => !['ACTIVE', 'TERMINATING', 'DELETED'].includes(s))
    .map((s) => ['DELETE', s, 'DELETED'] as [OrderAction, OrderStatus, OrderStatus]),
];

describe('the order state machine (docs/product/order-lifecycle.md#transitions)', () => {
  it.each(allowed)('%s from %s leads to %s', (action, from, to, extra = {}, data = {}) => {
    expect(transition(action, facts(from, extra), data)).toEqual({ ok: true, to });
  });

  const allowedPairs = new Set(allowed.map(([action, from]) => `${action}:${from}`));
  const refused = orderActions.flatMap((action) =>
    [null, ...orderStatuses].filter((from) => !allowedPairs.has(`${action}:${from}`)).map((from) => [action, from] as const),
  );

  it.each(refused)('%s from %s is refused', (action, from) => {
    expect(transition(action, facts(from, { refundPending: true, totalPaid: 100 }), { amount: 100, refund: false })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('BUY needs an ACTIVE line and complete invoice info', () => {
    expect(transition('BUY', facts('SHOPPING_CART', { activeItemCount: 0 }))).toEqual({ ok: false, reason: 'precondition' });
    expect(transition('BUY', facts('SHOPPING_CART', { invoiceInfoComplete: false }))).toEqual({ ok: false, reason: 'precondition' });
  });

  it('PAY: a partial payment keeps the status; a monthly order becomes ACTIVE; nothing paid is refused', () => {
    expect(transition('PAY', facts('INVOICED', { amountDue: 100 }), { amount: 40 })).toEqual({ ok: true, to: 'INVOICED' });
    expect(transition('PAY', facts('INVOICED', { amountDue: 100, totalPaid: 40 }), { amount: 60 })).toEqual({ ok: true, to: 'PAID' });
    expect(transition('PAY', facts('INVOICED', { hasMonthlyItem: true }), { amount: 100 })).toEqual({ ok: true, to: 'ACTIVE' });
    expect(transition('PAY', facts('INVOICED'), { amount: 0 })).toEqual({ ok: false, reason: 'precondition' });
  });

  it('CANCEL only while nothing is paid; refunds never exceed what was paid', () => {
    expect(transition('CANCEL', facts('INVOICED', { totalPaid: 10 }))).toEqual({ ok: false, reason: 'precondition' });
    expect(transition('CANCEL_REFUND', facts('PAID', { totalPaid: 100 }), { refund: true, refundAmount: 101 })).toEqual({
      ok: false,
      reason: 'precondition',
    });
    expect(transition('START_TERMINATION', facts('ACTIVE', { totalPaid: 50 }), { refund: true, refundAmount: 60 })).toEqual({
      ok: false,
      reason: 'precondition',
    });
  });

  it('ARCHIVE waits for a pending refund; ARCHIVE_REFUND needs one', () => {
    expect(transition('ARCHIVE', facts('CANCELED', { refundPending: true }))).toEqual({ ok: false, reason: 'precondition' });
    expect(transition('ARCHIVE_REFUND', facts('CANCELED'))).toEqual({ ok: false, reason: 'precondition' });
  });

  it('DELETE only while no invoice was issued and no payment recorded', () => {
    expect(transition('DELETE', facts('INVOICED', { invoiceIssued: true }))).toEqual({ ok: false, reason: 'precondition' });
    expect(transition('DELETE', facts('CANCELED', { totalPaid: 10 }))).toEqual({ ok: false, reason: 'precondition' });
    expect(allowedActions(facts('CANCELED', { invoiceIssued: true })).map((a) => a.action)).toEqual(['ARCHIVE']);
  });

  it('offers a payment only while something is open', () => {
    expect(allowedActions(facts('INVOICED', { amountDue: 100, totalPaid: 40 })).map((a) => a.action)).toContain('PAY');
    expect(allowedActions(facts('ACTIVE', { hasMonthlyItem: true, amountDue: 100, totalPaid: 100 })).map((a) => a.action)).not.toContain('PAY');
  });

  it('lists the actions allowed now with how the API takes them', () => {
    expect(allowedActions(facts('ACTIVE', { hasMonthlyItem: true }))).toEqual([
      { action: 'PAY', type: 'CUSTOM_ENDPOINT' },
      { action: 'CANCEL_REFUND', type: 'CUSTOM_ENDPOINT' },
      { action: 'START_TERMINATION', type: 'CUSTOM_ENDPOINT' },
      { action: 'RENEW', type: 'STATUS_CHANGE' },
    ]);
    expect(allowedActions(facts('ORDERED')).map((a) => a.action)).toEqual(['CANCEL', 'START_WORK', 'INVOICE', 'DELETE']);
  });

  it('names the invoices\' hooks with the actions that move money or invoices, and none elsewhere', () => {
    const withHooks = orderActions.filter((action) => Object.keys(hooksOf(action)).length > 0).map((action) => [action, hooksOf(action)]);
    expect(Object.fromEntries(withHooks)).toEqual({
      INVOICE: { end: ['invoiced'] },
      PAY: { start: ['paymentReceived'] },
      CANCEL: { end: ['invoicesCanceled'] },
      CANCEL_REFUND: { end: ['invoicesCanceled'] },
      ARCHIVE_REFUND: { end: ['refundPaidOut'] },
    });
  });
});
