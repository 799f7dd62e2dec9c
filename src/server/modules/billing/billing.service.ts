import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { money } from '#shared/money.ts';
import type { CheckoutService } from '../checkout/checkout.service.ts';
import { InvoiceExists, type InvoiceRecordsService, type InvoiceRow } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { ActionRequest, OrdersService, Subscription, TransitionListeners } from '../orders/orders.service.ts';
import type { BillingRemindersService } from './billing-reminders.service.ts';
import { billingActor, warnOfPlans, type BillingReport, type BillingSettings } from './billing-run.rules.ts';
import { buyerOf, invoiceMail, invoiceMailKind, invoiceSubject } from './billing.mails.ts';
import { nextPeriod } from '#shared/plan-periods.ts';
import { periodAfterPurchase, periodBilledBy, planEndReached } from './periods.rules.ts';

/** Thrown inside a transaction to leave it without a change: nothing is due (any more) for the order. */
class NothingDue extends Error {}
/** Thrown to roll back a dry run's one transaction after it saw what it would do. */
class DryRunDone extends Error {}

/**
 * Plans renewed together, with one short transaction and a few statements per batch
 * (decision 050), each statement sending its rows as one value: a thousand a batch, where
 * a hundred spent most of the job on round trips and statements built anew (decision 076).
 */
const batchSize = 1000;
/**
 * The pause after each batch, a third as long as the batch took and at least 5 ms: the
 * shop's requests get the database (on PGlite its one connection), the event loop and
 * the CPU for a quarter of the job's time.
 */
const pauseAfter = (batchMs: number) => Math.max(5, batchMs / 3);

/**
 * The billing job (docs/product/billing.md, decision 037): the first invoice at INVOICE, a
 * renewal with its invoice per period in batches, end dates, and the reminders of
 * `billing-reminders.service.ts` in each run; the order's invoices for the tracking page
 * and the back office.
 */
export function createBillingService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'applyAction' | 'applyActionToMany' | 'subscriptions' | 'orderWithFacts' | 'applyPendingSeats'>;
  invoiceRecords: InvoiceRecordsService;
  checkout: Pick<CheckoutService, 'invoiceContent' | 'invoiceContents'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  reminders: Pick<BillingRemindersService, 'remind'>;
  settings: BillingSettings;
  publicUrl: string;
  onMailQueued: () => void;
  /** Where a run warns of plans it refuses or finds far behind. */
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, orders, invoiceRecords, checkout, outbox, reminders, settings, publicUrl } = deps;

  /**
   * Issues the invoice in `tx` and queues its mail with it: both are saved or neither (a
   * crash between them leaves nothing half done). A demo order's invoice is not mailed.
   */
  async function issueAndMail(
    order: { id: string; demo: boolean },
    what: ({ kind: 'first' } | { kind: 'period'; period: { start: string; end: string } }) & { issuedOn: string },
    tx: Db,
  ): Promise<InvoiceRow | undefined> {
    const orderId = order.id;
    const content = await checkout.invoiceContent(orderId, what.kind === 'first' ? { kind: 'first', issuedOn: what.issuedOn } : { kind: 'period', vatDay: what.period.start }, tx);
    const invoice = await invoiceRecords.issue(
      {
        orderId,
        billingKey: what.kind === 'first' ? 'first' : what.period.start,
        ...(what.kind === 'period' ? { period: what.period } : {}),
        issuedOn: what.issuedOn,
        paymentTermDays: settings.paymentTermDays,
        orderNumber: content.orderNumber,
        content: content.content,
        amounts: content.amounts,
      },
      tx,
    );
    if (invoice && !order.demo && content.billingEmail) {
      await outbox.queueComposedLater(
        [
          {
            to: content.billingEmail,
            subject: invoiceSubject(invoice, content.orderNumber),
            kind: invoiceMailKind,
            payload: { invoiceId: invoice.id, orderNumber: content.orderNumber, name: content.billingName },
            orderId,
          },
        ],
        tx,
      );
    }
    return invoice;
  }

  /**
   * RENEW of the order's next period through the orders module's one action function,
   * with the period's invoice and its mail, all in one transaction. The order is locked
   * first, then the next period is worked out from what the history holds, so a second
   * run waiting for the lock finds it renewed; the invoice's key per order and period
   * refuses a second invoice even so. Answers what was renewed, or undefined when nothing
   * is due (not yet, past the end date, no longer ACTIVE or TERMINATING).
   */
  async function renewNext(
    orderId: string,
    /** `writeAfter`: the caller's own step in the same transaction (a staff RENEW's audit row). */
    options: { asOf: string; actor: string; force?: boolean; writeAfter?: ActionRequest<unknown>['writeAfter'] },
    tx?: Db,
  ) {
    let renewed: BillingReport['renewed'][number] | undefined;
    try {
      await orders.applyAction(
        {
          orderId,
          action: 'RENEW',
          actor: options.actor,
          // Issues the period's invoice (and queues its mail), which the history row names.
          writeBefore: async ({ tx, order }) => {
            if (!order.subscribedFrom) throw new NothingDue();
            const period = nextPeriod(order.subscribedFrom, order.renewalCount);
            if (!options.force && period.start > options.asOf) throw new NothingDue();
            // No period of an order begins before it was placed, even when staff renew.
            if (!periodAfterPurchase(period.start, order.orderedOn)) {
              if (options.force) throw new AppError('conflict', 'error.order.precondition');
              throw new NothingDue();
            }
            // A plan under notice is billed only for the periods before its end date.
            if (order.terminatedFrom && period.start >= order.terminatedFrom) {
              if (options.force) throw new AppError('conflict', 'error.order.precondition');
              throw new NothingDue();
            }
            // The period bills the seats in force on its first day: a reduction from then on takes effect now, once.
            await orders.applyPendingSeats([{ orderId, periodStart: period.start }], tx);
            const invoice = await issueAndMail(order, { kind: 'period', issuedOn: options.asOf, period: { start: period.start, end: period.end } }, tx);
            if (!invoice) throw new NothingDue();
            renewed = {
              orderId,
              orderNumber: order.number ?? '',
              periodStart: period.start,
              periodEnd: period.end,
              invoiceNumber: invoice.number,
              gross: money(invoice.grossMinor, invoice.currency),
            };
            // What falls due is the invoice's gross: the order's amount due adds it up from here (docs/product/order-lifecycle.md).
            return { history: { amountDue: renewed.gross, periodStart: period.start, periodEnd: period.end, invoiceNumber: invoice.number } };
          },
          ...(options.writeAfter ? { writeAfter: options.writeAfter } : {}),
        },
        tx,
      );
    } catch (error) {
      if (error instanceof NothingDue) return undefined;
      // The order moved on meanwhile (terminated, canceled): nothing to renew.
      if (!options.force && error instanceof AppError && error.code === 'conflict') return undefined;
      throw error;
    }
    return renewed;
  }

  /** TERMINATE at the end date, by the job; undefined when another run (or staff) did it first. */
  async function terminate(orderId: string, tx?: Db) {
    let done: BillingReport['terminated'][number] | undefined;
    try {
      await orders.applyAction(
        {
          orderId,
          action: 'TERMINATE',
          actor: billingActor,
          plan: ({ order }) => {
            done = { orderId, orderNumber: order.number ?? '', terminatedFrom: order.terminatedFrom ?? '' };
            return { history: { terminatedFrom: order.terminatedFrom } };
          },
        },
        tx,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return undefined;
      throw error;
    }
    return done;
  }

  /** Every period due on `asOf` of one plan, each missed one once; then its end, once its end date has come. */
  async function billPlan(plan: Subscription, asOf: string, report: BillingReport, tx?: Db): Promise<void> {
    let renewals = plan.renewalCount;
    for (;;) {
      const period = nextPeriod(plan.subscribedFrom, renewals);
      if (!periodBilledBy(period.start, asOf, plan.terminatedFrom)) break;
      const renewed = await renewNext(plan.id, { asOf, actor: billingActor }, tx);
      if (!renewed) break;
      report.renewed.push(renewed);
      renewals++;
    }
    if (planEndReached(plan, asOf)) {
      const terminated = await terminate(plan.id, tx);
      if (terminated) report.terminated.push(terminated);
    }
  }

  /**
   * RENEW of the next period of several plans in one transaction, set-based: the plans no
   * other run holds are locked (the others are answered as `skipped`), their next period
   * worked out from the history read after the lock, and for those due the invoice
   * contents are read, the invoices issued (numbers in one statement, records in another),
   * their mails queued and the history rows written, each with a statement for the whole
   * batch. When an order has the period's invoice already (`InvoiceExists`), everything
   * is rolled back, numbers included: the caller bills those plans one by one.
   */
  async function renewBatch(orderIds: readonly string[], asOf: string): Promise<{ renewed: BillingReport['renewed']; skipped: string[] }> {
    return db.transaction(async (tx) => {
      const renewed: BillingReport['renewed'] = [];
      const { skipped } = await orders.applyActionToMany(
        {
          orderIds,
          action: 'RENEW',
          actor: billingActor,
          // Issues the periods' invoices (and queues their mails), which the history rows name.
          writeBefore: async ({ tx, allowed }) => {
            const due = allowed.flatMap(({ order }) => {
              if (!order.subscribedFrom) return [];
              const period = nextPeriod(order.subscribedFrom, order.renewalCount);
              if (!periodBilledBy(period.start, asOf, order.terminatedFrom) || !periodAfterPurchase(period.start, order.orderedOn)) return [];
              return [{ order, period }];
            });
            // As renewNext: each period bills the seats in force on its first day.
            await orders.applyPendingSeats(
              due.map(({ order, period }) => ({ orderId: order.id, periodStart: period.start })),
              tx,
            );
            const contents = await checkout.invoiceContents(
              due.map(({ order, period }) => ({ orderId: order.id, vatDay: period.start })),
              tx,
            );
            const billed = due.flatMap(({ order, period }) => {
              const content = contents.get(order.id);
              return content ? [{ order, period, content }] : [];
            });
            const issued = await invoiceRecords.issueMany(
              billed.map(({ order, period, content }) => ({
                orderId: order.id,
                billingKey: period.start,
                period: { start: period.start, end: period.end },
                issuedOn: asOf,
                paymentTermDays: settings.paymentTermDays,
                orderNumber: content.orderNumber,
                content: content.content,
                amounts: content.amounts,
              })),
              tx,
            );
            const plans = new Map<string, Record<string, unknown>>();
            const mails: Parameters<typeof outbox.queueComposedLater>[0] = [];
            billed.forEach(({ order, period, content }, index) => {
              const invoice = issued[index]!;
              if (content.billingEmail && !order.demo) {
                mails.push({
                  to: content.billingEmail,
                  subject: invoiceSubject(invoice, content.orderNumber),
                  kind: invoiceMailKind,
                  payload: { invoiceId: invoice.id, orderNumber: content.orderNumber, name: content.billingName },
                  orderId: order.id,
                });
              }
              const gross = money(invoice.grossMinor, invoice.currency);
              renewed.push({
                orderId: order.id,
                orderNumber: order.number ?? '',
                periodStart: period.start,
                periodEnd: period.end,
                invoiceNumber: invoice.number,
                gross,
              });
              // As renewNext's history row: what falls due is the invoice's gross.
              plans.set(order.id, { amountDue: gross, periodStart: period.start, periodEnd: period.end, invoiceNumber: invoice.number });
            });
            await outbox.queueComposedLater(mails, tx);
            return plans;
          },
        },
        tx,
      );
      return { renewed, skipped };
    });
  }

  /**
   * Every plan with something due on `asOf`. Outside a dry run the renewals go in batches
   * (`renewBatch`), one period per plan and batch, with a pause after each, round after
   * round while a plan has more periods due (after downtime); plans another run held or
   * whose batch met an invoice issued already are then billed one by one, each waiting for
   * its lock (`billPlan`), and plans at their end date are terminated. A dry run's one
   * transaction takes the plans one after the other.
   */
  async function renewAndTerminate(asOf: string, report: BillingReport, tx?: Db): Promise<void> {
    const renewalDue = (plan: Subscription) => {
      const { start } = nextPeriod(plan.subscribedFrom, plan.renewalCount);
      return periodBilledBy(start, asOf, plan.terminatedFrom) && periodAfterPurchase(start, plan.orderedOn);
    };
    const subscriptions = await orders.subscriptions(tx ?? db);
    warnOfPlans(subscriptions, asOf, report, deps.log);
    const due = subscriptions.filter((plan) => renewalDue(plan) || planEndReached(plan, asOf));
    if (tx) {
      for (const plan of due) await billPlan(plan, asOf, report, tx);
      return;
    }
    const plans = new Map(due.map((plan) => [plan.id, plan]));
    const oneByOne = new Set<string>();
    let queue = due.filter(renewalDue).map((plan) => plan.id);
    while (queue.length > 0) {
      const again: string[] = [];
      for (let index = 0; index < queue.length; index += batchSize) {
        const batch = queue.slice(index, index + batchSize);
        const started = performance.now();
        try {
          const { renewed, skipped } = await renewBatch(batch, asOf);
          for (const id of skipped) oneByOne.add(id);
          for (const entry of renewed) {
            report.renewed.push(entry);
            // The next period starts where this one ends.
            if (periodBilledBy(entry.periodEnd, asOf, plans.get(entry.orderId)?.terminatedFrom ?? null)) again.push(entry.orderId);
          }
        } catch (error) {
          if (!(error instanceof InvoiceExists)) throw error;
          for (const id of batch) oneByOne.add(id);
        }
        await sleep(pauseAfter(performance.now() - started));
      }
      queue = again.filter((id) => !oneByOne.has(id));
    }
    for (const plan of due) {
      if (oneByOne.has(plan.id)) await billPlan(plan, asOf, report);
      else if (planEndReached(plan, asOf)) {
        const terminated = await terminate(plan.id);
        if (terminated) report.terminated.push(terminated);
      }
    }
  }

  const mailComposers: Record<string, MailComposer> = {
    [invoiceMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`invoice ${String(payload.invoiceId)} not found`);
      return invoiceMail(found.row, found.pdf, { orderNumber: String(payload.orderNumber ?? ''), person: buyerOf(found.row).person, publicUrl });
    },
  };

  return {
    mailComposers,
    renewNext,

    /**
     * The invoices' part in the order lifecycle: the transition table's hooks
     * (orders/order-state-machine.ts), registered in app.ts and run in the action's transaction.
     */
    transitionListeners: {
      /** PAY: against the invoice staff chose, else the oldest open ones; answers the invoice it went to. */
      paymentReceived: async ({ order, data }, tx) => ({ invoiceId: await invoiceRecords.applyPayment(order.id, data.amount ?? 0, data.invoiceId, tx) }),
      /**
       * INVOICE's first invoice: for one-time lines the whole amount, for a monthly plan its
       * first month (what fell due at BUY), mailed with its PDF to the billing contact (a
       * demo order's is not). A second INVOICE issues nothing new.
       */
      invoiced: async ({ order }, tx) => {
        await issueAndMail(order, { kind: 'first', issuedOn: isoDateInZurich() }, tx);
      },
      /** CANCEL, CANCEL_REFUND: what is open of the order's invoices is canceled with it. */
      invoicesCanceled: ({ order }, tx) => invoiceRecords.cancelOpen(order.id, tx),
      /** ARCHIVE_REFUND: the refund paid out, against the newest invoice paid. */
      refundPaidOut: ({ order }, tx) => invoiceRecords.applyRefund(order.id, order.refundAmountMinor ?? 0, tx),
    } satisfies TransitionListeners,

    /**
     * One run of the job as of `asOf` (default today in Zurich): renewals with their
     * invoices, terminations at the end date, reminders. Each order in its own
     * transaction; a dry run does all of it in one transaction and rolls it back, so it
     * reports exactly what a real run would do and changes nothing.
     */
    async run(options: { asOf?: string; dryRun?: boolean } = {}): Promise<BillingReport> {
      const asOf = options.asOf ?? isoDateInZurich();
      const report: BillingReport = { asOf, dryRun: Boolean(options.dryRun), renewed: [], terminated: [], reminded: [], statements: [], refused: [] };
      if (options.dryRun) {
        try {
          await db.transaction(async (tx) => {
            await renewAndTerminate(asOf, report, tx);
            await reminders.remind(asOf, report, tx);
            throw new DryRunDone();
          });
        } catch (error) {
          if (!(error instanceof DryRunDone)) throw error;
        }
        return report;
      }
      await renewAndTerminate(asOf, report);
      await reminders.remind(asOf, report);
      if (report.renewed.length > 0 || report.reminded.length > 0) deps.onMailQueued();
      return report;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
