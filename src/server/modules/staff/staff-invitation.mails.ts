import { companyParams } from '#shared/company.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { StaffRole } from '#shared/staff-roles.ts';
import { linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/** The invitation to the back office, in the language the admin chose: who invites, the role, the one-time link. */
export function invitationMail(options: { language: Language; invitedBy: string; role: StaffRole; link: string; validDays: number }) {
  const { language, link } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const intro = t('staffMail.invitation.intro', { invitedBy: options.invitedBy, role: t(`staffRole.${options.role}`) });
  const validity = t('staffMail.invitation.validity', { days: options.validDays });
  const text = [
    t('staffMail.invitation.hello'),
    intro,
    `${t('staffMail.invitation.cta')}: ${link}`,
    validity,
    t('staffMail.invitation.notYou'),
    t('mail.signature', companyParams),
  ].join('\n\n');
  const subject = t('staffMail.invitation.subject');
  const html = mailLayout(
    language,
    subject,
    [
      paragraphs(t('staffMail.invitation.hello')),
      paragraphs(intro),
      linkButton(link, t('staffMail.invitation.cta')),
      paragraphs(validity),
      paragraphs(t('staffMail.invitation.notYou')),
      paragraphs(t('mail.signature', companyParams)),
    ].join('\n'),
  );
  return { subject, text, html };
}
