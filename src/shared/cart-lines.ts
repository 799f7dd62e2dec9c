import { toMajor, toMinor } from './money.ts';
import type { CartItem } from './schemas/cart.ts';

/**
 * What the first invoice charges for a cart or order line (docs/decisions/020-monthly-terms.md):
 * a ONE_TIME line's total, a MONTHLY line's first month. For a MONTHLY line that is also
 * what each further month costs, which is how the cart, the checkout, the mails and the
 * invoice show it; its `totalPrice` stays the whole minimum term.
 */
export function lineAmountPerInvoice(item: Pick<CartItem, 'paymentFrequency' | 'unitPrice' | 'quantity' | 'totalPrice'>): number {
  return item.paymentFrequency === 'MONTHLY' ? toMajor(toMinor(item.unitPrice) * item.quantity) : item.totalPrice;
}
