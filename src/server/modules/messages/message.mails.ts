import { companyParams } from '#shared/company.ts';
import { formatDateTime } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import type { ContactMessage } from '#shared/schemas/messages.ts';
import { printedPhone } from '../geo/countries.rules.ts';
import { escapeHtml, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';

/**
 * The contact form's two mails. What the visitor typed is shown as text: as it is in the
 * text part, escaped in the HTML part (`paragraphs`, `escapeHtml`), and on one line in a
 * subject.
 */

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const recipientLabel = (language: Language, recipient: ContactMessage['recipient']) => translate(language, `forms.recipient.${recipient}`);
const nameOf = (message: Pick<ContactMessage, 'firstName' | 'lastName'>) => [message.firstName, message.lastName].filter(Boolean).join(' ');

/**
 * The message for the team it was sent to, in English like the other staff mails. Sent
 * with `Reply-To` set to the visitor (see the service), so a reply answers them.
 */
export function staffMessageMail(message: ContactMessage, link: string) {
  const language: Language = 'en-US';
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const phone = printedPhone(message.phoneCountryCode, message.phoneNumber) ?? undefined;
  const facts: [string, string][] = [
    [t('mail.contactStaff.from'), `${nameOf(message)} <${message.email}>`],
    ...(message.company ? [[t('forms.company.label'), message.company] as [string, string]] : []),
    ...(phone ? [[t('forms.phone.legend'), phone] as [string, string]] : []),
    [t('forms.recipient.label'), recipientLabel(language, message.recipient)],
    [t('mail.contactStaff.language'), message.language],
    [t('mail.contactStaff.received'), formatDateTime(message.receivedAt, language)],
    [t('forms.subject.label'), message.subject],
  ];
  const text = [
    t('mail.contactStaff.intro'),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t('forms.message.label')}:`,
    message.message,
    '',
    `${t('mail.contactStaff.open')}: ${link}`,
  ].join('\n');
  const rows = facts
    .map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`)
    .join('');
  const subject = t('mail.contactStaff.subject', { recipient: recipientLabel(language, message.recipient), subject: oneLine(message.subject) });
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(t('mail.contactStaff.intro'))}
<table style="border-collapse:collapse">${rows}</table>
<div style="margin:16px 0;padding:12px;border-left:3px solid #c9d1dc">${paragraphs(message.message)}</div>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.contactStaff.open'))}</a></p>`,
  );
  return { subject, text, html };
}

/**
 * The acknowledgement to the sender, in their language: it reached us, which team has it,
 * what happens next. It repeats nothing the sender typed but their first name (as the
 * shop's other mails greet), so the form cannot be used to send someone else a text of
 * one's own from our address.
 */
export function messageAcknowledgementMail(message: Pick<ContactMessage, 'firstName' | 'recipient' | 'language'>) {
  const { language } = message;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const recipient = recipientLabel(language, message.recipient);
  const parts = [
    t('mail.greeting', { name: oneLine(message.firstName) }),
    t('mail.contactAck.intro', { recipient }),
    t('mail.contactAck.next'),
    t('mail.contactAck.notYou'),
    t('mail.signature', companyParams),
  ];
  const subject = t('mail.contactAck.subject');
  return { subject, text: parts.join('\n\n'), html: mailLayout(language, subject, parts.map(paragraphs).join('\n')) };
}
