import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceReminders, invoices, orderNotes, orders, outbox } from '#server/db/schema.ts';
import type { OrderDetail } from '#shared/schemas/checkout.ts';
import type { OrderInvoices } from '#shared/schemas/invoices.ts';
import type { AdminOrder } from '#shared/schemas/orders-admin.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { swissInvoiceInfo } from '../../../../tests/helpers/http-visitor.ts';
import { queuedMails } from '../../../../tests/helpers/outbox.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/helpers/smtp.ts';
import { signInAsStaff, type StaffSignIn } from '../../../../tests/helpers/staff.ts';
import { createTestApp, runAsOwner, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/**
 * The reminders as statements (docs/decisions/063-reminder-statements.md): after downtime a
 * run sends each billing contact one mail listing all of their open invoices with their
 * PDFs, whose text names only the reminders that went out; once, across copies of the job
 * and a crash. On PGlite, and on PostgreSQL when DATABASE_URL is set (the `api-postgres` project).
 */

let t: TestApp;
let staff: StaffSignIn;
let visitor: XsrfSession;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  staff = await signInAsStaff(t, { email: 'anna.admin@example.ch' });
  visitor = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const asStaff = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: staff.headers, payload });

/** A monthly plan of 10 Basic seats (52.97 CHF a month with VAT) billed to `email`, its first invoice paid on `paidOn`: ACTIVE from then. */
async function planPaidOn(paidOn: string, contact: { email: string; firstName: string; lastName: string; language: 'de-CH' | 'en-US' }): Promise<OrderDetail> {
  const { language } = contact;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: visitor.headers,
    payload: { productCode: 'cyber_security_training_basic_v1', quantity: 10, paymentFrequency: 'MONTHLY', currency: 'CHF', language },
  });
  const { id } = created.json() as { id: string };
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/invoice-info`,
    headers: visitor.headers,
    payload: swissInvoiceInfo({ company: 'Becker AG', street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', ...contact }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bought = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/checkout`,
    headers: visitor.headers,
    payload: { agreeWithLegalTexts: true, captchaSolution: await solveCaptcha(t.app, 'checkout'), language },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  // A payment is never older than its order: the order was placed that day.
  await t.database.db.update(orders).set({ orderedAt: new Date(`${paidOn}T08:00:00Z`) }).where(eq(orders.id, id));
  expect((await asStaff(`/api/orders/admin/${id}/status`, { action: 'INVOICE' })).statusCode).toBe(200);
  const order = (await t.app.inject({ method: 'GET', url: `/api/orders/admin/${id}/`, headers: staff.headers })).json() as AdminOrder;
  const paid = await asStaff(`/api/orders/admin/${id}/pay`, { amount: order.amountDue, date: paidOn });
  expect((paid.json() as AdminOrder).detail.status, paid.body).toBe('ACTIVE');
  return bought.json() as OrderDetail;
}

const jonas = { email: 'buchhaltung@becker.example', firstName: 'Jonas', lastName: 'Becker', language: 'de-CH' } as const;
const sam = { email: 'accounts@sam.example', firstName: 'Sam', lastName: 'Lee', language: 'en-US' } as const;

/** The statements queued for `to`, oldest first. */
const statementsTo = (to: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.kind, 'reminderStatement')))
    .orderBy(outbox.createdAt);

/** The statement with `subject` to `to`, as the SMTP server received it (parsed by mailparser). */
function received(to: string, subject: string): ParsedMail | undefined {
  return smtp.mails.find((mail) => mail.subject === subject && JSON.stringify(mail.to).includes(to));
}

const numbersOf = async (orderIds: string[]) =>
  (await t.database.db.select({ number: invoices.number }).from(invoices).where(and(inArray(invoices.orderId, orderIds), eq(invoices.status, 'OPEN'))).orderBy(invoices.number)).map(
    (row) => row.number,
  );

describe('a billing run after 60 days of downtime', () => {
  it('sends each billing contact one statement of all their open invoices, naming only the reminders that went out, and a second run nothing', async () => {
    // Jonas Becker's accounts department pays for two plans, Sam Lee for one.
    const first = await planPaidOn('2026-01-05', jonas);
    const second = await planPaidOn('2026-01-20', jonas);
    const other = await planPaidOn('2026-02-10', sam);

    await t.app.billing.run({ asOf: '2026-02-05' });
    // 17 March: February's invoice of the first plan (due 7 March) has its first reminder; the others are not due yet.
    const march = await t.app.billing.run({ asOf: '2026-03-17' });
    expect(march.statements).toEqual([{ to: jonas.email, invoiceNumbers: await numbersOf([first.id, second.id]), level: 1 }]);
    expect(await statementsTo(sam.email)).toEqual([]);

    // Down from 18 March to 15 May (60 days): the run of 16 May bills April and May and finds every level skipped.
    const late = await t.app.billing.run({ asOf: '2026-05-16' });
    expect(late.statements.map((statement) => [statement.to, statement.level])).toEqual([
      [sam.email, 3],
      [jonas.email, 3],
    ]);
    const [, jonasStatement] = await statementsTo(jonas.email);
    const [samStatement] = await statementsTo(sam.email);
    expect((await statementsTo(jonas.email)).map((mail) => mail.subject)).toEqual(['Zahlungserinnerung: Ihre 3 offenen Rechnungen', 'Letzte Mahnung: Ihre 7 offenen Rechnungen']);
    expect(samStatement?.subject).toBe('Final reminder: your 3 open invoices');

    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();
    const jonasMail = received(jonas.email, jonasStatement!.subject);
    const samMail = received(sam.email, samStatement!.subject);
    // One mail each for the run, with every open invoice's PDF.
    expect(smtp.mails.filter((mail) => mail.subject === jonasStatement!.subject)).toHaveLength(1);
    const jonasNumbers = await numbersOf([first.id, second.id]);
    expect(jonasNumbers).toHaveLength(7);
    expect(jonasMail?.attachments.map((a) => [a.filename, a.contentType])).toEqual(jonasNumbers.map((number) => [`invoice-${number}.pdf`, 'application/pdf']));
    expect(samMail?.attachments.map((a) => a.filename)).toEqual((await numbersOf([other.id])).map((number) => `invoice-${number}.pdf`));

    // The text names the one reminder that went out, on its day, and no other; the skipped second level is never claimed.
    const text = jonasMail?.text ?? '';
    expect(text.startsWith('Guten Tag Jonas Becker\n')).toBe(true);
    expect(text).toContain('dies ist unsere letzte Mahnung');
    const [february] = jonasNumbers;
    expect(text).toContain(`Rechnung ${february}, 5. Feb. 2026 bis 4. März 2026, fällig am 7. März 2026, offen 52.97 CHF: Letzte Mahnung, Stufe 3 von 3 (zuvor: Zahlungserinnerung vom 17. März 2026)`);
    expect(text.match(/zuvor:/g)).toHaveLength(1);
    expect(text).toMatch(/: Letzte Mahnung, Stufe 3 von 3\n/);
    expect(text).toContain('noch nicht fällig');
    expect(text).toContain('Bitte zahlen Sie die überfälligen 158.91 CHF innert 10 Tagen');
    for (const untrue of ['nach zwei Mahnungen', 'trotz unserer Erinnerung', 'Mahnung vom', '2. Mahnung']) expect(text).not.toContain(untrue);
    // Sam had no reminder before: a final notice that says none went before it.
    expect(samMail?.text).toContain('Dear Sam Lee');
    expect(samMail?.text).toContain('final reminder, level 3 of 3\n');
    expect(samMail?.text).not.toContain('before:');
    // The HTML part lists them in a table, in the mail's language (the outbox helper checks it).
    expect(String(jonasMail?.html)).toContain('<th scope="col"');
    expect((await queuedMails(t.database, { to: jonas.email })).map((mail) => mail.subject)).toContain(jonasStatement!.subject);

    // Each order's timeline notes that the statement included its invoices.
    for (const order of [first, second]) {
      const notes = (await t.database.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).map((note) => note.text);
      expect(notes.filter((note) => note.includes('statement of 2026-05-16') && note.includes(jonas.email)).length).toBeGreaterThanOrEqual(2);
    }
    // The order page counts what went out: two reminders of February's invoice (levels 1 and 3), one of March's.
    const listed = (await t.app.inject({ method: 'GET', url: `/api/orders/${first.id}/invoices`, headers: visitor.headers })).json() as OrderInvoices;
    expect(listed.invoices.filter((invoice) => invoice.kind === 'INVOICE').map((invoice) => invoice.remindersSent)).toEqual([0, 2, 1, 0, 0]);

    // A second run the same day sends nothing new.
    const mailsBefore = (await t.database.db.select().from(outbox)).length;
    const again = await t.app.billing.run({ asOf: '2026-05-16' });
    expect([again.statements, again.reminded]).toEqual([[], []]);
    expect((await t.database.db.select().from(outbox)).length).toBe(mailsBefore);
  }, 120_000);

  it('gives two runs at once one statement per billing contact', async () => {
    // Both contacts' invoices of 16 May (due 15 June) reach their first reminder on 25 June.
    const counts = async () => [(await statementsTo(jonas.email)).length, (await statementsTo(sam.email)).length];
    const before = await counts();
    const [a, b] = await Promise.all([t.app.billing.run({ asOf: '2026-06-25' }), t.app.billing.run({ asOf: '2026-06-25' })]);
    expect([...a.statements, ...b.statements].map((statement) => statement.to).sort()).toEqual([sam.email, jonas.email].sort());
    expect(await counts()).toEqual(before.map((count) => count + 1));
  }, 120_000);

  it('leaves nothing half done when the run fails at the statement, and the next run sends it once', async () => {
    const ralf = { email: 'finanzen@ralf.example', firstName: 'Ralf', lastName: 'Keller', language: 'de-CH' } as const;
    const order = await planPaidOn('2026-07-01', ralf);
    await t.app.billing.run({ asOf: '2026-08-01' });
    const recorded = async () => (await t.database.db.select().from(invoiceReminders)).length;
    const recordedBefore = await recorded();
    const levels = async () => (await t.database.db.select({ level: invoices.remindersSent }).from(invoices).where(eq(invoices.orderId, order.id))).map((row) => row.level);
    const owner = { ownerUrl: t.migrationDatabaseUrl, db: t.database.db };
    await runAsOwner(
      `create function refuse_statement() returns trigger language plpgsql as $$
      begin
        if new.kind = 'reminderStatement' then raise exception 'the process died here'; end if;
        return new;
      end $$`,
      owner,
    );
    await runAsOwner('create trigger refuse_statement before insert on outbox for each row execute function refuse_statement()', owner);
    try {
      await expect(t.app.billing.run({ asOf: '2026-09-10' })).rejects.toThrow();
    } finally {
      await runAsOwner('drop trigger refuse_statement on outbox', owner);
      await runAsOwner('drop function refuse_statement()', owner);
    }
    // The statement's transaction left nothing: no level recorded, no mail, for any contact.
    expect(await recorded()).toBe(recordedBefore);
    expect((await levels()).every((level) => level === 0)).toBe(true);
    expect(await statementsTo(ralf.email)).toEqual([]);

    await t.app.billing.run({ asOf: '2026-09-10' });
    await t.app.billing.run({ asOf: '2026-09-10' });
    expect(await statementsTo(ralf.email)).toHaveLength(1);
    expect(await levels()).toContain(1);
  }, 120_000);
});
