import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Database } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { languages } from '#shared/locales.ts';

/** The outbox rows (sent or not), oldest first; only those for `to` when given. */
function outboxRows(database: Database, options: { to?: string } = {}) {
  return database.db
    .select()
    .from(outbox)
    .where(options.to === undefined ? undefined : eq(outbox.recipient, options.to))
    .orderBy(outbox.createdAt);
}

const htmlEntities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A mail of the outbox, parsed, once it is checked for what every mail of the shop has: an
 * HTML part in one of the shop's languages, titled with the mail's subject. Every mail the
 * API tests read goes through here, so every kind of mail they make is checked (a mail the
 * worker has not composed yet has no text to check).
 */
async function parsedMail(raw: string | null): Promise<ParsedMail> {
  const mail = await simpleParser(raw ?? '');
  if (raw === null) return mail;
  const html = typeof mail.html === 'string' ? mail.html : '';
  const language = /<html lang="([^"]*)"/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => htmlEntities[entity] ?? entity);
  if (!languages.some((known) => known === language) || title !== mail.subject) {
    throw new Error(`The mail "${mail.subject}" has an HTML part in language ${language} titled ${title}: every mail's is in its language and titled with its subject.`);
  }
  return mail;
}

/** Every mail in the outbox (sent or not), oldest first, parsed; only those for `to` when given. */
export async function queuedMails(database: Database, options: { to?: string } = {}): Promise<ParsedMail[]> {
  return Promise.all((await outboxRows(database, options)).map((row) => parsedMail(row.raw)));
}

/** The mails in the outbox by the address they are for, parsed (the newest one where an address has several). */
export async function queuedMailsByRecipient(database: Database): Promise<Map<string, ParsedMail>> {
  const mails = new Map<string, ParsedMail>();
  for (const row of await outboxRows(database)) mails.set(row.recipient, await parsedMail(row.raw));
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
