import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/statement.ts';
import type { Currency } from '#shared/locales.ts';
import { invoices } from '#server/modules/invoices/invoices.schema.ts';

/**
 * SQL of the invoice records (docs/product/billing.md): numbers, the one insert per order
 * and period, payments and refunds, the PDF kept once rendered (the reminders' SQL is
 * invoice-reminders.repository.ts).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** The next number of `year` for invoices and credit notes alike; the counter row stays locked until the transaction ends. */
export async function nextInvoiceNumber(db: Db, year: number, prefix: 'INV' | 'CN'): Promise<string> {
  const [number] = await nextInvoiceNumbers(db, year, prefix, 1);
  return number!;
}

/** The next `count` numbers of `year` in one statement, in order and without a gap; the counter row stays locked until the transaction ends. */
export async function nextInvoiceNumbers(db: Db, year: number, prefix: 'INV' | 'CN', count: number): Promise<string[]> {
  const result = await db.execute(sql`
    insert into invoice_number_counters (year, last) values (${year}, ${count})
    on conflict (year) do update set last = invoice_number_counters.last + ${count}
    returning last`);
  const last = Number(rowsOf<{ last: number }>(result)[0]?.last);
  return Array.from({ length: count }, (_, index) => `${prefix}-${year}-${String(last - count + 1 + index).padStart(6, '0')}`);
}

/** What `insertInvoices` answers of each row inserted (not the document it was just given). */
export type IssuedInvoice = Pick<InvoiceRow, 'id' | 'orderId' | 'billingKey' | 'number' | 'language' | 'grossMinor' | 'currency'>;

/**
 * Inserts several invoices, skipping those whose order has one for the key already: answers
 * the rows inserted. The rows go as one JSON parameter (`jsonb_to_recordset`), not as a
 * parameter per column and row: for the billing job's batches, whose documents are most of
 * the statement, Drizzle's building and the driver's writing of thousands of parameters
 * cost more than the insert (docs/decisions/076-billing-batches-of-a-thousand.md). The
 * documents are the same JSON either way.
 */
export async function insertInvoices(db: Db, rows: readonly NewInvoice[]): Promise<IssuedInvoice[]> {
  if (rows.length === 0) return [];
  const result = await db.execute(sql`
    insert into invoices (order_id, billing_key, number, qr_reference, period_start, period_end, issued_on, due_on,
                          currency, language, net_minor, vat_minor, gross_minor, vat_rate_bp, document)
    select r."orderId", r."billingKey", r.number, r."qrReference", r."periodStart", r."periodEnd", r."issuedOn", r."dueOn",
           r.currency, r.language, r."netMinor", r."vatMinor", r."grossMinor", r."vatRateBasisPoints", r.document
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
             "orderId" uuid, "billingKey" text, number text, "qrReference" text, "periodStart" date, "periodEnd" date,
             "issuedOn" date, "dueOn" date, currency text, language text, "netMinor" int, "vatMinor" int, "grossMinor" int,
             "vatRateBasisPoints" int, document jsonb)
    on conflict (order_id, billing_key) do nothing
    returning id, order_id as "orderId", billing_key as "billingKey", number, language, gross_minor as "grossMinor", currency`);
  return rowsOf<IssuedInvoice>(result);
}

/**
 * Inserts the invoice unless the order has one for its key already (ON CONFLICT on the key
 * of order and period): answers the new row, or undefined when another run issued it.
 */
export async function insertInvoice(db: Db, invoice: NewInvoice): Promise<InvoiceRow | undefined> {
  const [row] = await db.insert(invoices).values(invoice).onConflictDoNothing({ target: [invoices.orderId, invoices.billingKey] }).returning();
  return row;
}

export async function listInvoices(db: Db, orderId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.createdAt), asc(invoices.number));
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** Keeps the first rendering of an issued invoice: later readers get these bytes. True when these bytes were kept. */
export async function savePdf(db: Db, id: string, pdf: Buffer): Promise<boolean> {
  const kept = await db
    .update(invoices)
    .set({ pdf })
    .where(and(eq(invoices.id, id), sql`${invoices.pdf} is null`))
    .returning({ id: invoices.id });
  return kept.length > 0;
}

/** The order's open invoices, oldest first, locked (a payment is spread over them in this order). */
export async function lockOpenInvoices(db: Db, orderId: string): Promise<InvoiceRow[]> {
  return rowsOf<InvoiceRow>(
    await db.execute(sql`
      select id, gross_minor as "grossMinor", paid_minor as "paidMinor", refunded_minor as "refundedMinor", credited_minor as "creditedMinor",
             status, issued_on as "issuedOn", number
        from invoices
       where order_id = ${orderId} and status = 'OPEN' and kind = 'INVOICE'
       order by issued_on, number
         for update`),
  );
}

export async function setPaid(db: Db, id: string, paidMinor: number, status: 'OPEN' | 'PAID'): Promise<void> {
  await db.update(invoices).set({ paidMinor, status }).where(eq(invoices.id, id));
}

/** One invoice, locked until the transaction ends (a credit note is issued against it). */
export async function lockInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/** The credit notes of an invoice so far: what each took off its net, VAT and gross, what was refunded against it, and its frozen document (the seats it credited). */
export async function creditNotesOfInvoice(db: Db, invoiceId: string): Promise<Pick<InvoiceRow, 'id' | 'netMinor' | 'vatMinor' | 'grossMinor' | 'refundedMinor' | 'document'>[]> {
  return db
    .select({ id: invoices.id, netMinor: invoices.netMinor, vatMinor: invoices.vatMinor, grossMinor: invoices.grossMinor, refundedMinor: invoices.refundedMinor, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoiceId), eq(invoices.kind, 'CREDIT_NOTE')));
}

/** A credit note took `amountMinor` off the invoice, which is now `status`. */
export async function addCredit(db: Db, id: string, amountMinor: number, status: InvoiceRow['status']): Promise<void> {
  await db
    .update(invoices)
    .set({ creditedMinor: sql`${invoices.creditedMinor} + ${amountMinor}`, status })
    .where(eq(invoices.id, id));
}

/** The newest invoice with money paid on it, locked: a refund is recorded against it unless staff chose. */
export async function lockLatestPaidInvoice(db: Db, orderId: string): Promise<{ id: string; paidMinor: number; refundedMinor: number } | undefined> {
  return rowsOf<{ id: string; paidMinor: number; refundedMinor: number }>(
    await db.execute(sql`
      select id, paid_minor as "paidMinor", refunded_minor as "refundedMinor" from invoices
       where order_id = ${orderId} and paid_minor > refunded_minor
       order by issued_on desc, number desc limit 1
         for update`),
  )[0];
}

export async function addRefund(db: Db, id: string, amountMinor: number): Promise<void> {
  await db
    .update(invoices)
    .set({ refundedMinor: sql`${invoices.refundedMinor} + ${amountMinor}` })
    .where(eq(invoices.id, id));
}

/** The open invoices of an order are canceled with it (nothing of them will be paid). */
export async function cancelOpenInvoices(db: Db, orderId: string): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'CANCELED' })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'OPEN')));
}

/** The orders with an invoice open after its last reminder: overdue for staff. */
export async function overdueOrderIds(db: Db, steps: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.status, 'OPEN'), sql`${invoices.remindersSent} >= ${steps}`));
  return rows.map((row) => row.orderId);
}

/** An order of the overdue queue as its open invoices show it. */
export interface OverdueOrderRow {
  orderId: string;
  currency: Currency;
  /** What its open invoices still ask for (gross, less paid and credited). */
  openMinor: number;
  /** The due day of its oldest open invoice. */
  oldestDueOn: string;
  /** The most reminders sent for one of its open invoices. */
  reminderLevel: number;
}

/**
 * The orders with an invoice open after its last reminder (overdueOrderIds), each with
 * what all its open invoices ask for, the oldest due day among them and its reminder level.
 */
export async function overdueOrders(db: Db, steps: number): Promise<OverdueOrderRow[]> {
  return rowsOf<OverdueOrderRow>(
    await db.execute(sql`
      select order_id as "orderId", currency,
             sum(greatest(0, gross_minor - paid_minor - credited_minor))::int as "openMinor",
             min(due_on)::text as "oldestDueOn", max(reminders_sent)::int as "reminderLevel"
        from invoices
       where status = 'OPEN' and kind = 'INVOICE'
         and order_id in (select order_id from invoices where status = 'OPEN' and reminders_sent >= ${steps})
       group by order_id, currency`),
  );
}
