import type { Db } from '#server/db/client.ts';
import { isoDateInZurich } from '#shared/dates.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { InvoiceRecordsService } from '../invoices/invoice-records.service.ts';
import { invoiceOpenMinor } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { billingActor, type BillingReport, type BillingSettings } from './billing-run.rules.ts';
import { reminderStepDue } from './periods.rules.ts';
import { statementMail, statementMailKind, statementSubject, type SentReminder, type StatementPayload } from './statement.mails.ts';

/** The mail kind of the one-invoice reminders queued before statements: composed as a statement of that invoice. */
const oneInvoiceReminderKind = 'invoiceReminder';

/**
 * The reminders of open invoices on their days after the due day (docs/product/billing.md),
 * a part of the billing job's run: one statement per billing contact and run, listing every
 * open invoice of theirs (docs/decisions/063-reminder-statements.md).
 */
export function createBillingRemindersService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'demoOrderIds' | 'recordNote'>;
  invoiceRecords: Pick<InvoiceRecordsService, 'remindable' | 'lockOpenOfContact' | 'recordReminders' | 'remindersOf' | 'forMail'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  settings: Pick<BillingSettings, 'reminderDays'>;
  publicUrl: string;
}) {
  const { db, orders, invoiceRecords, outbox, settings, publicUrl } = deps;
  const steps = settings.reminderDays.length;

  /** The reminders that went out (were mailed), by invoice: what a text may say went before. */
  async function sentBefore(invoiceIds: readonly string[], db: Db): Promise<Map<string, SentReminder[]>> {
    const sent = new Map<string, SentReminder[]>();
    for (const record of await invoiceRecords.remindersOf(invoiceIds, db)) {
      if (!record.mailed) continue;
      sent.set(record.invoiceId, [...(sent.get(record.invoiceId) ?? []), { level: record.level, sentOn: record.sentOn }]);
    }
    return sent;
  }

  /**
   * One billing contact's statement in `tx`: their open invoices are locked (a second copy
   * of the job waits here, then finds the levels recorded and sends nothing), each one's
   * level due on `asOf` (after downtime the latest; levels skipped are never claimed to
   * have gone out) is recorded, and when one of them reached a new level, one mail lists
   * them all, queued in the same transaction; each order's timeline notes its invoices.
   * A demo order's invoices get their levels recorded and are mailed to no one.
   */
  async function remindContact(contact: string, asOf: string, report: BillingReport, tx: Db): Promise<void> {
    const open = await invoiceRecords.lockOpenOfContact(contact, tx);
    const demo = await orders.demoOrderIds([...new Set(open.map((invoice) => invoice.orderId))], tx);
    const levelOf = (invoice: (typeof open)[number]) => Math.max(invoice.remindersSent, reminderStepDue(invoice.dueOn, settings.reminderDays, asOf));
    const raised = open.filter((invoice) => levelOf(invoice) > invoice.remindersSent);
    if (raised.length === 0) return;
    const listed = open.filter((invoice) => !demo.has(invoice.orderId));
    // The address as printed on the contact's newest invoice, with the name it greets.
    const newest = listed.at(-1);
    const to = contact && newest && raised.some((invoice) => !demo.has(invoice.orderId)) ? (newest.email ?? '') : '';
    const before = await sentBefore(
      listed.map((invoice) => invoice.id),
      tx,
    );
    await invoiceRecords.recordReminders(
      raised.map((invoice) => ({ invoiceId: invoice.id, level: levelOf(invoice), sentOn: asOf, mailed: Boolean(to) && !demo.has(invoice.orderId) })),
      tx,
    );
    if (to && newest) {
      const payload: StatementPayload = {
        asOf,
        steps,
        language: newest.language as Language,
        person: { firstName: newest.contactName },
        invoices: listed.map((invoice) => ({
          invoiceId: invoice.id,
          orderId: invoice.orderId,
          orderNumber: invoice.orderNumber,
          number: invoice.number,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          dueOn: invoice.dueOn,
          openMinor: invoiceOpenMinor(invoice),
          currency: invoice.currency,
          level: levelOf(invoice),
          before: before.get(invoice.id) ?? [],
        })),
      };
      // The outbox names one order per mail; every order's timeline notes the statement below.
      await outbox.queueComposedLater([{ to, subject: statementSubject(payload), kind: statementMailKind, payload: { ...payload }, orderId: newest.orderId }], tx);
    }
    for (const invoice of open) {
      const level = levelOf(invoice);
      const isRaised = level > invoice.remindersSent;
      const params = { step: level, level, steps, number: invoice.number, email: to || '–', date: asOf };
      let note: string | undefined;
      if (demo.has(invoice.orderId)) note = isRaised ? translate('en-US', 'note.billing.reminderNotMailed', params) : undefined;
      else if (isRaised) note = translate('en-US', 'note.billing.statement', params);
      else if (to) note = translate('en-US', 'note.billing.statementListed', params);
      if (note) await orders.recordNote(invoice.orderId, billingActor, note, tx);
      if (isRaised) report.reminded.push({ orderId: invoice.orderId, invoiceNumber: invoice.number, step: level, to: demo.has(invoice.orderId) ? '' : to });
    }
    if (to) report.statements.push({ to, invoiceNumbers: listed.map((invoice) => invoice.number), level: Math.max(...listed.map(levelOf)) });
  }

  /**
   * The reminders due on `asOf`: the billing contacts with an open invoice whose next
   * level has come, each in a transaction of its own (or all in the dry run's `tx`).
   */
  async function remind(asOf: string, report: BillingReport, tx?: Db): Promise<void> {
    const firstDay = settings.reminderDays[0];
    if (firstDay === undefined) return;
    const candidates = await invoiceRecords.remindable({ asOf, firstDay, steps }, tx ?? db);
    const contacts = new Set(candidates.filter((invoice) => reminderStepDue(invoice.dueOn, settings.reminderDays, asOf) > invoice.remindersSent).map((invoice) => invoice.contact));
    for (const contact of [...contacts].sort()) {
      if (tx) await remindContact(contact, asOf, report, tx);
      else await db.transaction((tx) => remindContact(contact, asOf, report, tx));
    }
  }

  /** The PDFs of the statement's invoices, read (and rendered the first time) when the worker composes it. */
  async function composeStatement(payload: StatementPayload) {
    const pdfs = new Map<string, Buffer>();
    for (const invoice of payload.invoices) {
      const found = await invoiceRecords.forMail(invoice.invoiceId);
      if (!found) throw new Error(`invoice ${invoice.invoiceId} not found`);
      pdfs.set(invoice.invoiceId, found.pdf);
    }
    return statementMail(payload, pdfs, publicUrl);
  }

  const mailComposers: Record<string, MailComposer> = {
    [statementMailKind]: (payload) => composeStatement(payload as unknown as StatementPayload),
    // A reminder of one invoice queued before statements (a rolling upgrade): that invoice's statement, saying only what went out before it.
    [oneInvoiceReminderKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`invoice ${String(payload.invoiceId)} not found`);
      const { row } = found;
      const level = Number(payload.step);
      const before = (await sentBefore([row.id], db)).get(row.id)?.filter((sent) => sent.level < level) ?? [];
      const document = row.document as { orderNumber?: string; buyer?: { contactName?: string } };
      return composeStatement({
        asOf: isoDateInZurich(),
        steps: Number(payload.steps),
        language: row.language as Language,
        person: { firstName: document.buyer?.contactName ?? '' },
        invoices: [
          {
            invoiceId: row.id,
            orderId: row.orderId,
            orderNumber: document.orderNumber ?? '',
            number: row.number,
            periodStart: row.periodStart,
            periodEnd: row.periodEnd,
            dueOn: row.dueOn,
            openMinor: invoiceOpenMinor(row),
            currency: row.currency,
            level,
            before,
          },
        ],
      });
    },
  };

  return { remind, mailComposers };
}

export type BillingRemindersService = ReturnType<typeof createBillingRemindersService>;
