import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { toMajor } from '#shared/money.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import type { InvoiceInfo, InvoiceInfoUpdate, OrderDetail, OrderTotals, StatusInfo } from '#shared/schemas/checkout.ts';
import { loadCartView } from '../cart/cart.service.ts';
import { findHistory, recordTransition } from '../orders/order-history.repository.ts';
import type { OrderStatus } from '#shared/orders.ts';
import { transition } from '../orders/order-state-machine.ts';
import * as repo from './checkout.repository.ts';
import { billingAddressOf, invoiceInfoView, mergeInvoiceInfo, missingForCheckout, type StoredInvoiceInfo } from './invoice-info.ts';
import { totalsFor } from './vat.ts';
import { sitePath } from '#shared/paths.ts';

/**
 * Checkout (SPEC §2–§4, DESIGN.md §3–§4): the invoice info saved step by step, the review
 * figures, and the purchase itself, which happens once per cart.
 */
async function orderOrRefuse(db: Db, orderId: string): Promise<repo.CheckoutOrderRow> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError('notFound', 'error.cart.notFound');
  return order;
}

export async function getInvoiceInfo(db: Db, orderId: string, language: Language): Promise<InvoiceInfo> {
  const order = await orderOrRefuse(db, orderId);
  return invoiceInfoView(order.invoiceInfo ?? {}, language);
}

/** Saves one step's sections; a refusal saves nothing. Only a cart takes changes. */
export async function updateInvoiceInfo(
  db: Db,
  orderId: string,
  update: Parameters<typeof mergeInvoiceInfo>[1] & InvoiceInfoUpdate,
  language: Language,
): Promise<InvoiceInfo> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('notFound', 'error.cart.notFound');
    if (order.status !== 'SHOPPING_CART') throw new AppError('conflict', 'error.cart.closed');
    const { info, errors } = mergeInvoiceInfo(order.invoiceInfo ?? {}, update);
    if (errors.length > 0) throw AppError.validation(errors);
    await repo.saveInvoiceInfo(tx, orderId, info);
    return invoiceInfoView(info, language);
  });
}

/** An order with its invoice info, in the order's own language (for its mails and invoice). */
export async function placedOrder(db: Db, orderId: string): Promise<PlacedOrder> {
  const order = await orderOrRefuse(db, orderId);
  const language = order.language as Language;
  return { detail: detailOf(order, await loadCartView(db, orderId, language), language), info: order.invoiceInfo ?? {} };
}

export function legalTexts(language: Language) {
  return (['terms', 'privacy'] as const).map((id) => ({
    id,
    title: translate(language, `legal.${id}.title`),
    url: sitePath(language, id === 'terms' ? 'terms' : 'privacy-policy'),
    summary: translate(language, `legal.${id}.summary`),
  }));
}

export function orderTotals(cart: Cart, info: StoredInvoiceInfo): OrderTotals {
  const netMinor = Math.round(cart.totalPrice * 100);
  const totals = totalsFor(netMinor, billingAddressOf(info)?.countryCode ?? '');
  return {
    net: toMajor(totals.netMinor),
    vatRate: totals.vatRate,
    vatAmount: toMajor(totals.vatMinor),
    gross: toMajor(totals.grossMinor),
    vatKind: totals.vatKind,
  };
}

function detailOf(order: repo.CheckoutOrderRow, cart: Cart, language: Language): OrderDetail {
  const info = order.invoiceInfo ?? {};
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: cart.currency,
    language: order.language as Language,
    orderedAt: order.orderedAt ? new Date(order.orderedAt).toISOString() : null,
    items: cart.items,
    totals: orderTotals(cart, info),
    invoiceInfo: invoiceInfoView(info, language),
    details: { shoppingCart: order.status === 'SHOPPING_CART', status: order.status },
  };
}

/** GET …/detail: the review figures of a cart, or what was ordered. */
export async function orderDetail(db: Db, orderId: string, language: Language): Promise<OrderDetail> {
  const order = await orderOrRefuse(db, orderId);
  return detailOf(order, await loadCartView(db, orderId, language), language);
}

const milestoneActions = { inProgress: 'START_WORK', invoiced: 'INVOICE', paid: 'PAY', completed: 'COMPLETE' } as const;
const exceptionStatuses: OrderStatus[] = ['ABANDONED', 'CANCELED', 'TERMINATING', 'TERMINATED'];

/** GET …/status-info: where the order is, as the visitor's milestones. */
export async function statusInfo(db: Db, orderId: string): Promise<StatusInfo> {
  const order = await orderOrRefuse(db, orderId);
  const history = await findHistory(db, orderId);
  const reachedAt = (action: string, to?: string[]) =>
    history.find((entry) => entry.action === action && (!to || to.includes(entry.toStatus)))?.at ?? null;
  const milestone = (id: StatusInfo['milestones'][number]['id'], at: Date | null) => ({
    id,
    reached: at !== null,
    at: at ? new Date(at).toISOString() : null,
  });
  return {
    status: order.status,
    number: order.number,
    milestones: [
      milestone('ordered', order.orderedAt),
      milestone('inProgress', reachedAt(milestoneActions.inProgress)),
      milestone('invoiced', reachedAt(milestoneActions.invoiced)),
      milestone('paid', reachedAt(milestoneActions.paid, ['PAID', 'ACTIVE'])),
      milestone('completed', reachedAt(milestoneActions.completed)),
    ],
    exception: exceptionStatuses.includes(order.status) ? order.status : null,
  };
}

export interface PlacedOrder {
  detail: OrderDetail;
  info: StoredInvoiceInfo;
}

/**
 * BUY (DESIGN.md §4), all or nothing and once: the order row is locked, so of two
 * submissions of one cart the second finds an order and is refused with 409. The
 * captcha is checked last, inside the transaction, so a refusal for another reason
 * leaves the solution unspent. `afterBuy` runs in the same transaction (mails).
 */
export async function checkout(
  db: Db,
  options: {
    orderId: string;
    language: Language;
    verifyCaptcha: (tx: Db) => Promise<void>;
    afterBuy: (tx: Db, placed: PlacedOrder) => Promise<void>;
  },
): Promise<OrderDetail> {
  const { orderId, language } = options;
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw new AppError('notFound', 'error.cart.notFound');
    if (order.status !== 'SHOPPING_CART') throw new AppError('conflict', 'error.cart.closed');
    const cart = await loadCartView(tx, orderId, language);
    const info = order.invoiceInfo ?? {};
    const missing = missingForCheckout(info);
    if (missing.length > 0) throw AppError.validation(missing);
    const activeItemCount = cart.items.filter((item) => item.status === 'ACTIVE').length;
    const buy = transition('BUY', {
      status: 'SHOPPING_CART',
      hasMonthlyItem: cart.items.some((item) => item.status === 'ACTIVE' && item.paymentFrequency === 'MONTHLY'),
      activeItemCount,
      invoiceInfoComplete: true,
      amountDue: 0,
      totalPaid: 0,
      refundPending: false,
    });
    if (!buy.ok) throw new AppError('conflict', 'error.checkout.noActiveItem');
    await options.verifyCaptcha(tx);

    const number = await repo.nextOrderNumber(tx, new Date().getUTCFullYear());
    const orderedAt = await repo.markOrdered(tx, orderId, { number, language, status: buy.to });
    await recordTransition(tx, { orderId, action: 'BUY', fromStatus: 'SHOPPING_CART', toStatus: buy.to, actor: 'visitor', data: { number } });
    const detail = detailOf({ ...order, status: buy.to, number, orderedAt, language }, cart, language);
    await options.afterBuy(tx, { detail, info });
    return detail;
  });
}
