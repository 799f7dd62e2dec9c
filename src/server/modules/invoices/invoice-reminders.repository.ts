import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/statement.ts';
import { invoiceReminders, invoices } from '#server/modules/invoices/invoices.schema.ts';

/**
 * SQL of the reminders (docs/decisions/063-reminder-statements.md): the open invoices a
 * reminder may be due for, those of one billing contact locked for its statement, and the
 * record of each reminder level an invoice reached.
 */

/** The billing contact of an invoice as its statement groups it: the printed address in lower case. */
const contactOf = sql`lower(document->'buyer'->>'email')`;

/** An open invoice past its first reminder day without every reminder: its contact ('' without an address), due day and level. */
export interface RemindableInvoice {
  contact: string;
  dueOn: string;
  remindersSent: number;
}

export async function remindableInvoices(db: Db, options: { asOf: string; firstDay: number; steps: number }): Promise<RemindableInvoice[]> {
  return rowsOf<RemindableInvoice>(
    await db.execute(sql`
      select coalesce(${contactOf}, '') as contact, due_on::text as "dueOn", reminders_sent as "remindersSent"
        from invoices
       where status = 'OPEN' and kind = 'INVOICE'
         and due_on + ${options.firstDay}::int <= ${options.asOf}::date
         and reminders_sent < ${options.steps}`),
  );
}

/** An open invoice of a billing contact, with what its statement prints. */
export interface OpenInvoiceOfContact {
  id: string;
  orderId: string;
  orderNumber: string;
  number: string;
  /** The period billed, end excluded; null on the first invoice. */
  periodStart: string | null;
  periodEnd: string | null;
  issuedOn: string;
  dueOn: string;
  remindersSent: number;
  language: string;
  currency: string;
  grossMinor: number;
  paidMinor: number;
  creditedMinor: number;
  /** The address as printed on the invoice, and the name of the contact. */
  email: string | null;
  contactName: string | null;
}

/**
 * Every open invoice of the billing contact `contact` (lower case; '' for the invoices
 * without an address), oldest first, locked until the transaction ends in the order a
 * payment locks an order's invoices (issue day, number), so the two never wait for each
 * other in a circle. A second copy of the job waits here and then finds the levels recorded.
 */
export async function lockOpenInvoicesOfContact(db: Db, contact: string): Promise<OpenInvoiceOfContact[]> {
  return rowsOf<OpenInvoiceOfContact>(
    await db.execute(sql`
      select id, order_id as "orderId", document->>'orderNumber' as "orderNumber", number, period_start::text as "periodStart", period_end::text as "periodEnd", issued_on::text as "issuedOn",
             due_on::text as "dueOn", reminders_sent as "remindersSent", language, currency, gross_minor as "grossMinor", paid_minor as "paidMinor",
             credited_minor as "creditedMinor", document->'buyer'->>'email' as email, document->'buyer'->>'contactName' as "contactName"
        from invoices
       where status = 'OPEN' and kind = 'INVOICE'
         and ${contact ? sql`${contactOf} = ${contact}` : sql`coalesce(${contactOf}, '') = ''`}
       order by issued_on, number
         for update`),
  );
}

export type ReminderRecord = Pick<typeof invoiceReminders.$inferSelect, 'invoiceId' | 'level' | 'sentOn' | 'mailed'>;

/** Records each invoice's new level, once per invoice and level, and sets the level the invoice reached. */
export async function insertReminders(db: Db, records: readonly ReminderRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(invoiceReminders).values([...records]).onConflictDoNothing({ target: [invoiceReminders.invoiceId, invoiceReminders.level] });
  // One statement for every invoice of a run: the highest new level of each.
  const levels = new Map<string, number>();
  for (const record of records) levels.set(record.invoiceId, Math.max(levels.get(record.invoiceId) ?? 0, record.level));
  const reached = sql.join(
    [...levels].map(([invoiceId, level]) => sql`(${invoiceId}::uuid, ${level}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update invoices set reminders_sent = greatest(invoices.reminders_sent, reached.level)
      from (values ${reached}) as reached (invoice_id, level)
     where invoices.id = reached.invoice_id`);
}

/** The reminders recorded for the invoices, lowest level first. */
export async function remindersOf(db: Db, invoiceIds: readonly string[]): Promise<ReminderRecord[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select({ invoiceId: invoiceReminders.invoiceId, level: invoiceReminders.level, sentOn: invoiceReminders.sentOn, mailed: invoiceReminders.mailed })
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, [...invoiceIds]))
    .orderBy(asc(invoiceReminders.level));
}

/** How many reminders went out (were mailed) for each of the order's invoices. */
export async function sentReminderCounts(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ invoiceId: invoiceReminders.invoiceId, sent: count() })
    .from(invoiceReminders)
    .innerJoin(invoices, eq(invoices.id, invoiceReminders.invoiceId))
    .where(and(eq(invoices.orderId, orderId), eq(invoiceReminders.mailed, true)))
    .groupBy(invoiceReminders.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, Number(row.sent)]));
}
