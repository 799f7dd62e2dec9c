import type { Db } from '#server/db/client.ts';
import { translate } from '#shared/i18n/messages.ts';
import type { InvoiceRecordsService } from '../invoices/invoice-records.service.ts';
import type { MailComposer } from '../mail/mail.service.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { buyerOf, reminderMail, reminderMailKind, reminderSubject } from './billing.mails.ts';
import { billingActor, type BillingReport, type BillingSettings } from './billing-run.rules.ts';
import { reminderStepDue } from './periods.rules.ts';

/** The reminders of open invoices on their days after the due day (docs/product/billing.md), a part of the billing job's run. */
export function createBillingRemindersService(deps: {
  db: Db;
  orders: Pick<OrdersService, 'demoOrderIds' | 'recordNote'>;
  invoiceRecords: Pick<InvoiceRecordsService, 'claimRemindable' | 'setRemindersSent' | 'forMail'>;
  outbox: Pick<OutboxService, 'queueComposedLater'>;
  settings: Pick<BillingSettings, 'reminderDays'>;
  publicUrl: string;
}) {
  const { db, orders, invoiceRecords, outbox, settings, publicUrl } = deps;
  const steps = settings.reminderDays.length;

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


  const mailComposers: Record<string, MailComposer> = {
    [reminderMailKind]: async (payload) => {
      const found = await invoiceRecords.forMail(String(payload.invoiceId));
      if (!found) throw new Error(`invoice ${String(payload.invoiceId)} not found`);
      return reminderMail(found.row, found.pdf, { step: Number(payload.step), steps: Number(payload.steps), name: buyerOf(found.row).firstName, publicUrl });
    },
  };

  return { remind, mailComposers };
}

export type BillingRemindersService = ReturnType<typeof createBillingRemindersService>;
