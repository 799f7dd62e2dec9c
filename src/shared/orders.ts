/**
 * The statuses an order goes through and the actions that move it (docs/product/order-lifecycle.md).
 * The server's state machine checks them; the SPA shows them with the labels
 * `checkout.status.<STATUS>` of the message catalogues.
 */
export const orderStatuses = [
  'SHOPPING_CART',
  'ABANDONED',
  'ORDERED',
  'IN_PROGRESS',
  'INVOICED',
  'PAID',
  'ACTIVE',
  'COMPLETED',
  'CANCELED',
  'TERMINATING',
  'TERMINATED',
  'ARCHIVED',
  'DELETED',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderActions = [
  'CREATE',
  'BUY',
  'CANCEL',
  'ABANDON',
  'REOPEN',
  'ARCHIVE',
  'START_WORK',
  'INVOICE',
  'PAY',
  'CANCEL_REFUND',
  'COMPLETE',
  'START_TERMINATION',
  'TERMINATE',
  'ARCHIVE_REFUND',
  'RENEW',
  'DELETE',
] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * What an order's history records besides its transitions: changes that leave the status
 * as it is (a plan's seats, docs/decisions/072-seat-changes.md).
 */
export const orderEvents = ['SEATS_CHANGED'] as const;
export type OrderEvent = (typeof orderEvents)[number];
/** The action of a history row: a transition or an event. */
export type HistoryAction = OrderAction | OrderEvent;

/** The status of an order that is still a cart: lines can change and it can be bought. */
export const cartStatus = 'SHOPPING_CART' satisfies OrderStatus;

export function isCart(order: { status: string }): boolean {
  return order.status === cartStatus;
}
