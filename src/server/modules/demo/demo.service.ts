import type { Db } from '#server/db/client.ts';
import { systemActor } from '#server/modules/audit/audit.service.ts';
import { catalog } from '#shared/catalog.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';
import { shareOfMoney } from '#shared/money.ts';
import { invoiceInfoUpdateSchema } from '#shared/schemas/checkout.ts';
import { billingActor } from '../billing/billing-run.rules.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CheckoutService } from '../checkout/checkout.service.ts';
import type { OrderActionsService } from '../orders/order-actions.service.ts';
import type { OrderPageService } from '../orders/order-page.service.ts';
import type { DemoDates, OrdersService } from '../orders/orders.service.ts';
import { demoOrders } from './demo-orders.ts';

/**
 * Demo orders, so that a first `npm start` shows a back office with something in it
 * (main.ts; DEMO_ORDERS=false or NODE_ENV=test: none). They are made the way the shop
 * makes orders: the lines through the cart service (catalogue prices), the invoice info
 * through checkout's update (the same checks), BUY and every later action through the
 * orders module's one action function (the state machine, history rows, payments), a
 * monthly plan's months since it started through billing's renewal. Only three things
 * differ from a real order: BUY is applied here rather than by checkout's `placeOrder`,
 * which would check a captcha and queue the buyer's and the staff's mails; the order is
 * marked `demo`, so billing mails none of its invoices and reminders, now or later; and
 * the dates are moved into the past afterwards.
 */

export interface DemoServiceDeps {
  db: Db;
  cart: Pick<CartService, 'createCart' | 'addItem' | 'updateItem'>;
  checkout: Pick<CheckoutService, 'updateInvoiceInfo' | 'orderDetail' | 'buyChanges'>;
  orders: Pick<OrdersService, 'applyAction' | 'hasAnyOrder' | 'setDemoDates'>;
  orderPage: Pick<OrderPageService, 'orderView'>;
  orderActions: Pick<OrderActionsService, 'pay' | 'changeStatus'>;
  billing: Pick<BillingService, 'renewNext'>;
}

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** A renewal's invoice is paid this many days after it was issued, within the payment terms. */
const renewalPaidAfterDays = 12;

/** When a step on `day` happened: early that morning in Zurich, after the step before it, and never in the future. */
function momentOn(day: string, after: Date, now: Date): Date {
  const morning = new Date(`${day}T06:00:00Z`).getTime();
  return new Date(Math.max(after.getTime() + 60_000, Math.min(morning, now.getTime() - 60_000)));
}

function productCodeOf(tier: string): string {
  const product = catalog.find((candidate) => candidate.tier === tier);
  if (!product) throw new Error(`no product of tier ${tier}`);
  return product.code;
}

/**
 * When a demo order was placed: its day, or earlier when one of its steps would
 * otherwise lie in the future (early in a month), so that every step is in the past.
 */
function placedAtOf(order: (typeof demoOrders)[number], index: number, now: Date): Date {
  const lastStepDays = Math.max(0, ...order.steps.map((step) => step.afterDays));
  const latest = now.getTime() - lastStepDays * dayMs - 3 * hourMs;
  const { placed } = order;
  // The month is Zurich's, as the dashboard counts them; the time is mid-morning there.
  const [year = 0, month = 1] = isoDateInZurich(now).split('-').map(Number);
  const nominal =
    'daysAgo' in placed
      ? now.getTime() - placed.daysAgo * dayMs
      : Date.UTC(year, month - 1 - placed.monthsAgo, placed.day, 8 + (index % 6), 10 + index);
  return new Date(Math.min(nominal, latest));
}

export function createDemoService(deps: DemoServiceDeps) {
  const { db, cart, checkout, orders, orderPage, orderActions, billing } = deps;

  /** Makes one demo order and answers when its rows should say they were written. */
  async function makeOrder(order: (typeof demoOrders)[number], placedAt: Date, now: Date): Promise<DemoDates> {
    const { currency, language } = order;
    const createdAt = new Date(placedAt.getTime() - 25 * 60 * 1000);
    const history: DemoDates['history'] = [{ action: 'CREATE', at: createdAt }];

    // The cart, line by line, priced from the catalogue.
    const [first, ...others] = order.lines;
    if (!first) throw new Error('a demo order needs a line');
    const add = (line: typeof first) => ({ productCode: productCodeOf(line.product), quantity: line.quantity, currency, language, paymentFrequency: line.paymentFrequency });
    const { id: orderId } = await cart.createCart(add(first));
    for (const line of others) await cart.addItem(orderId, add(line), language);
    for (const line of order.lines) {
      if (!line.periodMonths) continue;
      const { items } = await checkout.orderDetail(orderId, language);
      const item = items.find((candidate) => candidate.productCode === productCodeOf(line.product) && candidate.paymentFrequency === line.paymentFrequency);
      if (item) await cart.updateItem(orderId, item.id, { periodMonths: line.periodMonths }, language);
    }

    // The invoice info, parsed as the checkout's PUT parses it.
    const info = await checkout.updateInvoiceInfo(orderId, invoiceInfoUpdateSchema.parse({ ...order.invoiceInfo, step: 5 }), language);
    const { totals } = await checkout.orderDetail(orderId, language);

    // BUY, as checkout's placeOrder writes it, without its captcha and mails, on its demo
    // day at once: the payments that follow are dated after it.
    await orders.applyAction({
      orderId,
      action: 'BUY',
      actor: 'visitor',
      check: () => ({ invoiceInfoComplete: info.complete }),
      // The order's number, as checkout's placeOrder writes it.
      writeBefore: async ({ tx }) => {
        const bought = await checkout.buyChanges({ year: placedAt.getUTCFullYear(), language, netMinor: totals.net.minor, grossMinor: totals.gross.minor }, tx);
        return { ...bought, changes: { ...bought.changes, orderedAt: placedAt, contractAcceptedAt: placedAt, demo: true } };
      },
    });
    history.push({ action: 'BUY', at: placedAt });

    // The later steps, as staff would take them in the back office, by the system.
    let availableFrom: string | null = null;
    /** The day of the payment that started a monthly plan. */
    let subscribedFrom: string | undefined;
    const payments: Date[] = [];
    for (const [index, step] of order.steps.entries()) {
      const at = new Date(placedAt.getTime() + step.afterDays * dayMs + (index + 1) * 7 * 60 * 1000);
      const day = isoDateInZurich(at);
      switch (step.action) {
        case 'PAY': {
          const open = (await orderPage.orderView(orderId, language)).amountDue;
          const amount = step.sharePercent ? shareOfMoney(open, step.sharePercent, 100) : open;
          const paid = await orderActions.pay(orderId, systemActor, { amountMinor: amount.minor, date: day }, language);
          if (paid.detail.status === 'ACTIVE') subscribedFrom ??= day;
          payments.push(at);
          break;
        }
        case 'CANCEL':
          await orderActions.changeStatus(orderId, systemActor, { action: 'CANCEL', reason: step.reason }, language);
          break;
        default:
          await orderActions.changeStatus(orderId, systemActor, { action: step.action }, language);
          if (step.action === 'START_WORK') availableFrom ??= day;
      }
      history.push({ action: step.action, at });
    }

    // A monthly plan's months since it started, each renewed as the billing job renews it on
    // the period's first day (its invoice issued that day) and paid within the terms once
    // that day has come: a first start finds no period due.
    const today = isoDateInZurich(now);
    for (let months = 1; subscribedFrom && addMonths(subscribedFrom, months) <= today; months++) {
      const start = addMonths(subscribedFrom, months);
      const renewed = await billing.renewNext(orderId, { asOf: start, actor: billingActor });
      if (!renewed) throw new Error(`demo order ${orderId}: no period due on ${start}`);
      history.push({ action: 'RENEW', at: momentOn(start, history.at(-1)!.at, now) });
      const paidOn = addDays(start, renewalPaidAfterDays);
      if (paidOn > today) break;
      await orderActions.pay(orderId, systemActor, { amountMinor: renewed.gross.minor, date: paidOn }, language);
      const at = momentOn(paidOn, history.at(-1)!.at, now);
      history.push({ action: 'PAY', at });
      payments.push(at);
    }
    return { orderId, createdAt, placedAt, availableFrom, history, payments };
  }

  return {
    /**
     * On a database without any order: the demo orders (demo-orders.ts), placed over the
     * last 12 months. Answers how many it made (0 when there was an order already).
     * Two processes starting at once on an empty database could both make them: run it
     * from one (`npm start`).
     */
    async seedDemoOrders(): Promise<{ created: number }> {
      if (await deps.orders.hasAnyOrder(db)) return { created: 0 };
      const now = new Date();
      const planned = demoOrders
        .map((order, index) => ({ order, placedAt: placedAtOf(order, index, now) }))
        .sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
      const made: DemoDates[] = [];
      // Oldest first, so that the numbers of a year follow the order dates.
      for (const { order, placedAt } of planned) made.push(await makeOrder(order, placedAt, now));
      // Demo dates: the services wrote every row with the time it is now; here, in one
      // place, the orders, lines, history and payments get the dates of the demo story.
      await db.transaction(async (tx) => {
        for (const dates of made) await deps.orders.setDemoDates(dates, tx);
      });
      return { created: made.length };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
