import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Database } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';

/** The outbox rows (sent or not), oldest first; only those for `to` when given. */
function outboxRows(database: Database, options: { to?: string } = {}) {
  return database.db
    .select()
    .from(outbox)
    .where(options.to === undefined ? undefined : eq(outbox.recipient, options.to))
    .orderBy(outbox.createdAt);
}

/** Every mail in the outbox (sent or not), oldest first, parsed; only those for `to` when given. */
export async function queuedMails(database: Database, options: { to?: string } = {}): Promise<ParsedMail[]> {
  return Promise.all((await outboxRows(database, options)).map((row) => simpleParser(row.raw ?? '')));
}

/** The mails in the outbox by the address they are for, parsed (the newest one where an address has several). */
export async function queuedMailsByRecipient(database: Database): Promise<Map<string, ParsedMail>> {
  const mails = new Map<string, ParsedMail>();
  for (const row of await outboxRows(database)) mails.set(row.recipient, await simpleParser(row.raw ?? ''));
  return mails;
}

/** The calendar file attached to a mail, parsed as a calendar program reads it, with its first event. */
export function calendarOf(mail: ParsedMail | undefined) {
  const attachment = mail?.attachments.find((a) => a.filename?.endsWith('.ics'));
  if (!attachment) throw new Error('no .ics attachment');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { attachment, calendar, vevent, event: new ICAL.Event(vevent) };
}

/** How many rows a table holds. */
export async function rowCount(database: Database, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}
