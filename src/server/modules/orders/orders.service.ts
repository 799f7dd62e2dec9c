import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { OrderAction, OrderEvent, OrderStatus } from '#shared/orders.ts';
import { findHistory, recordTransition, type HistoryEntry } from './order-history.repository.ts';
import { insertNote } from './orders-admin.repository.ts';
import { anonymiseOrdersOfContact, findOrdersOfContact, type OrderOfContact } from './order-contacts.ts';
import { factsOf } from './order-facts.ts';
import { hooksOf, transition, type ActionData, type OrderFacts, type TransitionHook } from './order-state-machine.ts';
import * as repo from './orders.repository.ts';
import * as cartRows from './cart-rows.repository.ts';
import * as checkoutRows from './checkout-rows.repository.ts';
import * as demoRows from './demo-rows.repository.ts';
import * as seatRows from './seat-rows.repository.ts';

/**
 * The order lifecycle (docs/product/order-lifecycle.md). `applyAction` is the one way an
 * order's status changes: it locks the order, asks the state machine, writes the change
 * with its history row, runs the hooks the transition table names for the action (the
 * other modules' part, registered in app.ts) and queues the transition's mails, all in one
 * transaction.
 */

type LockedOrder = repo.LockedOrder;
type UpdatedOrder = Awaited<ReturnType<typeof repo.updateOrder>>;

/** What an action's steps get: the locked order, the facts the machine judged, and where it leads. */
interface ActionContext {
  tx: Db;
  order: LockedOrder;
  facts: OrderFacts;
  to: OrderStatus;
}

/** What an action changes besides the status, and what its history row records. */
export interface ActionPlan {
  changes?: repo.OrderChanges;
  history?: Record<string, unknown>;
}

/** What a transition hook is told: the order as locked (before the change), where it leads and the action's data. */
interface TransitionEvent {
  order: LockedOrder;
  to: OrderStatus;
  data: ActionData;
}

/** What each hook answers: a payment names the invoice it went to, which the payment's row keeps. */
interface HookAnswers {
  paymentReceived: { invoiceId: string | null };
  invoiced: void;
  invoicesCanceled: void;
  refundPaidOut: void;
}

/** The hooks of the transition table (order-state-machine.ts), made by the module that owns their rows. */
export type TransitionListeners = { [Hook in TransitionHook]: (event: TransitionEvent, tx: Db) => Promise<HookAnswers[Hook]> };

/**
 * One action on one order, with the caller's steps in the order they run. Only `writeBefore`
 * and `writeAfter` write; every step may refuse by throwing, which rolls everything back.
 */
export interface ActionRequest<Result> {
  orderId: string;
  action: OrderAction;
  /** 'visitor', 'system' or a staff member's e-mail. */
  actor: string;
  /** What the action brings for the state machine and the hooks, in minor units (PAY: amount; refunds). */
  data?: ActionData;
  /** The texts of the refusals, when the caller has its own (the visitor's checkout). */
  messages?: { notFound?: MessageKey; notAllowed?: MessageKey; precondition?: MessageKey };
  /** A refusal of the machine said more precisely (a refund above what was paid: on its field). */
  explainRefusal?: (reason: 'notAllowed' | 'precondition', order: LockedOrder) => AppError | undefined;
  /** Before the transaction: checks of the request alone (a day in the future). */
  before?: () => void;
  /** After the lock, before the machine: may refuse, and gives the facts only the caller knows. Reads only. */
  check?: (order: LockedOrder, tx: Db) => Promise<Partial<OrderFacts> | undefined> | Partial<OrderFacts> | undefined;
  /** Once the machine allowed it: may refuse, and plans the other changes and the history row. Writes nothing. */
  plan?: (context: ActionContext) => Promise<ActionPlan | undefined> | ActionPlan | undefined;
  /**
   * After the table's `start` hooks, before the status is written: the rows the new status
   * rests on (the buyer's contact and spent captcha with the order's number, the payment, a
   * period's invoice); answers what it adds to the plan. `invoiceId`: where a payment went.
   */
  writeBefore?: (context: ActionContext & { invoiceId: string | null | undefined }) => Promise<ActionPlan | undefined> | ActionPlan | undefined;
  /** After the status, its history row and the table's `end` hooks, in the same transaction: the mails (outbox), the audit row, the answer. */
  writeAfter?: (context: ActionContext & { updated: UpdatedOrder }) => Promise<Result> | Result;
  /** Once committed (only when applyAction opens the transaction): wake the mail worker. */
  afterCommit?: () => void;
}

/** Why the machine refused a condition other than the status, per action. */
const preconditionMessages: Partial<Record<OrderAction, MessageKey>> = {
  CANCEL: 'error.order.cancelPaid',
  ARCHIVE: 'error.order.refundPending',
  ARCHIVE_REFUND: 'error.order.noRefundPending',
  DELETE: 'error.order.deleteBooked',
};

const defaultIdleDays = 90;

export function createOrdersService(deps: { db: Db }) {
  const { db } = deps;
  /** Set once at start by app.ts (`listen`), when the modules that own the hooks' rows are made. */
  let listeners: TransitionListeners | undefined;

  function listenersOrFail(): TransitionListeners {
    if (!listeners) throw new Error('the transition hooks were not registered (orders.listen in app.ts)');
    return listeners;
  }

  /**
   * Applies one action to one order, all or nothing: the request's `before`, then in one
   * transaction `SELECT … FOR UPDATE`, the state machine with the order's facts, the table's
   * `start` hooks, the new status with the action's other changes and its history row
   * (action, from, to, actor, data), the table's `end` hooks, the mails; after the commit,
   * `afterCommit`. Of two actions on one order at once, the second waits for the first and
   * is judged on what the first left: 409 when the machine no longer allows it. Pass `tx` to
   * run inside a transaction already open (then the caller does what follows its commit).
   */
  async function applyAction<Result = undefined>(request: ActionRequest<Result>, tx?: Db): Promise<{ to: OrderStatus; result: Result | undefined }> {
    if (tx && request.afterCommit) throw new Error('afterCommit needs the transaction applyAction opens');
    request.before?.();
    const data = request.data ?? {};
    const run = async (tx: Db) => {
      const order = await repo.lockOrder(tx, request.orderId);
      if (!order) throw new AppError('notFound', request.messages?.notFound ?? 'error.order.notFound');
      const facts: OrderFacts = { ...factsOf(order), ...((await request.check?.(order, tx)) ?? {}) };
      const outcome = transition(request.action, facts, data);
      if (!outcome.ok) {
        const explained = request.explainRefusal?.(outcome.reason, order);
        if (explained) throw explained;
        const message =
          outcome.reason === 'notAllowed'
            ? (request.messages?.notAllowed ?? 'error.order.actionNotAllowed')
            : (request.messages?.precondition ?? preconditionMessages[request.action] ?? 'error.order.precondition');
        throw new AppError('conflict', message);
      }
      const context: ActionContext = { tx, order, facts, to: outcome.to };
      const planned = (await request.plan?.(context)) ?? {};
      const hooks = hooksOf(request.action);
      const event: TransitionEvent = { order, to: outcome.to, data };
      let invoiceId: string | null | undefined;
      for (const hook of hooks.start ?? []) {
        const answer = await listenersOrFail()[hook](event, tx);
        if (answer) invoiceId = answer.invoiceId;
      }
      const written = (await request.writeBefore?.({ ...context, invoiceId })) ?? {};
      const history = planned.history || written.history ? { ...planned.history, ...written.history } : undefined;
      const updated = await repo.updateOrder(tx, order.id, outcome.to, { ...planned.changes, ...written.changes }, {
        orderId: order.id,
        action: request.action,
        fromStatus: order.status,
        toStatus: outcome.to,
        actor: request.actor,
        ...(history ? { data: history } : {}),
      });
      for (const hook of hooks.end ?? []) await listenersOrFail()[hook](event, tx);
      const result = await request.writeAfter?.({ ...context, updated });
      return { to: outcome.to, result };
    };
    if (tx) return run(tx);
    const done = await db.transaction(run);
    request.afterCommit?.();
    return done;
  }

  /**
   * One action on many orders in the caller's transaction, the set-based twin of
   * `applyAction` for jobs (the billing job's RENEW): the orders no other transaction holds
   * are locked (SKIP LOCKED, in id order), their facts read after the lock, the state
   * machine judges each, `writeBefore` writes what their new status rests on (the period's
   * invoices) and answers the history row of each it keeps (an order it leaves out is not
   * changed), and the new statuses and history rows are written with a few statements.
   * Changes besides the status are not written here, and the action has no table hooks. Answers the orders
   * skipped because another transaction held them, and those changed.
   */
  async function applyActionToMany(
    request: {
      orderIds: readonly string[];
      action: OrderAction;
      actor: string;
      writeBefore: (context: { tx: Db; allowed: { order: LockedOrder; to: OrderStatus }[] }) => Promise<Map<string, Record<string, unknown>>>;
    },
    tx: Db,
  ): Promise<{ skipped: string[]; changed: string[] }> {
    const locked = await repo.lockOrdersSkippingLocked(tx, request.orderIds);
    const held = new Set(locked);
    const skipped = request.orderIds.filter((id) => !held.has(id));
    const allowed: { order: LockedOrder; to: OrderStatus }[] = [];
    for (const order of await repo.findOrdersWithFacts(tx, locked)) {
      const outcome = transition(request.action, factsOf(order), undefined);
      if (outcome.ok) allowed.push({ order, to: outcome.to });
    }
    allowed.sort((a, b) => a.order.id.localeCompare(b.order.id));
    const plans = allowed.length > 0 ? await request.writeBefore({ tx, allowed }) : new Map<string, Record<string, unknown>>();
    const transitions = allowed
      .filter(({ order }) => plans.has(order.id))
      .map(({ order, to }) => ({ orderId: order.id, action: request.action, fromStatus: order.status, toStatus: to, actor: request.actor, data: plans.get(order.id) ?? {} }));
    await repo.recordTransitions(tx, transitions);
    return { skipped, changed: transitions.map((entry) => entry.orderId) };
  }

  return {
    /**
     * The SQL of the cart and of the checkout on the orders and their lines, which this
     * module owns (docs/decisions/058-tables-owned-by-modules.md): repository functions
     * that take the caller's executor first, so they run in the cart's or the checkout's
     * transaction.
     */
    cartRows: {
      insertOrder: cartRows.insertOrder,
      findCart: cartRows.findCart,
      findCartVersion: cartRows.findCartVersion,
      findCarts: cartRows.findCarts,
      findOrder: cartRows.findOrder,
      lockOrder: cartRows.lockOrder,
      addSeats: cartRows.addSeats,
      addSeatsAndReadCart: cartRows.addSeatsAndReadCart,
      countActiveItems: cartRows.countActiveItems,
      findItems: cartRows.findItems,
      updateItem: cartRows.updateItem,
      setOrderFields: cartRows.setOrderFields,
    },
    checkoutRows: {
      findOrder: checkoutRows.findOrder,
      findOrders: checkoutRows.findOrders,
      lockOrder: checkoutRows.lockOrder,
      saveInvoiceInfo: checkoutRows.saveInvoiceInfo,
      nextOrderNumber: checkoutRows.nextOrderNumber,
      placedOrderValues: checkoutRows.placedOrderValues,
    },

    /** Whether any order exists (a first start makes its demo orders only into an empty shop). */
    hasAnyOrder(tx: Db = db): Promise<boolean> {
      return demoRows.hasAnyOrder(tx);
    },

    /** Dates a demo order's rows as if it had happened then (the demo module, decision 055). */
    setDemoDates(dates: demoRows.DemoDates, tx: Db): Promise<void> {
      return demoRows.setDemoDates(tx, dates);
    },

    applyAction,
    applyActionToMany,

    /** Registers the hooks of the transition table, once, at start (app.ts): billing's, for the invoices. */
    listen(hooks: TransitionListeners): void {
      if (listeners) throw new Error('the transition hooks are registered once');
      listeners = hooks;
    },

    /** Records the CREATE of a new cart (it has no status to change yet); pass the transaction that inserts it. */
    recordCreation(entry: Omit<HistoryEntry, 'action' | 'fromStatus'>, tx: Db): Promise<void> {
      return recordTransition(tx, { ...entry, action: 'CREATE', fromStatus: null });
    },

    /**
     * The monthly plans the billing job looks at (ACTIVE or TERMINATING, with a start), with
     * their renewals so far; those of `orderIds` alone when given (a buyer's account).
     */
    subscriptions(tx: Db = db, statuses?: readonly OrderStatus[], orderIds?: readonly string[]): Promise<repo.Subscription[]> {
      return repo.findSubscriptions(tx, statuses, orderIds);
    },

    /** Which of the orders are demo orders of a first start (billing mails them nothing). */
    async demoOrderIds(orderIds: readonly string[], tx: Db = db): Promise<Set<string>> {
      return new Set(await repo.findDemoOrderIds(tx, orderIds));
    },

    /** The order with the facts the state machine reads, unlocked (undefined: no such order). */
    orderWithFacts(orderId: string, tx: Db = db): Promise<LockedOrder | undefined> {
      return repo.findOrderWithFacts(tx, orderId);
    },

    /**
     * A credit note lowers what fell due on the order (its money box follows), in the
     * caller's transaction, locking the order first; 404 for no (placed) order.
     */
    async recordCredit(orderId: string, amountMinor: number, tx: Db): Promise<{ number: string }> {
      const order = await repo.addCredit(tx, orderId, amountMinor);
      if (!order?.number) throw new AppError('notFound', 'error.order.notFound');
      return { number: order.number };
    },

    /**
     * The order locked with its facts, in the caller's transaction, for a change that is no
     * transition (a plan's seats): a second change of the order waits for the first.
     */
    async lockOrder(orderId: string, tx: Db): Promise<LockedOrder> {
      const order = await repo.lockOrder(tx, orderId);
      if (!order || order.deletedAt) throw new AppError('notFound', 'error.order.notFound');
      return order;
    },

    /** The ACTIVE MONTHLY lines of the orders with their pending reductions (seat-rows.repository.ts). */
    planLines(orderIds: readonly string[], tx: Db = db): Promise<seatRows.PlanLineRow[]> {
      return seatRows.findPlanLines(tx, orderIds);
    },

    /** The reduction waiting on the order's plan (what the account, tracking and the order page show), or null. */
    pendingSeats(orderId: string, tx: Db = db): Promise<{ seats: number; from: string } | null> {
      return seatRows.findPendingSeats(tx, orderId);
    },

    /**
     * A plan line's seats, in the caller's transaction (which holds the order's lock):
     * more at once (`quantity`), fewer from a day on (`pending`, null withdraws it).
     */
    async changeSeats(lineId: string, change: { quantity: number } | { pending: { quantity: number; from: string } | null }, tx: Db): Promise<void> {
      if ('quantity' in change) await seatRows.setLineSeats(tx, lineId, change.quantity);
      else await seatRows.setPendingSeats(tx, lineId, change.pending);
    },

    /** The billing job's renewal: the reductions in force on each billed period's first day take effect, in its transaction. */
    applyPendingSeats(periods: readonly { orderId: string; periodStart: string }[], tx: Db): Promise<void> {
      return seatRows.applyPendingSeats(tx, periods);
    },

    /** A history row of a change that leaves the status as it is (`SEATS_CHANGED`), in the caller's transaction. */
    async recordEvent(order: { id: string; status: OrderStatus }, event: { action: OrderEvent; actor: string; data: Record<string, unknown> }, tx: Db): Promise<void> {
      await recordTransition(tx, { orderId: order.id, action: event.action, fromStatus: order.status, toStatus: order.status, actor: event.actor, data: event.data });
    },

    /** A note in the order's timeline written by a job (`author`: billing), in the caller's transaction. */
    async recordNote(orderId: string, author: string, text: string, tx: Db): Promise<void> {
      await insertNote(tx, { orderId, author, text });
    },

    /** The order's history, oldest first. */
    findHistory(orderId: string, tx: Db = db) {
      return findHistory(tx, orderId);
    },

    /** The orders naming the address (saved cart or buyer's contact), for a person's data export. */
    ordersOfContact(email: string, tx: Db = db): Promise<OrderOfContact[]> {
      return findOrdersOfContact(tx, email);
    },

    /**
     * A person's deletion, inside its transaction: the orders naming them lose name,
     * address, e-mail and phone, and stay; in the notes, history and saved views the
     * address becomes `pseudonym` (the audit log's, docs/product/contacts.md).
     */
    anonymiseContact(email: string, pseudonym: string, tx: Db): Promise<void> {
      return anonymiseOrdersOfContact(tx, email, pseudonym);
    },

    /**
     * ABANDON, by the system, for every cart idle for `idleDays` (default 90; the cart
     * cookie lasts as long). Claims batches with FOR UPDATE SKIP LOCKED, so two server
     * processes running it at once never abandon a cart twice. Answers how many it abandoned.
     */
    async abandonIdleCarts(options: { idleDays?: number; batchSize?: number } = {}): Promise<number> {
      const idleDays = options.idleDays ?? defaultIdleDays;
      const batchSize = options.batchSize ?? 100;
      let abandoned = 0;
      for (;;) {
        const claimed = await db.transaction(async (tx) => {
          const ids = await repo.claimIdleCarts(tx, idleDays, batchSize);
          for (const orderId of ids) {
            await applyAction({ orderId, action: 'ABANDON', actor: 'system', plan: () => ({ history: { idleDays } }) }, tx);
          }
          return ids.length;
        });
        abandoned += claimed;
        if (claimed < batchSize) return abandoned;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
export type { Subscription } from './orders.repository.ts';
/** The rows' types of `cartRows` and `checkoutRows`, for the cart and checkout modules that use them. */
export type * as CartRows from './cart-rows.repository.ts';
export type { ItemRow, NewItem } from './cart-rows.repository.ts';
export type * as CheckoutRows from './checkout-rows.repository.ts';
export type { StoredInvoiceInfo } from './checkout-rows.repository.ts';
export type { DemoDates } from './demo-rows.repository.ts';
