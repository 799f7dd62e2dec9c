import { companyParams } from '#shared/company.ts';
import { formatDateTime } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/**
 * The mail with the account's sign-in link, in the language of the request: the link as a
 * button and as text, until when it works, where to ask for a new one. It greets nobody by
 * name: the request names only an address.
 */
export function signInMail(options: { language: Language; link: string; expiresAt: Date; accountPageUrl: string }) {
  const { language, link } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const hello = t('mail.salutation.unknown');
  const validity = t('accountMail.validity', { time: formatDateTime(options.expiresAt, language), page: options.accountPageUrl });
  const signature = t('mail.signature', companyParams);
  const subject = t('accountMail.subject');
  const text = [hello, t('accountMail.intro'), `${t('accountMail.button')}: ${link}`, validity, t('accountMail.notYou'), signature].join('\n\n');
  const html = mailLayout(
    language,
    subject,
    [
      paragraphs(hello),
      paragraphs(t('accountMail.intro')),
      linkButton(link, t('accountMail.button')),
      paragraphs(validity),
      paragraphs(t('accountMail.notYou')),
      paragraphs(signature),
    ].join('\n'),
  );
  return { subject, text, html };
}
