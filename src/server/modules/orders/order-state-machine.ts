/**
 * The order lifecycle of docs/product/order-lifecycle.md as one table. Every status change goes through
 * `transition()`; the caller stores its result in the order and the order history. Each row also
 * names what the other modules do with the action (`hooks`), which `applyAction` in
 * orders.service.ts runs in the action's transaction.
 */
import { orderActions, orderStatuses, type OrderAction, type OrderStatus } from '#shared/orders.ts';

/** What a transition may depend on besides the status. */
export interface OrderFacts {
  status: OrderStatus | null;
  hasMonthlyItem: boolean;
  /** ACTIVE lines in the cart (BUY needs one). */
  activeItemCount: number;
  invoiceInfoComplete: boolean;
  amountDue: number;
  totalPaid: number;
  /** An invoice was issued (the history holds an INVOICE). */
  invoiceIssued: boolean;
  /** A refund was promised (cancel-refund, termination) and not yet paid out. */
  refundPending: boolean;
}

/** The data an action brings (PAY: amount and the invoice chosen; CANCEL_REFUND, START_TERMINATION: refund). */
export interface ActionData {
  amount?: number;
  /** PAY: the invoice staff chose to pay first (else the oldest open ones). */
  invoiceId?: string | undefined;
  refund?: boolean;
  refundAmount?: number;
}

/**
 * What another module does when an action is taken, as Vendure's transition hooks: made by the
 * module that owns the rows (billing, for the invoices) and registered once in app.ts.
 * - `paymentReceived`: the payment goes against the order's invoices (the payment's row names the invoice).
 * - `invoiced`: the order's first invoice is issued and mailed.
 * - `invoicesCanceled`: what is open of the order's invoices is canceled.
 * - `refundPaidOut`: the refund paid out is recorded against the newest invoice paid.
 */
export type TransitionHook = 'paymentReceived' | 'invoiced' | 'invoicesCanceled' | 'refundPaidOut';

/**
 * When the hooks of an action run, all inside its transaction: `start` once the machine allowed
 * it, before the new status is written (may refuse, by throwing); `end` after the status and its
 * history row. What runs before and after the transaction is the caller's own (its request's
 * `before` and `afterCommit` in orders.service.ts).
 */
export interface TransitionHooks {
  start?: readonly TransitionHook[];
  end?: readonly TransitionHook[];
}

export type TransitionResult = { ok: true; to: OrderStatus } | { ok: false; reason: 'notAllowed' | 'precondition' };

interface Rule {
  from: readonly (OrderStatus | null)[];
  /** The status after the action; a function when it depends on the order. */
  to: OrderStatus | ((facts: OrderFacts, data: ActionData) => OrderStatus);
  /** Whether the API exposes it through POST …/status or a call of its own (docs/product/order-lifecycle.md). */
  type: 'STATUS_CHANGE' | 'CUSTOM_ENDPOINT';
  /** Extra conditions beyond the status. */
  when?: (facts: OrderFacts, data: ActionData) => boolean;
  /** What the other modules do with it, in its transaction. */
  hooks?: TransitionHooks;
}

const anyStatusBut = (...excluded: OrderStatus[]) => orderStatuses.filter((s) => !excluded.includes(s) && s !== 'DELETED');

/** The lifecycle table, row by row. */
export const transitions: Record<OrderAction, Rule> = {
  CREATE: { from: [null], to: 'SHOPPING_CART', type: 'STATUS_CHANGE' },
  ABANDON: { from: ['SHOPPING_CART'], to: 'ABANDONED', type: 'STATUS_CHANGE' },
  REOPEN: { from: ['ABANDONED'], to: 'SHOPPING_CART', type: 'STATUS_CHANGE' },
  BUY: {
    from: ['SHOPPING_CART'],
    to: 'ORDERED',
    type: 'CUSTOM_ENDPOINT',
    when: (facts) => facts.activeItemCount > 0 && facts.invoiceInfoComplete,
  },
  START_WORK: { from: ['ORDERED'], to: 'IN_PROGRESS', type: 'STATUS_CHANGE' },
  INVOICE: { from: ['ORDERED', 'IN_PROGRESS'], to: 'INVOICED', type: 'STATUS_CHANGE', hooks: { end: ['invoiced'] } },
  PAY: {
    from: ['INVOICED', 'ACTIVE', 'TERMINATING'],
    // A partial payment is recorded and keeps the status; so does a plan under notice, paid until its end date.
    to: (facts, data) =>
      facts.status === 'TERMINATING' || facts.totalPaid + (data.amount ?? 0) < facts.amountDue
        ? (facts.status as OrderStatus)
        : facts.hasMonthlyItem
          ? 'ACTIVE'
          : 'PAID',
    type: 'CUSTOM_ENDPOINT',
    when: (_facts, data) => (data.amount ?? 0) > 0,
    hooks: { start: ['paymentReceived'] },
  },
  COMPLETE: { from: ['PAID'], to: 'COMPLETED', type: 'STATUS_CHANGE' },
  CANCEL: {
    from: ['ORDERED', 'IN_PROGRESS', 'INVOICED'],
    to: 'CANCELED',
    type: 'STATUS_CHANGE',
    when: (facts) => facts.totalPaid === 0,
    hooks: { end: ['invoicesCanceled'] },
  },
  CANCEL_REFUND: {
    from: ['PAID', 'ACTIVE'],
    to: 'CANCELED',
    type: 'CUSTOM_ENDPOINT',
    when: (facts, data) => !data.refund || ((data.refundAmount ?? 0) >= 0 && (data.refundAmount ?? 0) <= facts.totalPaid),
    hooks: { end: ['invoicesCanceled'] },
  },
  ARCHIVE_REFUND: {
    from: ['CANCELED', 'TERMINATED'],
    to: (facts) => facts.status as OrderStatus,
    type: 'CUSTOM_ENDPOINT',
    when: (facts) => facts.refundPending,
    hooks: { end: ['refundPaidOut'] },
  },
  START_TERMINATION: {
    from: ['ACTIVE'],
    to: 'TERMINATING',
    type: 'CUSTOM_ENDPOINT',
    when: (facts, data) => !data.refund || ((data.refundAmount ?? 0) >= 0 && (data.refundAmount ?? 0) <= facts.totalPaid),
  },
  TERMINATE: { from: ['TERMINATING'], to: 'TERMINATED', type: 'STATUS_CHANGE' },
  // A plan under notice is still billed for its periods before its end date (the billing job checks the date).
  RENEW: { from: ['ACTIVE', 'TERMINATING'], to: (facts) => facts.status as OrderStatus, type: 'STATUS_CHANGE' },
  ARCHIVE: {
    from: ['COMPLETED', 'ABANDONED', 'CANCELED', 'TERMINATED'],
    to: 'ARCHIVED',
    type: 'STATUS_CHANGE',
    when: (facts) => !facts.refundPending,
  },
  // Once an invoice went out or money came in, the order is part of the books: it is
  // archived, never deleted.
  DELETE: {
    from: anyStatusBut('ACTIVE', 'TERMINATING'),
    to: 'DELETED',
    type: 'CUSTOM_ENDPOINT',
    when: (facts) => !facts.invoiceIssued && facts.totalPaid === 0,
  },
};

/** The hooks the other modules run for an action (none: nothing besides the order's own rows). */
export function hooksOf(action: OrderAction): TransitionHooks {
  return transitions[action].hooks ?? {};
}

export function transition(action: OrderAction, facts: OrderFacts, data: ActionData = {}): TransitionResult {
  const rule = transitions[action];
  if (!rule.from.includes(facts.status)) return { ok: false, reason: 'notAllowed' };
  if (rule.when && !rule.when(facts, data)) return { ok: false, reason: 'precondition' };
  return { ok: true, to: typeof rule.to === 'function' ? rule.to(facts, data) : rule.to };
}

/** The visitor's own actions: the back office never offers them. */
const visitorActions: readonly OrderAction[] = ['CREATE', 'BUY', 'REOPEN'];

/** The actions the machine allows now, for the back office (docs/product/order-lifecycle.md, `actions`). */
export function allowedActions(facts: OrderFacts): { action: OrderAction; type: Rule['type'] }[] {
  return orderActions
    .filter((action) => !visitorActions.includes(action) && transitions[action].from.includes(facts.status))
    .filter((action) => {
      const rule = transitions[action];
      // A payment is offered only while something is open.
      if (action === 'PAY') return facts.amountDue > facts.totalPaid;
      // Actions that need data (refunds) are offered; their data is checked when taken.
      return !rule.when || ['CANCEL_REFUND', 'START_TERMINATION'].includes(action) || rule.when(facts, {});
    })
    .map((action) => ({ action, type: transitions[action].type }));
}
