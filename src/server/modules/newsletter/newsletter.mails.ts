import { companyParams } from '#shared/company.ts';
import { urlOf } from '#shared/contract.ts';
import { newsletterCalls } from '#shared/contract/newsletter.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { apiBase, appPaths, appUrl } from '#shared/paths.ts';
import { escapeHtml, greeting, linkButton, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { NewsletterIssue } from './newsletter-issue.ts';

/**
 * The newsletter's mails, in the subscriber's language and from the newsletter's own
 * sender: the confirmation of a request, the preference link for an address that is
 * subscribed already, and the issues. Each carries a token of its own: in the link to the
 * preference centre and in the one-click unsubscribe headers (RFC 8058).
 */

/** The addresses a mail's token opens: the preference centre and the one-click unsubscribe call. */
export function newsletterLinks(token: string, publicUrl: string): { preferences: string; unsubscribe: string } {
  return {
    preferences: new URL(appUrl(appPaths.newsletterPreferences(token)), publicUrl).toString(),
    unsubscribe: new URL(`${apiBase}${urlOf(newsletterCalls.unsubscribeFromNewsletter, { params: { token } })}`, publicUrl).toString(),
  };
}

/**
 * `List-Unsubscribe` with the one-click address and a mailto: to the newsletter's sender
 * (the subject names the token, so whoever reads that mailbox can unsubscribe the person
 * through the preference centre), `List-Unsubscribe-Post` (RFC 8058), and `List-Id`
 * (RFC 2919).
 */
export function listHeaders(options: { token: string; publicUrl: string; sender: MailSettings; language: Language }): Record<string, string> {
  const { token, sender, language } = options;
  const mailto = `mailto:${sender.address}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return {
    'List-Unsubscribe': `<${newsletterLinks(token, options.publicUrl).unsubscribe}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `${translate(language, 'newsletterMail.listName')} <newsletter.${sender.domain}>`,
  };
}

interface LinkMailOptions {
  language: Language;
  firstName: string | null;
  /** The preference centre's address with the mail's token. */
  link: string;
}

/** Greeting, texts, the link (as a button in the HTML part), closing texts and the signature. */
function linkMail(language: Language, firstName: string | null, parts: { subject: MessageKey; before: MessageKey[]; cta: MessageKey; after: MessageKey[] }, link: string) {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const before = [greeting(language, { firstName }), ...parts.before.map((key) => t(key))];
  const after = [...parts.after.map((key) => t(key)), t('mail.signature', companyParams)];
  const cta = t(parts.cta);
  const subject = t(parts.subject);
  return {
    subject,
    text: [...before, `${cta}: ${link}`, ...after].join('\n\n'),
    html: mailLayout(language, subject, [...before.map(paragraphs), linkButton(link, cta), ...after.map(paragraphs)].join('\n')),
  };
}

/** The double opt-in's mail: confirm with the link within 7 days. */
export function confirmationMail(options: LinkMailOptions) {
  return linkMail(
    options.language,
    options.firstName,
    {
      subject: 'newsletterMail.confirm.subject',
      before: ['newsletterMail.confirm.intro'],
      cta: 'newsletterMail.confirm.cta',
      after: ['newsletterMail.confirm.expiry', 'newsletterMail.confirm.notYou'],
    },
    options.link,
  );
}

/** To a confirmed subscriber whose address was typed into the form again: nothing changed, here is the preference link. */
export function preferencesMail(options: LinkMailOptions) {
  return linkMail(
    options.language,
    options.firstName,
    {
      subject: 'newsletterMail.known.subject',
      before: ['newsletterMail.known.intro'],
      cta: 'newsletterMail.known.cta',
      after: ['newsletterMail.known.notYou'],
    },
    options.link,
  );
}

/** An issue to one subscriber: the issue, then why they get it and the link to change or end that. */
export function issueMail(options: { issue: NewsletterIssue; preheader?: string; language: Language; email: string; link: string }) {
  const { issue, language, email, link } = options;
  const footer = translate(language, 'newsletterMail.issue.footer', { email });
  const preferences = translate(language, 'newsletterMail.issue.preferences');
  return {
    subject: issue.subject,
    text: `${issue.text}\n\n--\n${footer}\n${preferences}: ${link}`,
    html: mailLayout(
      language,
      issue.subject,
      `${issue.html}
<hr style="border:none;border-top:1px solid #c9d1dc;margin:24px 0">
<div style="font-size:13px;color:#4a5360">${paragraphs(footer)}
<p><a href="${escapeHtml(link)}">${escapeHtml(preferences)}</a></p></div>`,
      options.preheader,
    ),
  };
}
