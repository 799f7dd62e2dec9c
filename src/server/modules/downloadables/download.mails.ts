import { companyParams } from '#shared/company.ts';
import { formatDate } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { greeting, linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/**
 * The mail with the signed download link, in the language of the request: the link as a
 * button and as text, how long it works, where to ask for a fresh one. The title is shown
 * as text (escaped in the HTML part, on one line in the subject).
 */
export function downloadMail(options: {
  language: Language;
  firstName: string | null;
  title: string;
  link: string;
  /** The item's page, where a fresh link can be requested. */
  pageUrl: string;
  expiresAt: Date;
  validDays: number;
}) {
  const { language, link } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const title = options.title.replace(/\s+/g, ' ').trim();
  const hello = greeting(language, { firstName: options.firstName });
  const validity = t('downloadMail.validity', { days: options.validDays, date: formatDate(options.expiresAt, language), page: options.pageUrl });
  const signature = t('mail.signature', companyParams);
  const text = [hello, t('downloadMail.intro', { title }), `${t('downloadMail.button')}: ${link}`, validity, t('downloadMail.notYou'), signature].join('\n\n');
  const subject = t('downloadMail.subject', { title });
  const html = mailLayout(
    language,
    subject,
    [
      paragraphs(hello),
      paragraphs(t('downloadMail.intro', { title })),
      linkButton(link, t('downloadMail.button')),
      paragraphs(validity),
      paragraphs(t('downloadMail.notYou')),
      paragraphs(signature),
    ].join('\n'),
  );
  return { subject, text, html };
}
