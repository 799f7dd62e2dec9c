import { companyParams } from '#shared/company.ts';
import { formatIsoDay } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { minorWithCode } from '#shared/money.ts';
import { appPaths, appUrl } from '#shared/paths.ts';
import { amountsTable, greeting, linkButton, mailLayout, paragraphs, type Addressee } from '../mail/mail-html.rules.ts';

/** The mail of a seat change to the billing contact, in the order's language, with the preview's figures (docs/product/seat-changes.md). */

export const seatsChangedMailKind = 'seatsChanged';

/** What the mail names, as the outbox keeps it until it is composed: amounts in minor units. */
export interface SeatsChangedPayload {
  language: Language;
  orderId: string;
  orderNumber: string;
  firstName: string;
  kind: 'increase' | 'reduction' | 'withdrawal';
  from: number;
  to: number;
  effective: string;
  currency: Currency;
  prorated: { from: string; to: string; netMinor: number; vatMinor: number; grossMinor: number; invoiceNumber: string } | null;
  nextPeriod: { from: string; netMinor: number; vatMinor: number; grossMinor: number };
}

export function seatsChangedSubject(payload: Pick<SeatsChangedPayload, 'language' | 'orderNumber'>): string {
  return translate(payload.language, 'mail.seats.subject', { order: payload.orderNumber });
}

export function seatsChangedMail(payload: SeatsChangedPayload, publicUrl: string) {
  const { language, currency } = payload;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const day = (isoDay: string) => formatIsoDay(isoDay, language);
  const amount = (minor: number) => minorWithCode(minor, currency);
  const hello = greeting(language, { firstName: payload.firstName } satisfies Addressee);
  const intro = t(`mail.seats.intro.${payload.kind}`, { order: payload.orderNumber, from: payload.from, to: payload.to, date: day(payload.effective) });
  const lines = [intro];
  const rows = [];
  if (payload.prorated) {
    const period = { from: day(payload.prorated.from), to: day(payload.prorated.to) };
    lines.push(t('mail.seats.prorated', { ...period, number: payload.prorated.invoiceNumber, gross: amount(payload.prorated.grossMinor) }));
    rows.push(
      { label: t('mail.seats.proratedRow'), detail: t('mail.seats.period', period), value: amount(payload.prorated.netMinor) },
      { label: t('mail.seats.vat'), value: amount(payload.prorated.vatMinor) },
      { label: t('mail.seats.gross'), value: amount(payload.prorated.grossMinor), strong: true },
    );
  }
  const next = payload.nextPeriod;
  lines.push(t('mail.seats.next', { date: day(next.from), net: amount(next.netMinor), gross: amount(next.grossMinor) }));
  rows.push(
    { label: t('mail.seats.nextRow', { date: day(next.from) }), value: amount(next.netMinor) },
    { label: t('mail.seats.vat'), value: amount(next.vatMinor) },
    { label: t('mail.seats.gross'), value: amount(next.grossMinor), strong: true },
  );
  const accountUrl = new URL(appUrl(appPaths.account()), publicUrl).toString();
  const subject = seatsChangedSubject(payload);
  const text = [hello, '', ...lines.flatMap((line) => [line, '']), `${t('mail.seats.account')}: ${accountUrl}`, '', t('mail.signature', companyParams)].join('\n');
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(hello)}${paragraphs(intro)}${amountsTable(rows)}${linkButton(accountUrl, t('mail.seats.account'))}${paragraphs(t('mail.signature', companyParams))}`,
  );
  return { subject, text, html };
}
