import { companyParams } from '#shared/company.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { greeting, linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/** The mail with the link that confirms the deletion of everything stored about a person, in their language. */
export function deletionMail(options: { language: Language; firstName: string | null; link: string }) {
  const { language, link } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const hello = greeting(language, options.firstName);
  const text = [
    hello,
    t('peopleMail.deletion.intro'),
    `${t('peopleMail.deletion.cta')}: ${link}`,
    t('peopleMail.deletion.what'),
    t('peopleMail.deletion.notYou'),
    t('mail.signature', companyParams),
  ].join('\n\n');
  const html = mailLayout(
    language,
    [
      paragraphs(hello),
      paragraphs(t('peopleMail.deletion.intro')),
      linkButton(link, t('peopleMail.deletion.cta')),
      paragraphs(t('peopleMail.deletion.what')),
      paragraphs(t('peopleMail.deletion.notYou')),
      paragraphs(t('mail.signature', companyParams)),
    ].join('\n'),
  );
  return { subject: t('peopleMail.deletion.subject'), text, html };
}
