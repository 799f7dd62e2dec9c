import type { OrderFacts } from './order-state-machine.ts';
import type { LockedOrder } from './orders.repository.ts';

/** The facts of a locked order as the state machine reads them (minor units). */
export function factsOf(order: LockedOrder): OrderFacts {
  return {
    status: order.status,
    hasMonthlyItem: order.hasMonthlyItem,
    activeItemCount: order.activeItemCount,
    // Only BUY reads it, and only checkout knows what complete means: it says so in `check`.
    invoiceInfoComplete: false,
    // Everything that fell due, gross (what the invoices ask for): the amount due at purchase
    // (the net total for an order without one) and every renewal since, less what credit notes took off.
    amountDue: (order.amountDueMinor ?? order.totalNetMinor ?? 0) + order.renewedDueMinor - order.creditedMinor,
    totalPaid: order.totalPaidMinor,
    invoiceIssued: order.invoiceIssued,
    refundPending: order.refund && !order.refunded,
  };
}

/** What is open on an order: everything that fell due less what was paid, never below zero (minor units). */
export function openMinorOfFacts(facts: Pick<OrderFacts, 'amountDue' | 'totalPaid'>): number {
  return Math.max(0, facts.amountDue - facts.totalPaid);
}
