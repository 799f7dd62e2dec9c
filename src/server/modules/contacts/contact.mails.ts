import { companyParams } from '#shared/company.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { greeting, linkButton, mailLayout, paragraphs, type Addressee } from '../mail/mail-html.rules.ts';

/** The mail with the link that confirms the deletion of everything stored about a person, in their language. */
export function deletionMail(options: { language: Language; person: Addressee; link: string }) {
  const { language, link } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const hello = greeting(language, options.person);
  const text = [
    hello,
    t('contactMail.deletion.intro'),
    `${t('contactMail.deletion.cta')}: ${link}`,
    t('contactMail.deletion.what'),
    t('contactMail.deletion.notYou'),
    t('mail.signature', companyParams),
  ].join('\n\n');
  const subject = t('contactMail.deletion.subject');
  const html = mailLayout(
    language,
    subject,
    [
      paragraphs(hello),
      paragraphs(t('contactMail.deletion.intro')),
      linkButton(link, t('contactMail.deletion.cta')),
      paragraphs(t('contactMail.deletion.what')),
      paragraphs(t('contactMail.deletion.notYou')),
      paragraphs(t('mail.signature', companyParams)),
    ].join('\n'),
  );
  return { subject, text, html };
}
