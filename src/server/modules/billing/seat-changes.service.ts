import type { Db } from '#server/db/client.ts';
import type { MoneyAt } from '#server/http/answer-money.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { AppError } from '#shared/errors.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { money, printMoneyWithCode, sumMoney } from '#shared/money.ts';
import type { SeatChangeAnswer } from '#shared/schemas/seat-changes.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { CheckoutService } from '../checkout/checkout.service.ts';
import type { InvoiceRecordsService, InvoiceRow } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { BillingService } from './billing.service.ts';
import { billingActor, type BillingSettings } from './billing-run.rules.ts';
import { invoiceMailKind, invoiceSubject } from './billing.mails.ts';
import { seatChangeFigures, type SeatChangeFigures } from './seat-changes.rules.ts';
import { seatsChangedMail, seatsChangedMailKind, seatsChangedSubject, type SeatsChangedPayload } from './seat-changes.mails.ts';

/** The answer of a seat change as the service builds it: amounts as `Money` (the HTTP edge prints them). */
export type SeatChangeView = MoneyAt<SeatChangeAnswer, 'net' | 'vat' | 'gross'>;

/** Who changes the seats: the buyer signed in with the order's address, or a staff member (audited). */
export type SeatChanger = { buyer: string } | { staff: AuditActor };

type PlanOrder = NonNullable<Awaited<ReturnType<OrdersService['orderWithFacts']>>>;

/** The most periods a change bills before it applies (after downtime of the billing job). */
const catchUpLimit = 36;

/**
 * Seat changes on a monthly plan (docs/product/seat-changes.md, docs/decisions/072-seat-changes.md):
 * the preview and the change, which share `seatChangeFigures`, so the applied change bills
 * what the preview showed. A change is one transaction on the locked order: the periods
 * due are billed first with the seats in force on their first day, then the new count (or
 * the pending reduction), the invoice for added seats with its mail, the history row, the
 * audit row for staff and the mail with the figures to the billing contact.
 */
export function createSeatChangesService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'orderWithFacts' | 'lockOrder' | 'planLines' | 'changeSeats' | 'recordEvent'>;
  renewals: Pick<BillingService, 'renewNext'>;
  checkout: Pick<CheckoutService, 'invoiceContent'>;
  invoiceRecords: Pick<InvoiceRecordsService, 'issue'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  audit: Pick<AuditService, 'record'>;
  settings: BillingSettings;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  const { db, orders, settings } = deps;

  /** The figures of a change to `seats` of the order as it stands in `tx`; refuses what cannot change. */
  async function figuresOf(order: PlanOrder | undefined, seats: number, today: string, tx: Db): Promise<{ order: PlanOrder; figures: SeatChangeFigures; lineId: string }> {
    if (!order?.number || order.deletedAt) throw new AppError('notFound', 'error.order.notFound');
    if (order.status !== 'ACTIVE' || !order.subscribedFrom) throw new AppError('conflict', 'error.seats.notActive');
    const lines = await orders.planLines([order.id], tx);
    const [stored] = lines;
    // A reduction whose day has come is in force, billed or not yet (the change bills that period first).
    const line = stored?.pendingQuantity && stored.pendingFrom && stored.pendingFrom <= today ? { ...stored, quantity: stored.pendingQuantity, pendingQuantity: null, pendingFrom: null } : stored;
    if (!line) throw new AppError('conflict', 'error.seats.notActive');
    // One plan line: `seats` names its count (docs/decisions/072-seat-changes.md).
    if (lines.length > 1) throw new AppError('conflict', 'error.seats.severalLines');
    const currency = order.currency as Currency;
    const figures = seatChangeFigures({
      subscribedFrom: order.subscribedFrom,
      today,
      currency,
      invoiceInfo: order.invoiceInfo as Record<string, unknown> | null,
      line,
      otherMonthlyNet: sumMoney(currency, []),
      seats,
    });
    if (!figures) {
      throw AppError.field('seats', 'invalid', seats === line.quantity ? 'error.seats.unchanged' : 'error.seats.alreadyPending', { seats });
    }
    return { order, figures, lineId: line.id };
  }

  function viewOf(figures: SeatChangeFigures, invoice?: InvoiceRow | null): SeatChangeView {
    const { prorated } = figures;
    return {
      seats: figures.seats,
      currentSeats: figures.current,
      kind: figures.kind,
      effective: figures.effective,
      prorated: prorated && { from: prorated.from, to: prorated.to, net: prorated.net, vat: prorated.vat, gross: prorated.gross, currency: prorated.currency },
      nextPeriod: figures.nextPeriod,
      ...(invoice === undefined ? {} : { invoice: invoice && { id: invoice.id, number: invoice.number, gross: money(invoice.grossMinor, invoice.currency), dueOn: invoice.dueOn } }),
    };
  }

  /** The invoice for the added seats for the rest of the running period: one line naming its days (BT-134, BT-135), due after the payment terms. */
  async function issueProrated(order: PlanOrder, figures: SeatChangeFigures, today: string, tx: Db): Promise<InvoiceRow> {
    const prorated = figures.prorated!;
    const content = await deps.checkout.invoiceContent(order.id, { kind: 'period', vatDay: today }, tx);
    const [planLine] = content.content.lines;
    if (!planLine) throw new Error(`order ${order.id} has no monthly line to bill`);
    const language = content.language;
    const title = translate(language, 'invoice.seats.line', { title: planLine.title, days: prorated.days, periodDays: prorated.periodDays });
    const invoice = await deps.invoiceRecords.issue(
      {
        orderId: order.id,
        // Unique per change: two changes of one order are serialised by its lock, and each bills once.
        billingKey: `seats:${today}:${figures.current}-${figures.seats}`,
        period: { start: prorated.from, end: figures.period.end },
        issuedOn: today,
        paymentTermDays: settings.paymentTermDays,
        orderNumber: content.orderNumber,
        content: {
          ...content.content,
          lines: [{ ...planLine, title, quantity: prorated.addedSeats, total: prorated.net, period: { first: prorated.from, last: prorated.to } }],
          totals: { net: prorated.net, vatRate: prorated.vatRate, vatAmount: prorated.vat, gross: prorated.gross, vatKind: content.amounts.vatKind, perMonth: null },
        },
        amounts: { net: prorated.net, vat: prorated.vat, gross: prorated.gross, vatRate: prorated.vatRate },
      },
      tx,
    );
    // The same change twice in one day finds the key taken: nothing is billed twice.
    if (!invoice) throw new AppError('conflict', 'error.seats.alreadyBilled');
    if (!order.demo && content.billingEmail) {
      await deps.outbox.queueComposedLater(
        [
          {
            to: content.billingEmail,
            subject: invoiceSubject(invoice, content.orderNumber),
            kind: invoiceMailKind,
            payload: { invoiceId: invoice.id, orderNumber: content.orderNumber, name: content.billingName },
            orderId: order.id,
          },
        ],
        tx,
      );
    }
    return invoice;
  }

  return {
    mailComposers: {
      [seatsChangedMailKind]: async (payload) => seatsChangedMail(payload as unknown as SeatsChangedPayload, deps.publicUrl),
    } satisfies Record<string, MailComposer>,

    /** What the change would bill and when it would apply, by the same figures the change bills; changes nothing. */
    async preview(orderId: string, seats: number): Promise<SeatChangeView> {
      const { figures } = await figuresOf(await orders.orderWithFacts(orderId), seats, isoDateInZurich(), db);
      return viewOf(figures);
    },

    /** The change, in one transaction on the locked order (see above); answers the preview's figures and the invoice issued. */
    async change(orderId: string, seats: number, by: SeatChanger): Promise<SeatChangeView> {
      const today = isoDateInZurich();
      const answer = await db.transaction(async (tx) => {
        // The lock first: a second change of the order waits here and sees what this one did.
        const locked = await orders.lockOrder(orderId, tx);
        if (locked.status === 'ACTIVE') {
          // A period that began before the change is billed with the seats in force on its first day.
          for (let count = 0; count < catchUpLimit; count++) {
            if (!(await deps.renewals.renewNext(orderId, { asOf: today, actor: billingActor }, tx))) break;
          }
        }
        const { order, figures, lineId } = await figuresOf(await orders.lockOrder(orderId, tx), seats, today, tx);
        let invoice: InvoiceRow | null = null;
        if (figures.kind === 'increase') {
          await orders.changeSeats(lineId, { quantity: seats }, tx);
          invoice = await issueProrated(order, figures, today, tx);
        } else {
          await orders.changeSeats(lineId, { pending: figures.kind === 'reduction' ? { quantity: seats, from: figures.effective } : null }, tx);
        }
        const who = 'buyer' in by ? 'customer' : by.staff.email;
        await orders.recordEvent(
          order,
          {
            action: 'SEATS_CHANGED',
            actor: who,
            data: {
              kind: figures.kind,
              from: figures.current,
              to: seats,
              effective: figures.effective,
              // What falls due is the invoice's gross, as a renewal's (the order's amount due adds both up).
              ...(invoice ? { invoiceNumber: invoice.number, amountDue: money(invoice.grossMinor, invoice.currency) } : {}),
            },
          },
          tx,
        );
        if ('staff' in by) {
          const billed = invoice ? `, ${invoice.number} for ${printMoneyWithCode(money(invoice.grossMinor, invoice.currency))}` : '';
          await deps.audit.record(
            by.staff,
            { action: 'order.SEATS_CHANGED', target: { kind: 'order', id: order.id }, summary: `${order.number}: seats ${figures.current} → ${seats} from ${figures.effective}${billed}` },
            tx,
          );
        }
        const contact = (order.invoiceInfo as { contact?: { email?: string; firstName?: string } } | null)?.contact;
        if (contact?.email && !order.demo) {
          const payload: SeatsChangedPayload = {
            language: order.language as Language,
            orderId: order.id,
            orderNumber: order.number ?? '',
            firstName: contact.firstName ?? '',
            kind: figures.kind,
            from: figures.current,
            to: seats,
            effective: figures.effective,
            currency: order.currency as Currency,
            prorated:
              figures.prorated && invoice
                ? { from: figures.prorated.from, to: figures.prorated.to, netMinor: figures.prorated.net.minor, vatMinor: figures.prorated.vat.minor, grossMinor: figures.prorated.gross.minor, invoiceNumber: invoice.number }
                : null,
            nextPeriod: { from: figures.nextPeriod.from, netMinor: figures.nextPeriod.net.minor, vatMinor: figures.nextPeriod.vat.minor, grossMinor: figures.nextPeriod.gross.minor },
          };
          await deps.outbox.queueComposedLater([{ to: contact.email, subject: seatsChangedSubject(payload), kind: seatsChangedMailKind, payload: { ...payload }, orderId: order.id }], tx);
        }
        return viewOf(figures, invoice);
      });
      deps.onMailQueued();
      return answer;
    },
  };
}

export type SeatChangesService = ReturnType<typeof createSeatChangesService>;
