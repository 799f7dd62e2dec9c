import { companyParams } from '#shared/company.ts';
import { translate, translatePlural, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { printMoneyWithCode } from '#shared/money.ts';
import { lineMoneyPerInvoice } from '../cart/cart.rules.ts';
import { amountsTable, escapeHtml, greeting, mailLayout, paragraphs, type AmountRow } from '../mail/mail-html.rules.ts';
import type { OrderDetailView } from './checkout.service.ts';
import type { OrderTotalsView } from './invoice-content.ts';
import type { StoredInvoiceInfo } from './invoice-info.ts';
import { appPaths, appUrl } from '#shared/paths.ts';

function vatLine(language: Language, totals: OrderTotalsView): string {
  if (totals.vatKind === 'REVERSE_CHARGE') return translate(language, 'mail.reverseCharge');
  if (totals.vatKind === 'EXPORT') return translate(language, 'mail.export');
  return translate(language, 'mail.vat', { rate: totals.vatRate });
}

function summaryRows(detail: OrderDetailView, language: Language): AmountRow[] {
  const lines = detail.items
    .filter((item) => item.status === 'ACTIVE')
    .map((item): AmountRow => {
      const seats = translatePlural(language, 'lines.seats', item.quantity);
      const term = item.paymentFrequency === 'MONTHLY' ? `, ${translatePlural(language, 'lines.monthly', item.periodMonths ?? 1)}` : '';
      return { label: `${item.product.translations[language]?.title ?? item.product.title}, ${seats}${term}`, value: printMoneyWithCode(lineMoneyPerInvoice(item)) };
    });
  const { perMonth } = detail.totals;
  return [
    ...lines,
    { label: translate(language, 'mail.net'), value: printMoneyWithCode(detail.totals.net) },
    { label: vatLine(language, detail.totals), value: printMoneyWithCode(detail.totals.vatAmount) },
    // The invoice total, set apart; then what each further month costs.
    { label: translate(language, 'mail.gross'), value: printMoneyWithCode(detail.totals.gross), strong: true },
    ...(perMonth ? [{ label: translate(language, 'mail.perMonth'), value: printMoneyWithCode(perMonth.gross) }] : []),
  ];
}

export const orderConfirmationKind = 'orderConfirmation';

/** What is queued at checkout for the confirmation; the worker composes the rest. */
export function orderConfirmationQueued(detail: OrderDetailView) {
  return {
    subject: translate(detail.language, 'mail.orderConfirmation.subject', { number: detail.number ?? '' }),
    kind: orderConfirmationKind,
    payload: { orderId: detail.id },
  };
}

/** The buyer's confirmation, in the language of the checkout: the order's summary; the invoice is issued later by INVOICE and mailed on its own. */
export function orderConfirmationMail(detail: OrderDetailView, info: StoredInvoiceInfo, publicUrl: string) {
  const language = detail.language;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const tracking = new URL(appUrl(appPaths.tracking(detail.id)), publicUrl).toString();
  const account = new URL(appUrl(appPaths.account()), publicUrl).toString();
  const rows = summaryRows(detail, language);
  // The billing contact, formally: an accounts department is not greeted by a first name.
  const hello = greeting(language, info.contact ?? {});
  const text = [
    hello,
    '',
    t('mail.orderConfirmation.intro'),
    '',
    `${t('mail.orderConfirmation.number')}: ${detail.number}`,
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    '',
    t('mail.orderConfirmation.invoice'),
    ...(detail.totals.perMonth ? ['', t('mail.orderConfirmation.monthly')] : []),
    '',
    `${t('mail.orderConfirmation.tracking')}: ${tracking}`,
    `${t('accountMail.yourAccount')}: ${account}`,
    '',
    t('mail.signature', companyParams),
  ].join('\n');
  const subject = t('mail.orderConfirmation.subject', { number: detail.number ?? '' });
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}
${paragraphs(t('mail.orderConfirmation.intro'))}
<p><strong>${escapeHtml(t('mail.orderConfirmation.number'))}: ${escapeHtml(detail.number ?? '')}</strong></p>
${amountsTable(rows)}
${paragraphs(t('mail.orderConfirmation.invoice'))}
${detail.totals.perMonth ? paragraphs(t('mail.orderConfirmation.monthly')) : ''}
<p><a href="${escapeHtml(tracking)}">${escapeHtml(t('mail.orderConfirmation.tracking'))}</a></p>
<p><a href="${escapeHtml(account)}">${escapeHtml(t('accountMail.yourAccount'))}</a></p>
${paragraphs(t('mail.signature', companyParams))}`,
  );
  return { subject, text, html };
}

export const staffOrderKind = 'staffOrderNote';

/** What is queued at checkout for the note to staff; the worker composes the rest. */
export function staffOrderQueued(detail: OrderDetailView, info: StoredInvoiceInfo) {
  return { subject: staffOrderSubject(detail, info), kind: staffOrderKind, payload: { orderId: detail.id } };
}

function staffOrderSubject(detail: OrderDetailView, info: StoredInvoiceInfo): string {
  return translate('en-US', 'mail.staffOrder.subject', { number: detail.number ?? '', company: info.company?.name ?? '' });
}

/** The note to staff (ORDERS_EMAIL), in English. */
export function staffOrderMail(detail: OrderDetailView, info: StoredInvoiceInfo, publicUrl: string) {
  const language: Language = 'en-US';
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const company = info.company?.name ?? '';
  const contact = `${info.contact?.firstName ?? ''} ${info.contact?.lastName ?? ''} <${info.contact?.email ?? ''}>`;
  const link = new URL(appUrl(appPaths.adminOrder(detail.id)), publicUrl).toString();
  const rows: AmountRow[] = [
    { label: t('mail.orderConfirmation.number'), value: detail.number ?? '' },
    { label: t('mail.staffOrder.company'), value: company },
    { label: t('mail.staffOrder.contact'), value: contact },
    ...summaryRows(detail, language),
  ];
  const subject = staffOrderSubject(detail, info);
  return {
    subject,
    text: [t('mail.staffOrder.intro'), '', ...rows.map((row) => `${row.label}: ${row.value}`), '', `${t('mail.staffOrder.open')}: ${link}`].join('\n'),
    html: mailLayout(
      language,
      subject,
      `${paragraphs(t('mail.staffOrder.intro'))}${amountsTable(rows)}<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.staffOrder.open'))}</a></p>`,
    ),
  };
}
