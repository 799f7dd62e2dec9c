import { formatIsoDay, lastDayOfPeriod } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { money, printMoneyWithCode } from '#shared/money.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import type { InvoiceRow } from '../invoices/invoice-records.service.ts';
import { customerMailEnd, escapeHtml, greeting, linkButton, mailLayout, paragraphs, type Addressee } from '../mail/mail-html.rules.ts';

/** The billing's mails: an issued invoice, a credit note, the confirmation of a notice (the reminders: statement.mails.ts). In the order's language. */

export const invoiceMailKind = 'invoiceIssued';
export const creditNoteMailKind = 'creditNoteIssued';

function texts(language: Language) {
  return (key: MessageKey, params?: MessageParams) => translate(language, key, params);
}

function trackingUrl(orderId: string, publicUrl: string): string {
  return new URL(appUrl(appPaths.tracking(orderId)), publicUrl).toString();
}

/** The subject, and plain text and HTML of paragraphs, a link, and the account's link with the signature. */
function mailBody(language: Language, subject: string, person: Addressee, lines: string[], link: { url: string; label: string }, publicUrl: string) {
  const hello = greeting(language, person);
  const end = customerMailEnd(language, publicUrl);
  const text = [hello, '', ...lines.flatMap((line) => [line, '']), `${link.label}: ${link.url}`, '', end.text].join('\n');
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}${lines.map((line) => paragraphs(line)).join('\n')}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>${end.html}`,
  );
  return { subject, text, html };
}

function attachmentOf(row: InvoiceRow, pdf: Buffer) {
  return { filename: `${row.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${row.number}.pdf`, content: pdf, contentType: 'application/pdf' };
}

/** The subject of an invoice's mail, queued with it. */
export function invoiceSubject(row: Pick<InvoiceRow, 'number' | 'language'>, orderNumber: string): string {
  return translate(row.language as Language, 'mail.invoice.subject', { number: row.number, order: orderNumber });
}

/** An issued invoice with its PDF, to the billing contact. */
export function invoiceMail(row: InvoiceRow, pdf: Buffer, context: { orderNumber: string; person: Addressee; publicUrl: string }) {
  const language = row.language as Language;
  const t = texts(language);
  const amount = printMoneyWithCode(money(row.grossMinor, row.currency));
  const lines = [
    t('mail.invoice.intro', { number: row.number, amount, dueDate: formatIsoDay(row.dueOn, language) }),
    row.periodStart && row.periodEnd
      ? t('mail.invoice.period', { from: formatIsoDay(row.periodStart, language), to: formatIsoDay(lastDayOfPeriod(row.periodEnd), language) })
      : t('mail.invoice.first', { order: context.orderNumber }),
  ];
  return {
    ...mailBody(language, invoiceSubject(row, context.orderNumber), context.person, lines, { url: trackingUrl(row.orderId, context.publicUrl), label: t('mail.invoice.tracking') }, context.publicUrl),
    attachments: [attachmentOf(row, pdf)],
  };
}

/** The subject of a credit note's mail, queued with it. */
export function creditNoteSubject(row: Pick<InvoiceRow, 'number' | 'language'>, context: { invoiceNumber: string; orderNumber: string }): string {
  return translate(row.language as Language, 'mail.creditNote.subject', { number: row.number, invoice: context.invoiceNumber, order: context.orderNumber });
}

/** An issued credit note with its PDF, to the billing contact, in the order's language. */
export function creditNoteMail(row: InvoiceRow, pdf: Buffer, context: { invoiceNumber: string; orderNumber: string; reason: string; person: Addressee; publicUrl: string }) {
  const language = row.language as Language;
  const t = texts(language);
  const lines = [
    t('mail.creditNote.intro', { number: row.number, invoice: context.invoiceNumber, amount: printMoneyWithCode(money(row.grossMinor, row.currency)) }),
    t('mail.creditNote.reason', { reason: context.reason }),
    t('mail.creditNote.attached'),
  ];
  return {
    ...mailBody(language, creditNoteSubject(row, context), context.person, lines, { url: trackingUrl(row.orderId, context.publicUrl), label: t('mail.invoice.tracking') }, context.publicUrl),
    attachments: [attachmentOf(row, pdf)],
  };
}

/** The link that confirms a notice asked for on the tracking page, to the billing contact. */
export function noticeMail(context: { language: Language; orderNumber: string; person: Addressee; effectiveFrom: string; confirmUrl: string; to: string; publicUrl: string }) {
  const { language } = context;
  const t = texts(language);
  const hello = greeting(language, context.person);
  const end = customerMailEnd(language, context.publicUrl);
  const lines = [t('mail.notice.intro', { order: context.orderNumber }), t('mail.notice.effective', { date: formatIsoDay(context.effectiveFrom, language) })];
  const text = [hello, '', ...lines.flatMap((line) => [line, '']), `${t('mail.notice.cta')}: ${context.confirmUrl}`, '', t('mail.notice.ignore'), '', end.text].join('\n');
  const subject = t('mail.notice.subject', { order: context.orderNumber });
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}${lines.map((line) => paragraphs(line)).join('\n')}${linkButton(context.confirmUrl, t('mail.notice.cta'))}${paragraphs(t('mail.notice.ignore'))}${end.html}`,
  );
  return { to: context.to, subject, text, html };
}

/** The billing contact's confirmation that their notice took effect: the day the plan ends. */
export function noticeConfirmedMail(context: { language: Language; orderNumber: string; person: Addressee; endsOn: string; to: string; trackingUrl: string; publicUrl: string }) {
  const { language } = context;
  const t = texts(language);
  const hello = greeting(language, context.person);
  const end = customerMailEnd(language, context.publicUrl);
  const lines = [t('mail.noticeConfirmed.intro', { order: context.orderNumber, date: formatIsoDay(context.endsOn, language) }), t('mail.noticeConfirmed.until')];
  const text = [hello, '', ...lines.flatMap((line) => [line, '']), `${t('mail.invoice.tracking')}: ${context.trackingUrl}`, '', end.text].join('\n');
  const subject = t('mail.noticeConfirmed.subject', { order: context.orderNumber });
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}${lines.map((line) => paragraphs(line)).join('\n')}${linkButton(context.trackingUrl, t('mail.invoice.tracking'))}${end.html}`,
  );
  return { to: context.to, subject, text, html };
}

/** The note to staff (ORDERS_EMAIL, in English) that a customer's notice took effect. */
export function staffNoticeMail(context: { orderNumber: string; company: string; endsOn: string; to: string; orderUrl: string }) {
  const t = texts('en-US');
  const subject = t('mail.staffNotice.subject', { order: context.orderNumber, company: context.company });
  const line = t('mail.staffNotice.intro', { order: context.orderNumber, company: context.company, date: formatIsoDay(context.endsOn, 'en-US') });
  return {
    to: context.to,
    subject,
    text: [line, '', `${t('mail.staffNotice.open')}: ${context.orderUrl}`].join('\n'),
    html: mailLayout('en-US', subject, `${paragraphs(line)}<p><a href="${escapeHtml(context.orderUrl)}">${escapeHtml(t('mail.staffNotice.open'))}</a></p>`),
  };
}

/** The billing contact an invoice was issued to (its document's buyer): the address its mails go to, and the name they greet (the invoice prints the full name only). */
export function buyerOf(invoice: Pick<InvoiceRow, 'document'>): { email: string | undefined; person: Addressee } {
  const buyer = (invoice.document as { buyer?: { email?: string; contactName?: string } }).buyer;
  return { email: buyer?.email, person: { firstName: buyer?.contactName ?? '' } };
}
