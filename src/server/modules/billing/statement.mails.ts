import { formatIsoDay, lastDayOfPeriod } from '#shared/dates.ts';
import { translate, translatePlural, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { money, printMoneyWithCode, sumMoney } from '#shared/money.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import { customerMailEnd, escapeHtml, greeting, mailLayout, paragraphs, type Addressee } from '../mail/mail-html.rules.ts';
import { reminderTone } from './periods.rules.ts';

/**
 * A billing contact's reminder statement (docs/decisions/063-reminder-statements.md): one
 * mail per contact and run listing every open invoice of theirs with its reminder level,
 * at the highest level among them. What it says went before is only what went out: the
 * reminders recorded as mailed, each with its day.
 */

export const statementMailKind = 'reminderStatement';

/** A reminder that went out before the statement: its level and day (unknown for one recorded before the days were). */
export interface SentReminder {
  level: number;
  sentOn: string | null;
}

/** One open invoice of a statement, as it stood when the statement was queued. */
export interface StatementInvoice {
  invoiceId: string;
  orderId: string;
  orderNumber: string;
  number: string;
  /** The period billed, end excluded; null on an order's first invoice. */
  periodStart: string | null;
  periodEnd: string | null;
  dueOn: string;
  openMinor: number;
  currency: string;
  /** The level the invoice has reached with this statement (0: none yet). */
  level: number;
  /** The reminders of this invoice that went out before this statement. */
  before: SentReminder[];
}

/** What a statement's mail is composed from, queued with it (the PDFs are read when it is composed). */
export interface StatementPayload {
  asOf: string;
  steps: number;
  language: Language;
  person: Addressee;
  invoices: StatementInvoice[];
}

function texts(language: Language) {
  return (key: MessageKey, params?: MessageParams) => translate(language, key, params);
}

/** The level every listed invoice's line and the mail's tone go by: the highest among them. */
function highestLevel(payload: Pick<StatementPayload, 'invoices'>): number {
  return Math.max(0, ...payload.invoices.map((invoice) => invoice.level));
}

/** The subject, firmer with the highest level; with one invoice, its number. */
export function statementSubject(payload: Pick<StatementPayload, 'language' | 'steps' | 'invoices'>): string {
  const tone = reminderTone(highestLevel(payload), payload.steps);
  return translatePlural(payload.language, `mail.statement.${tone}.subject`, payload.invoices.length, { number: payload.invoices[0]?.number ?? '' });
}

/** An invoice's reminder level in words, and the reminders that went out before it, each with its day. */
function reminderOf(invoice: StatementInvoice, payload: StatementPayload): string {
  const { language, steps, asOf } = payload;
  const t = texts(language);
  const label = (level: number) => t(`mail.statement.reminder.${reminderTone(level, steps)}`);
  const level =
    invoice.level > 0
      ? t('mail.statement.level', { label: label(invoice.level), level: invoice.level, steps })
      : t(invoice.dueOn < asOf ? 'mail.statement.notReminded' : 'mail.statement.notDue');
  if (invoice.before.length === 0) return level;
  const reminders = invoice.before.map((sent) => (sent.sentOn ? t('mail.statement.sentOn', { label: label(sent.level), date: formatIsoDay(sent.sentOn, language) }) : label(sent.level)));
  return t('mail.statement.before', { level, reminders: reminders.join(', ') });
}

/** What is overdue in all, per currency ("52.97 CHF, 119.20 EUR"). */
function overdueOf(payload: StatementPayload): string {
  const overdue = payload.invoices.filter((invoice) => invoice.dueOn < payload.asOf);
  const currencies = [...new Set(overdue.map((invoice) => invoice.currency as Currency))];
  return currencies
    .map((currency) =>
      printMoneyWithCode(
        sumMoney(
          currency,
          overdue.filter((invoice) => invoice.currency === currency).map((invoice) => money(invoice.openMinor, currency)),
        ),
      ),
    )
    .join(', ');
}

/** The statement with every listed invoice's PDF attached, as plain text and as HTML with a table of the invoices. */
export function statementMail(payload: StatementPayload, pdfs: ReadonlyMap<string, Buffer>, publicUrl: string) {
  const { language } = payload;
  const t = texts(language);
  const subject = statementSubject(payload);
  const hello = greeting(language, payload.person);
  const intro = t(`mail.statement.${reminderTone(highestLevel(payload), payload.steps)}.intro`, { overdue: overdueOf(payload) });
  const rows = payload.invoices.map((invoice) => ({
    number: invoice.number,
    period:
      invoice.periodStart && invoice.periodEnd
        ? t('mail.statement.period', { from: formatIsoDay(invoice.periodStart, language), to: formatIsoDay(lastDayOfPeriod(invoice.periodEnd), language) })
        : t('mail.statement.firstInvoice', { order: invoice.orderNumber }),
    dueDate: formatIsoDay(invoice.dueOn, language),
    open: printMoneyWithCode(money(invoice.openMinor, invoice.currency as Currency)),
    reminder: reminderOf(invoice, payload),
  }));
  const attached = translatePlural(language, 'mail.statement.attached', payload.invoices.length);
  const orders = [...new Map(payload.invoices.map((invoice) => [invoice.orderId, invoice.orderNumber])).entries()].map(([orderId, orderNumber]) => ({
    label: t('mail.statement.tracking', { order: orderNumber }),
    url: new URL(appUrl(appPaths.tracking(orderId)), publicUrl).toString(),
  }));
  const end = customerMailEnd(language, publicUrl);
  const text = [hello, intro, rows.map((row) => t('mail.statement.line', row)).join('\n'), attached, orders.map((order) => `${order.label}: ${order.url}`).join('\n'), end.text].join('\n\n');
  const cell = 'padding:4px 8px 4px 0;text-align:left;vertical-align:top';
  const columns = (['invoice', 'period', 'dueOn', 'open', 'reminder'] as const).map((column) => `<th scope="col" style="${cell}">${escapeHtml(t(`mail.statement.column.${column}`))}</th>`);
  const table = `<table style="width:100%;border-collapse:collapse"><thead><tr>${columns.join('')}</tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.number)}</td><td style="${cell}">${escapeHtml(row.period)}</td><td style="${cell}">${escapeHtml(row.dueDate)}</td>` +
        `<td style="${cell};white-space:nowrap">${escapeHtml(row.open)}</td><td style="${cell}">${escapeHtml(row.reminder)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}${paragraphs(intro)}${table}${paragraphs(attached)}${orders.map((order) => `<p><a href="${escapeHtml(order.url)}">${escapeHtml(order.label)}</a></p>`).join('')}${end.html}`,
  );
  const attachments = payload.invoices.flatMap((invoice) => {
    const pdf = pdfs.get(invoice.invoiceId);
    return pdf ? [{ filename: `invoice-${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }] : [];
  });
  return { subject, text, html, attachments };
}
