import type { MoneyAt } from '#server/http/answer-money.ts';
import { AppError } from '#shared/errors.ts';
import { addMonths, lastDayOfPeriod } from '#shared/dates.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { money } from '#shared/money.ts';
import { nextPeriod } from '#shared/plan-periods.ts';
import type { AccountOrders } from '#shared/schemas/account.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { OrderInvoicesService } from '../billing/order-invoices.service.ts';
import type { CheckoutService } from '../checkout/checkout.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';

/** The account's list as this service builds it: amounts as `Money` (the HTTP edge prints them). */
export type AccountOrdersView = MoneyAt<AccountOrders, 'total' | 'monthlyNet' | 'net' | 'vatAmount' | 'gross' | 'paid' | 'credited' | 'refunded' | 'toRefund' | 'open' | 'unitPrice'>;
type PlanView = AccountOrdersView['orders'][number]['plan'];

/** A plan's minimum term when a line names none (the cart's default, src/shared/schemas/cart.ts). */
const defaultTermMonths = 12;

/**
 * The orders of a signed-in address (docs/product/account.md): each with its invoices and
 * credit notes as the tracking page lists them, and its monthly plan with seats, next
 * renewal and the minimum term's end. Asked of the orders, checkout and billing modules,
 * which own what it shows.
 */
export function createAccountOrdersService(deps: {
  orders: Pick<OrdersService, 'ordersOfContact' | 'subscriptions' | 'pendingSeats'>;
  checkout: Pick<CheckoutService, 'orderDetail'>;
  orderInvoices: Pick<OrderInvoicesService, 'invoicesOf'>;
}) {
  const { orders, checkout, orderInvoices } = deps;

  /** The plan of an order's monthly lines, when it started (the billing job's view of it). */
  function planOf(
    items: readonly Pick<OrderDetail['items'][number], 'status' | 'paymentFrequency' | 'quantity' | 'periodMonths'>[],
    subscription: Awaited<ReturnType<OrdersService['subscriptions']>>[number] | undefined,
    pendingSeats: { seats: number; from: string } | null,
  ): PlanView {
    const monthly = items.filter((item) => item.status === 'ACTIVE' && item.paymentFrequency === 'MONTHLY');
    if (!subscription || monthly.length === 0) return null;
    const termMonths = Math.max(...monthly.map((item) => item.periodMonths ?? defaultTermMonths));
    const next = nextPeriod(subscription.subscribedFrom, subscription.renewalCount).start;
    const ends = subscription.terminatedFrom;
    return {
      seats: monthly.reduce((sum, item) => sum + item.quantity, 0),
      nextRenewalOn: ends && next >= ends ? null : next,
      monthlyNet: money(subscription.monthlyMinor, subscription.currency as Currency),
      minimumTermEndsOn: lastDayOfPeriod(addMonths(subscription.subscribedFrom, termMonths)),
      // As the tracking page names it (statusInfo's `endsOn`).
      endsOn: ends,
      pendingSeats,
    };
  }

  return {
    /** The placed orders naming `email` as their contact at checkout, newest first; deleted ones are left out. */
    async ordersOf(email: string, language: Language): Promise<AccountOrdersView> {
      const linked = (await orders.ordersOfContact(email)).filter((order) => order.number !== null && order.linkedBy.includes('CHECKOUT'));
      // The plans of these orders alone: the shop's every plan is the billing job's to read.
      const ids = linked.map((order) => order.id);
      const plans = new Map((await orders.subscriptions(undefined, ['ACTIVE', 'TERMINATING', 'TERMINATED'], ids)).map((plan) => [plan.id, plan]));
      const listed: AccountOrdersView['orders'] = [];
      for (const order of linked.reverse()) {
        // A deleted order is refused (404), as on its tracking page: it is left out.
        const detail = await checkout.orderDetail(order.id, language).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'notFound') return undefined;
          throw error;
        });
        if (!detail?.number) continue;
        listed.push({
          id: order.id,
          number: detail.number,
          status: detail.status,
          orderedAt: detail.orderedAt,
          currency: detail.currency,
          total: detail.totals.gross,
          invoices: await orderInvoices.invoicesOf(order.id, { visitor: true }),
          plan: planOf(detail.items, plans.get(order.id), await orders.pendingSeats(order.id)),
          billing: { company: detail.invoiceInfo.company, invoiceAddress: detail.invoiceInfo.invoiceAddress, contact: detail.invoiceInfo.contact },
        });
      }
      return { email, orders: listed };
    },
  };
}

export type AccountOrdersService = ReturnType<typeof createAccountOrdersService>;
