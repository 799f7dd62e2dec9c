import { timesMoney, type Money } from '#shared/money.ts';
import { AppError } from '#shared/errors.ts';
import { isCart } from '#shared/orders.ts';

/**
 * The one "still a cart" check, for every change to an order before it is bought (the
 * cart's own, saving it by e-mail, checkout's): no such order is a 404, and an order that is no longer a
 * cart takes no changes (409). Returns the order: `requireCart(await repo.lockOrder(tx, id))`.
 */
export function requireCart<Order extends { status: string }>(order: Order | undefined): Order {
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  if (!isCart(order)) throw new AppError('conflict', 'error.cart.closed');
  return order;
}

/**
 * What the first invoice charges for a line of a cart or order view, as `Money`: the rule
 * of `lineAmountPerInvoice` (src/shared/cart-lines.ts), which the browser applies to the
 * answer's major units.
 */
export function lineMoneyPerInvoice(item: { paymentFrequency: string; unitPrice: Money; quantity: number; totalPrice: Money }): Money {
  return item.paymentFrequency === 'MONTHLY' ? timesMoney(item.unitPrice, item.quantity) : item.totalPrice;
}
