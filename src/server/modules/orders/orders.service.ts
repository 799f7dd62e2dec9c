import type { Db } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { OrderAction, OrderStatus } from '#shared/orders.ts';
import { findHistory, recordTransition, type HistoryEntry } from './order-history.repository.ts';
import { insertNote } from './orders-admin.repository.ts';
import { anonymiseOrdersOfContact, findOrdersOfContact, type OrderOfContact } from './order-contacts.ts';
import { factsOf } from './order-facts.ts';
import { transition, type ActionData, type OrderFacts } from './order-state-machine.ts';
import * as repo from './orders.repository.ts';
import * as cartRows from './cart-rows.repository.ts';
import * as checkoutRows from './checkout-rows.repository.ts';
import * as demoRows from './demo-rows.repository.ts';

/**
 * The order lifecycle (docs/product/order-lifecycle.md). `applyAction` is the one way an
 * order's status changes: it locks the order, asks the state machine, writes the change
 * with its history row and queues the transition's mails, all in one transaction.
 */

type LockedOrder = repo.LockedOrder;
type UpdatedOrder = Awaited<ReturnType<typeof repo.updateOrder>>;

/** What an action's hooks get: the locked order, the facts the machine judged, and where it leads. */
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

export interface ActionRequest<Result> {
  orderId: string;
  action: OrderAction;
  /** 'visitor', 'system' or a staff member's e-mail. */
  actor: string;
  /** What the action brings for the state machine, in minor units (PAY: amount; refunds). */
  data?: ActionData;
  /** The texts of the refusals, when the caller has its own (the visitor's checkout). */
  messages?: { notFound?: MessageKey; notAllowed?: MessageKey; precondition?: MessageKey };
  /** A refusal of the machine said more precisely (a refund above what was paid: on its field). */
  explainRefusal?: (reason: 'notAllowed' | 'precondition', order: LockedOrder) => AppError | undefined;
  /** After the lock, before the machine: may refuse (throw), and gives the facts only the caller knows. */
  check?: (order: LockedOrder, tx: Db) => Promise<Partial<OrderFacts> | undefined> | Partial<OrderFacts> | undefined;
  /** Once the machine allowed it, before anything is written: may refuse (throw), plans the other changes. */
  prepare?: (context: ActionContext) => Promise<ActionPlan | undefined> | ActionPlan | undefined;
  /** After the change and its history row, in the same transaction: the mails of the transition, the answer. */
  after?: (context: ActionContext & { updated: UpdatedOrder }) => Promise<Result> | Result;
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

  /**
   * Applies one action to one order, all or nothing: `SELECT … FOR UPDATE`, the state
   * machine with the order's facts, the new status with the action's other changes, the
   * history row (action, from, to, actor, data), the mails. Of two actions on one order at
   * once, the second waits for the first and is judged on what the first left: 409 when
   * the machine no longer allows it. Pass `tx` to run inside a transaction already open.
   */
  async function applyAction<Result = undefined>(request: ActionRequest<Result>, tx?: Db): Promise<{ to: OrderStatus; result: Result | undefined }> {
    const run = async (tx: Db) => {
      const order = await repo.lockOrder(tx, request.orderId);
      if (!order) throw new AppError('notFound', request.messages?.notFound ?? 'error.order.notFound');
      const facts: OrderFacts = { ...factsOf(order), ...((await request.check?.(order, tx)) ?? {}) };
      const outcome = transition(request.action, facts, request.data);
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
      const plan = (await request.prepare?.(context)) ?? {};
      const updated = await repo.updateOrder(tx, order.id, outcome.to, plan.changes ?? {}, {
        orderId: order.id,
        action: request.action,
        fromStatus: order.status,
        toStatus: outcome.to,
        actor: request.actor,
        ...(plan.history ? { data: plan.history } : {}),
      });
      const result = await request.after?.({ ...context, updated });
      return { to: outcome.to, result };
    };
    return tx ? run(tx) : db.transaction(run);
  }

  /**
   * One action on many orders in the caller's transaction, the set-based twin of
   * `applyAction` for jobs (the billing job's RENEW): the orders no other transaction holds
   * are locked (SKIP LOCKED, in id order), their facts read after the lock, the state
   * machine judges each, `prepare` plans the history row of those it allows (an order it
   * leaves out is not changed), and the new statuses and history rows are written with a
   * few statements. Changes besides the status are not written here. Answers the orders
   * skipped because another transaction held them, and those changed.
   */
  async function applyActionToMany(
    request: {
      orderIds: readonly string[];
      action: OrderAction;
      actor: string;
      prepare: (context: { tx: Db; allowed: { order: LockedOrder; to: OrderStatus }[] }) => Promise<Map<string, Record<string, unknown>>>;
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
    const plans = allowed.length > 0 ? await request.prepare({ tx, allowed }) : new Map<string, Record<string, unknown>>();
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

    /** Records the CREATE of a new cart (it has no status to change yet); pass the transaction that inserts it. */
    recordCreation(entry: Omit<HistoryEntry, 'action' | 'fromStatus'>, tx: Db): Promise<void> {
      return recordTransition(tx, { ...entry, action: 'CREATE', fromStatus: null });
    },

    /** The monthly plans the billing job looks at (ACTIVE or TERMINATING, with a start), with their renewals so far. */
    subscriptions(tx: Db = db, statuses?: readonly OrderStatus[]): Promise<repo.Subscription[]> {
      return repo.findSubscriptions(tx, statuses);
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
            await applyAction({ orderId, action: 'ABANDON', actor: 'system', prepare: () => ({ history: { idleDays } }) }, tx);
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
