import { companyParams } from '#shared/company.ts';
import { translate, translatePlural } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { printMoneyWithCode } from '#shared/money.ts';
import { lineMoneyPerInvoice } from './cart.rules.ts';
import type { CartView } from './cart.service.ts';
import { amountsTable, linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/** The mail with the link back to a saved cart, in the visitor's language. */
export function cartSavedMail(options: { cart: CartView; language: Language; firstName: string; link: string }) {
  const { cart, language, firstName, link } = options;
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(language, key, params);
  const lines = cart.items
    .filter((item) => item.status === 'ACTIVE')
    .map((item) => {
      const seats = translatePlural(language, 'lines.seats', item.quantity);
      const title = item.product.translations[language]?.title ?? item.product.title;
      // A monthly training shows what it costs per month, with its minimum term.
      const monthly = item.paymentFrequency === 'MONTHLY';
      return {
        title,
        seats: monthly ? `${seats}, ${translatePlural(language, 'lines.monthly', item.periodMonths ?? 1)}` : seats,
        total: printMoneyWithCode(lineMoneyPerInvoice(item)),
      };
    });
  const totals: [string, string][] = [
    [t('mail.dueToday'), printMoneyWithCode(cart.totals.dueToday)],
    ...(cart.totals.perMonth.minor > 0 ? [[t('mail.perMonthNet'), printMoneyWithCode(cart.totals.perMonth)] satisfies [string, string]] : []),
  ];
  const text = [
    `${t('mail.greeting', { name: firstName })}`,
    '',
    t('mail.cartSaved.intro'),
    '',
    ...lines.map((line) => `- ${line.title}, ${line.seats}: ${line.total}`),
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    `${t('mail.cartSaved.cta')}: ${link}`,
    '',
    t('mail.cartSaved.linkNote'),
    '',
    t('mail.signature', companyParams),
  ].join('\n');
  const rows = [
    ...lines.map((line) => ({ label: line.title, detail: line.seats, value: line.total })),
    // Due today, set apart; then per month.
    ...totals.map(([label, value], index) => ({ label, value, strong: index === 0 })),
  ];
  const subject = t('mail.cartSaved.subject');
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(t('mail.greeting', { name: firstName }))}
${paragraphs(t('mail.cartSaved.intro'))}
${amountsTable(rows)}
${linkButton(link, t('mail.cartSaved.cta'))}
${paragraphs(t('mail.cartSaved.linkNote'))}
${paragraphs(t('mail.signature', companyParams))}`,
  );
  return { subject, text, html };
}
