import { createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { addDays, addMonths, isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { minorWithCode, toMajor, toMinor } from '#shared/money.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { BillingOverview, OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { CheckoutService } from '../checkout/checkout.service.ts';
import { InvoiceExists, type InvoiceRecordsService, type InvoiceRow } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { ActionRequest, OrdersService, Subscription } from '../orders/orders.service.ts';
import { creditNoteMail, creditNoteMailKind, creditNoteSubject, invoiceMail, invoiceMailKind, invoiceSubject, noticeMail, reminderMail, reminderMailKind, reminderSubject } from './billing.mails.ts';
import { nextPeriod, periodAfterPurchase, periodBilledBy, periodsDueBy, planEndReached, reminderStepDue } from './periods.rules.ts';

/** Payment terms and reminder days (PAYMENT_TERMS_DAYS, REMINDER_DAYS). */
export interface BillingSettings {
  paymentTermDays: number;
  /** Days after the due day on which a reminder goes out, ascending (default 10, 20, 30). */
  reminderDays: number[];
}

/** What one run of the job did (or, dry, would do). */
export interface BillingReport {
  asOf: string;
  dryRun: boolean;
  renewed: { orderId: string; orderNumber: string; periodStart: string; periodEnd: string; invoiceNumber: string; gross: number; currency: string }[];
  terminated: { orderId: string; orderNumber: string; terminatedFrom: string }[];
  reminded: { orderId: string; invoiceNumber: string; step: number; to: string }[];
  /** Plans not billed: their next period begins before their order was placed (`orderedOn`). */
  refused: { orderId: string; orderNumber: string; periodStart: string; orderedOn: string | null }[];
}

/** The actor of the job's transitions in the history. */
export const billingActor = 'billing';

/** Thrown inside a transaction to leave it without a change: nothing is due (any more) for the order. */
class NothingDue extends Error {}
/** Thrown to roll back a dry run's one transaction after it saw what it would do. */
class DryRunDone extends Error {}

/** Plans renewed together, with one short transaction and a few statements per batch (decision 050). */
const batchSize = 100;
/**
 * The pause after each batch, a third as long as the batch took and at least 5 ms: the
 * shop's requests get the database (on PGlite its one connection), the event loop and
 * the CPU for a quarter of the job's time.
 */
const pauseAfter = (batchMs: number) => Math.max(5, batchMs / 3);

/** More periods of one plan due at once than this is logged as a warning: more than a few days' downtime explains. */
const manyPeriods = 3;

/** How long a notice confirmation link holds. */
const noticeLinkDays = 7;

/** The billing contact an invoice was issued to (its document's buyer): the address its mails go to, and the first name they greet. */
function buyerOf(invoice: InvoiceRow): { email: string | undefined; firstName: string } {
  const buyer = (invoice.document as { buyer?: { email?: string; contactName?: string } }).buyer;
  return { email: buyer?.email, firstName: (buyer?.contactName ?? '').split(' ')[0] ?? '' };
}

export function createBillingService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'applyAction' | 'applyActionToMany' | 'subscriptions' | 'recordNote' | 'recordCredit' | 'orderWithFacts' | 'demoOrderIds'>;
  invoiceRecords: InvoiceRecordsService;
  checkout: Pick<CheckoutService, 'invoiceContent' | 'invoiceContents'>;
  outbox: Pick<OutboxService, 'queueComposedLater' | 'queue'>;
  mail: MailSettings;
  settings: BillingSettings;
  publicUrl: string;
  secretKey: string;
  /** A credit note is a staff change: written to the audit log in its transaction. */
  audit: Pick<AuditService, 'record'>;
  onMailQueued: () => void;
  /** Where a run warns of plans it refuses or finds far behind. */
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, orders, invoiceRecords, checkout, outbox, settings, publicUrl } = deps;
  const steps = settings.reminderDays.length;

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
    const content = await checkout.invoiceContent(orderId, what.kind === 'first' ? { kind: 'first' } : { kind: 'period', vatDay: what.period.start }, tx);
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
    /** `after`: the caller's own step in the same transaction (a staff RENEW's audit row). */
    options: { asOf: string; actor: string; force?: boolean; after?: ActionRequest<unknown>['after'] },
    tx?: Db,
  ) {
    let renewed: BillingReport['renewed'][number] | undefined;
    try {
      await orders.applyAction(
        {
          orderId,
          action: 'RENEW',
          actor: options.actor,
          prepare: async ({ tx, order }) => {
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
            const invoice = await issueAndMail(order, { kind: 'period', issuedOn: options.asOf, period: { start: period.start, end: period.end } }, tx);
            if (!invoice) throw new NothingDue();
            renewed = {
              orderId,
              orderNumber: order.number ?? '',
              periodStart: period.start,
              periodEnd: period.end,
              invoiceNumber: invoice.number,
              gross: toMajor(invoice.grossMinor),
              currency: invoice.currency,
            };
            // What falls due is the invoice's gross: the order's amount due adds it up from here (docs/product/order-lifecycle.md).
            return { history: { amountDue: toMajor(invoice.grossMinor), periodStart: period.start, periodEnd: period.end, invoiceNumber: invoice.number } };
          },
          ...(options.after ? { after: options.after } : {}),
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
          prepare: ({ order }) => {
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
          prepare: async ({ tx, allowed }) => {
            const due = allowed.flatMap(({ order }) => {
              if (!order.subscribedFrom) return [];
              const period = nextPeriod(order.subscribedFrom, order.renewalCount);
              if (!periodBilledBy(period.start, asOf, order.terminatedFrom) || !periodAfterPurchase(period.start, order.orderedOn)) return [];
              return [{ order, period }];
            });
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
              const gross = toMajor(invoice.grossMinor);
              renewed.push({
                orderId: order.id,
                orderNumber: order.number ?? '',
                periodStart: period.start,
                periodEnd: period.end,
                invoiceNumber: invoice.number,
                gross,
                currency: invoice.currency,
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
   * What a run tells staff before it bills (the log's warnings, and `report.refused`): a
   * plan whose next period begins before its order was placed is not billed, since its
   * start (the day of the payment that activated it) cannot be right, so it never bills
   * more periods than have begun since the order was placed; a plan with more than
   * `manyPeriods` periods due at once is billed, and named.
   */
  function warnOfPlans(plans: readonly Subscription[], asOf: string, report: BillingReport): void {
    for (const plan of plans) {
      const { start } = nextPeriod(plan.subscribedFrom, plan.renewalCount);
      if (!periodBilledBy(start, asOf, plan.terminatedFrom)) continue;
      const about = { orderId: plan.id, orderNumber: plan.number };
      if (!periodAfterPurchase(start, plan.orderedOn)) {
        report.refused.push({ ...about, periodStart: start, orderedOn: plan.orderedOn });
        deps.log.warn({ ...about, periodStart: start, orderedOn: plan.orderedOn }, 'billing refused a plan: its next period begins before its order was placed');
        continue;
      }
      const periodsDue = periodsDueBy(plan, asOf);
      if (periodsDue > manyPeriods) deps.log.warn({ ...about, periodsDue }, `billing: a plan has more than ${manyPeriods} periods due at once`);
    }
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
    warnOfPlans(subscriptions, asOf, report);
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

  /**
   * The reminders due on `asOf`: for each open invoice, the latest step whose day has come
   * and was not sent yet (after downtime only that one), in batches of invoices claimed
   * with SKIP LOCKED; the mail and a note in the order's timeline go with the step's record.
   */
  async function remind(asOf: string, report: BillingReport, tx?: Db): Promise<void> {
    const firstDay = settings.reminderDays[0];
    if (firstDay === undefined) return;
    let afterId: string | null = null;
    for (;;) {
      const run = async (tx: Db) => {
        const batch = await invoiceRecords.claimRemindable({ asOf, firstDay, steps, limit: 100, afterId }, tx);
        const demo = await orders.demoOrderIds(batch.map((invoice) => invoice.orderId), tx);
        for (const invoice of batch) {
          const step = reminderStepDue(invoice.dueOn, settings.reminderDays, asOf);
          if (step <= invoice.remindersSent) continue;
          // A demo order's step is recorded like any other, and mailed to no one.
          const to = demo.has(invoice.orderId) ? '' : (invoice.email ?? '');
          await invoiceRecords.setRemindersSent(invoice.id, step, tx);
          if (to) {
            await outbox.queueComposedLater(
              [{ to, subject: reminderSubject(invoice, step, steps), kind: reminderMailKind, payload: { invoiceId: invoice.id, step, steps }, orderId: invoice.orderId }],
              tx,
            );
          }
          const note = demo.has(invoice.orderId)
            ? translate('en-US', 'note.billing.reminderNotMailed', { step, steps, number: invoice.number })
            : translate('en-US', 'note.billing.reminder', { step, steps, number: invoice.number, email: to || '–' });
          await orders.recordNote(invoice.orderId, billingActor, note, tx);
          report.reminded.push({ orderId: invoice.orderId, invoiceNumber: invoice.number, step, to });
        }
        return batch;
      };
      const batch = tx ? await run(tx) : await db.transaction(run);
      if (batch.length < 100) return;
      afterId = batch.at(-1)?.id ?? null;
    }
  }

  /** The signature of a notice link: the order and the link's last day, signed with SECRET_KEY. */
  const noticeSignature = (orderId: string, until: string) =>
    createHmac('sha256', deps.secretKey).update(`notice:${orderId}:${until}`).digest('base64url');

  /** When notice given today would take effect: the end of the running period, never before the minimum term ends. */
  function noticeEffectiveFrom(order: { subscribedFrom: string | null; termMonths: number | null; periodEnd: string | null }, today: string): string {
    const termEnd = addMonths(order.subscribedFrom ?? today, order.termMonths ?? 12);
    const periodEnd = order.periodEnd ?? termEnd;
    return periodEnd > termEnd ? periodEnd : termEnd;
  }

  /** The signed link that confirms a notice, valid for a week. */
  function noticeLink(orderId: string, today: string = isoDateInZurich()): string {
    const until = addDays(today, noticeLinkDays);
    const token = `${until}.${noticeSignature(orderId, until)}`;
    return new URL(`${appUrl(appPaths.tracking(orderId))}?notice=${encodeURIComponent(token)}`, publicUrl).toString();
  }

  /** Whether a notice token is this order's and still valid. */
  function noticeTokenValid(orderId: string, token: string, today: string = isoDateInZurich()): boolean {
    const [until = '', signature = ''] = token.split('.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || until < today) return false;
    const expected = Buffer.from(noticeSignature(orderId, until));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The order's invoices with what is open; the visitor's (`visitor`) 404 for a cart or a deleted order. */
  async function invoicesOf(orderId: string, options: { visitor: boolean }): Promise<OrderInvoices> {
    const order = await orders.orderWithFacts(orderId);
    if (!order || (options.visitor && (order.deletedAt || !order.number))) throw new AppError('notFound', 'error.order.notFound');
    return invoiceRecords.list(orderId, order.currency, isoDateInZurich());
  }

  const mailComposers: Record<string, MailComposer> = {
    [invoiceMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`invoice ${String(payload.invoiceId)} not found`);
      return invoiceMail(found.row, found.pdf, { orderNumber: String(payload.orderNumber ?? ''), name: String(payload.name ?? ''), publicUrl });
    },
    [creditNoteMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`credit note ${String(payload.invoiceId)} not found`);
      return creditNoteMail(found.row, found.pdf, {
        invoiceNumber: String(payload.invoiceNumber ?? ''),
        orderNumber: String(payload.orderNumber ?? ''),
        reason: String(payload.reason ?? ''),
        name: String(payload.name ?? ''),
        publicUrl,
      });
    },
    [reminderMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`invoice ${String(payload.invoiceId)} not found`);
      return reminderMail(found.row, found.pdf, { step: Number(payload.step), steps: Number(payload.steps), name: buyerOf(found.row).firstName, publicUrl });
    },
  };

  return {
    mailComposers,
    renewNext,

    /**
     * INVOICE's first invoice, in its transaction: for one-time lines the whole amount,
     * for a monthly plan its first month (what fell due at BUY), mailed with its PDF to
     * the billing contact (a demo order's is not). A second INVOICE issues nothing new.
     */
    async issueFirstInvoice(order: { id: string; demo: boolean }, tx: Db): Promise<void> {
      await issueAndMail(order, { kind: 'first', issuedOn: isoDateInZurich() }, tx);
    },

    /**
     * A credit note by staff for one of the order's invoices (docs/product/billing.md), all
     * or nothing in one transaction: the order locked and what fell due on it lowered, the
     * credit note issued with its own number against the invoice (at most what it has not
     * been credited), a note in the order's history with amount, reason and who, the audit
     * row, and its mail with the PDF to the billing contact in the order's language.
     * Answers the order's invoices.
     */
    async issueCreditNote(
      orderId: string,
      invoiceId: string,
      input: { amount: number; reason: string },
      staff: AuditActor,
    ): Promise<OrderInvoices> {
      const amountMinor = toMinor(input.amount);
      await db.transaction(async (tx) => {
        const order = await orders.recordCredit(orderId, amountMinor, tx);
        const { creditNote, invoice } = await invoiceRecords.issueCreditNote(
          { orderId, invoiceId, amountMinor, reason: input.reason, issuedOn: isoDateInZurich() },
          tx,
        );
        const amount = minorWithCode(amountMinor, creditNote.currency);
        await orders.recordNote(
          orderId,
          staff.email,
          translate('en-US', 'note.billing.creditNote', { number: creditNote.number, invoice: invoice.number, amount, reason: input.reason }),
          tx,
        );
        await deps.audit.record(
          staff,
          { action: 'invoice.creditNote', target: { kind: 'order', id: orderId }, summary: `${order.number}: ${creditNote.number} credits ${invoice.number} by ${amount}` },
          tx,
        );
        const buyer = buyerOf(invoice);
        if (buyer.email) {
          await outbox.queueComposedLater(
            [
              {
                to: buyer.email,
                subject: creditNoteSubject(creditNote, { invoiceNumber: invoice.number, orderNumber: order.number }),
                kind: creditNoteMailKind,
                payload: {
                  invoiceId: creditNote.id,
                  invoiceNumber: invoice.number,
                  orderNumber: order.number,
                  reason: input.reason,
                  name: buyer.firstName,
                },
                orderId,
              },
            ],
            tx,
          );
        }
      });
      deps.onMailQueued();
      return invoicesOf(orderId, { visitor: false });
    },

    /** A payment against the invoice staff chose, else the oldest open ones; answers the invoice it went to. */
    recordPayment(orderId: string, amountMinor: number, invoiceId: string | undefined, tx: Db): Promise<string | null> {
      return invoiceRecords.applyPayment(orderId, amountMinor, invoiceId, tx);
    },

    recordRefund(orderId: string, amountMinor: number, tx: Db): Promise<void> {
      return invoiceRecords.applyRefund(orderId, amountMinor, tx);
    },

    cancelOpenInvoices(orderId: string, tx: Db): Promise<void> {
      return invoiceRecords.cancelOpen(orderId, tx);
    },

    /**
     * One run of the job as of `asOf` (default today in Zurich): renewals with their
     * invoices, terminations at the end date, reminders. Each order in its own
     * transaction; a dry run does all of it in one transaction and rolls it back, so it
     * reports exactly what a real run would do and changes nothing.
     */
    async run(options: { asOf?: string; dryRun?: boolean } = {}): Promise<BillingReport> {
      const asOf = options.asOf ?? isoDateInZurich();
      const report: BillingReport = { asOf, dryRun: Boolean(options.dryRun), renewed: [], terminated: [], reminded: [], refused: [] };
      if (options.dryRun) {
        try {
          await db.transaction(async (tx) => {
            await renewAndTerminate(asOf, report, tx);
            await remind(asOf, report, tx);
            throw new DryRunDone();
          });
        } catch (error) {
          if (!(error instanceof DryRunDone)) throw error;
        }
        return report;
      }
      await renewAndTerminate(asOf, report);
      await remind(asOf, report);
      if (report.renewed.length > 0 || report.reminded.length > 0) deps.onMailQueued();
      return report;
    },

    invoicesOf,

    /** One invoice of the order as PDF, the same bytes every time. */
    async invoicePdf(orderId: string, invoiceId: string, options: { visitor: boolean }): Promise<{ number: string; pdf: Buffer }> {
      const order = await orders.orderWithFacts(orderId);
      if (!order || (options.visitor && order.deletedAt)) throw new AppError('notFound', 'error.invoice.notFound');
      return invoiceRecords.pdf(orderId, invoiceId);
    },

    /**
     * Notice asked for on the tracking page: anyone with the link could, so it only mails
     * the billing contact a link that confirms it. Answers when it would take effect and,
     * masked, where the link went. Refused (409) unless the order is an ACTIVE monthly plan.
     */
    async requestNotice(orderId: string): Promise<{ effectiveFrom: string; sentTo: string }> {
      const answer = await db.transaction(async (tx) => {
        const order = await orders.orderWithFacts(orderId, tx);
        if (!order || order.deletedAt || !order.number) throw new AppError('notFound', 'error.order.notFound');
        const contact = (order.invoiceInfo as { contact?: { email?: string; firstName?: string } } | null)?.contact;
        if (order.status !== 'ACTIVE' || !order.hasMonthlyItem || !contact?.email) throw new AppError('conflict', 'error.notice.notMonthly');
        const effectiveFrom = noticeEffectiveFrom(order, isoDateInZurich());
        const mail = noticeMail({
          language: order.language as Language,
          orderNumber: order.number,
          name: contact.firstName ?? '',
          effectiveFrom,
          confirmUrl: noticeLink(orderId),
          to: contact.email,
        });
        await outbox.queue(deps.mail, mail, tx);
        const [user = '', domain = ''] = contact.email.split('@');
        return { effectiveFrom, sentTo: `${user.slice(0, 1)}…@${domain}` };
      });
      deps.onMailQueued();
      return answer;
    },

    /**
     * The billing contact confirmed the notice through the mailed link: START_TERMINATION
     * by the customer, effective at the end of the running period, never before the
     * minimum term ends. A second confirmation answers the same day.
     */
    async confirmNotice(orderId: string, token: string): Promise<{ terminatedFrom: string }> {
      if (!noticeTokenValid(orderId, token)) throw AppError.field('token', 'invalid', 'error.notice.linkInvalid');
      const current = await orders.orderWithFacts(orderId);
      if (!current || current.deletedAt) throw new AppError('notFound', 'error.order.notFound');
      if (current.status === 'TERMINATING' && current.terminatedFrom) return { terminatedFrom: current.terminatedFrom };
      let terminatedFrom = '';
      await orders.applyAction({
        orderId,
        action: 'START_TERMINATION',
        actor: 'visitor',
        messages: { notAllowed: 'error.notice.notMonthly' },
        data: { refund: false },
        prepare: ({ order }) => {
          terminatedFrom = noticeEffectiveFrom(order, isoDateInZurich());
          return {
            changes: { terminatedBy: 'customer', terminatedFrom, refund: false, refundAmountMinor: null },
            history: { terminatedFrom, confirmedByMail: true },
          };
        },
      });
      return { terminatedFrom };
    },

    /**
     * The back office's billing figures: the renewals of the next 30 days (net of one
     * month), the monthly recurring revenue per currency (net per month of the plans
     * running on the day) with its change against a month ago, and the orders overdue
     * (an invoice still open after its last reminder).
     */
    async overview(today: string = isoDateInZurich()): Promise<BillingOverview> {
      const horizon = addDays(today, 30);
      const monthAgo = addMonths(today, -1);
      const plans = await orders.subscriptions(db, ['ACTIVE', 'TERMINATING', 'TERMINATED']);
      const upcomingRenewals = plans
        .filter((plan) => plan.status !== 'TERMINATED')
        .map((plan) => ({ plan, period: nextPeriod(plan.subscribedFrom, plan.renewalCount) }))
        .filter(({ plan, period }) => periodBilledBy(period.start, horizon, plan.terminatedFrom))
        .sort((a, b) => a.period.start.localeCompare(b.period.start) || a.plan.number.localeCompare(b.plan.number))
        .map(({ plan, period }) => ({
          orderId: plan.id,
          number: plan.number,
          company: plan.company,
          periodStart: period.start,
          amount: toMajor(plan.monthlyMinor),
          currency: plan.currency,
        }));
      const runningOn = (plan: (typeof plans)[number], day: string) => plan.subscribedFrom <= day && (!plan.terminatedFrom || plan.terminatedFrom > day);
      const byCurrency = new Map<string, { now: number; before: number }>();
      for (const plan of plans) {
        const entry = byCurrency.get(plan.currency) ?? { now: 0, before: 0 };
        if (plan.status !== 'TERMINATED' && runningOn(plan, today)) entry.now += plan.monthlyMinor;
        if (runningOn(plan, monthAgo)) entry.before += plan.monthlyMinor;
        byCurrency.set(plan.currency, entry);
      }
      const monthlyRecurringRevenue = [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { now, before }]) => ({ currency, amount: toMajor(now), lastMonth: toMajor(before), change: toMajor(now - before) }));
      return { upcomingRenewals, monthlyRecurringRevenue, overdueOrders: (await invoiceRecords.overdueOrderIds(steps)).length };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
