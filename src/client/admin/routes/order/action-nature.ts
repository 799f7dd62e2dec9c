import type { OrderAction } from '#shared/orders.ts';

/**
 * How an order's action button looks, by what the action does: the next step of the
 * lifecycle is the one primary button; actions that end or remove something are red and
 * their dialog says what cannot be taken back; the rest are plain.
 */
export type ActionNature = 'primary' | 'plain' | 'destructive';

const destructive: ReadonlySet<OrderAction> = new Set(['CANCEL', 'CANCEL_REFUND', 'START_TERMINATION', 'TERMINATE', 'DELETE', 'ABANDON']);
/** The lifecycle's forward steps, the most usual first. RENEW is none: the billing job renews; staff do it only by exception. */
const forward: readonly OrderAction[] = ['START_WORK', 'INVOICE', 'PAY', 'COMPLETE', 'ARCHIVE_REFUND', 'ARCHIVE'];

/** Actions that are not routine steps: offered behind "More actions", each with a dialog that says what it bills. */
export const exceptional: ReadonlySet<OrderAction> = new Set(['RENEW']);

export function natureOf(action: OrderAction, offered: readonly OrderAction[]): ActionNature {
  if (destructive.has(action)) return 'destructive';
  return forward.find((step) => offered.includes(step)) === action ? 'primary' : 'plain';
}

export const buttonClass: Record<ActionNature, string> = {
  primary: 'admin-button',
  plain: 'admin-button admin-button--secondary',
  destructive: 'admin-button admin-button--danger',
};

/** The order the buttons stand in: forward steps first, the destructive ones last. */
export function byNature(actions: readonly OrderAction[]): OrderAction[] {
  const rank = (action: OrderAction) => ({ primary: 0, plain: 1, destructive: 2 })[natureOf(action, actions)];
  return [...actions].sort((a, b) => rank(a) - rank(b));
}
