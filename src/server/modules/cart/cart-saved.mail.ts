import { companyParams } from '#shared/company.ts';
import { translate, translatePlural } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { lineAmountPerInvoice } from '#shared/cart-lines.ts';
import { formatMoneyWithCode } from '#shared/money.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import { escapeHtml, mailLayout, paragraphs } from '../mail/mail.service.ts';

/** The mail with the link back to a saved cart, in the visitor's language. */
export function cartSavedMail(options: { cart: Cart; language: Language; firstName: string; link: string }) {
  const { cart, language, firstName, link } = options;
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(language, key, params);
  const lines = cart.items
    .filter((item) => item.status === 'ACTIVE')
    .map((item) => {
      const seats = translatePlural(language, 'shop.seats', item.quantity);
      const title = item.product.translations[language]?.title ?? item.product.title;
      // A monthly training shows what it costs per month, with its minimum term.
      const monthly = item.paymentFrequency === 'MONTHLY';
      return {
        title,
        seats: monthly ? t('shop.seatsPerMonth', { seats, months: translatePlural(language, 'shop.months', item.periodMonths ?? 1) }) : seats,
        total: formatMoneyWithCode(lineAmountPerInvoice(item), cart.currency),
      };
    });
  const totals: [string, string][] = [
    [t('mail.dueToday'), formatMoneyWithCode(cart.totals.dueToday, cart.currency)],
    ...(cart.totals.perMonth > 0 ? [[t('mail.perMonthNet'), formatMoneyWithCode(cart.totals.perMonth, cart.currency)] satisfies [string, string]] : []),
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
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 8px 4px 0">${escapeHtml(line.title)}<br><span style="color:#4a5360">${escapeHtml(line.seats)}</span></td>` +
        `<td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(line.total)}</td></tr>`,
    )
    .join('');
  const html = mailLayout(
    language,
    `${paragraphs(t('mail.greeting', { name: firstName }))}
${paragraphs(t('mail.cartSaved.intro'))}
<table style="width:100%;border-collapse:collapse">${rows}
${totals
  .map(
    ([label, amount], index) =>
      `<tr><td style="padding:8px 8px 0 0;${index === 0 ? 'font-weight:bold;border-top:1px solid #c9d1dc' : ''}">${escapeHtml(label)}</td>` +
      `<td style="padding:8px 0 0;text-align:right;white-space:nowrap;${index === 0 ? 'font-weight:bold;border-top:1px solid #c9d1dc' : ''}">${escapeHtml(amount)}</td></tr>`,
  )
  .join('')}</table>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t('mail.cartSaved.cta'))}</a></p>
<p style="word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${paragraphs(t('mail.cartSaved.linkNote'))}
${paragraphs(t('mail.signature', companyParams))}`,
  );
  return { subject: t('mail.cartSaved.subject'), text, html };
}
