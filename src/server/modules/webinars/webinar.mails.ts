import { companyParams } from '#shared/company.ts';
import { formatDateTime } from '#shared/dates.ts';
import { translate, type MessageKey, type MessageParams } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { escapeHtml, mailLayout, paragraphs } from '../mail/mail-html.rules.ts';
import { googleCalendarLink, outlookCalendarLink, webinarInvitation, type CalendarWebinar, type InvitationOptions } from './webinar-calendar.ts';

/**
 * The mails of a webinar's subscribers, in the subscriber's language, each with the
 * subscription's calendar file attached: the confirmation of a sign-up, the changed
 * webinar and the cancelled one. What staff entered (title, description, link) is shown
 * as text: escaped in the HTML part, on one line in a subject.
 */

interface MailWebinar extends CalendarWebinar {
  code: string;
}

/** CONFIRMATION: after a sign-up; UPDATED: staff changed the start, duration, title or link; CANCELLED: staff deleted it. */
export type WebinarMailKind = 'CONFIRMATION' | 'UPDATED' | 'CANCELLED';

export interface WebinarMailOptions {
  kind: WebinarMailKind;
  webinar: MailWebinar;
  language: Language;
  /** The subscriber's first name for the greeting; none: a greeting without a name. */
  firstName: string | null;
  /** The calendar file's UID, SEQUENCE, organizer and (for a cancellation) the subscriber. */
  invitation: Pick<InvitationOptions, 'uid' | 'sequence' | 'organizer' | 'attendee'>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const subjects: Record<WebinarMailKind, MessageKey> = {
  CONFIRMATION: 'webinarMail.confirmation.subject',
  UPDATED: 'webinarMail.updated.subject',
  CANCELLED: 'webinarMail.cancelled.subject',
};

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a>`;

/** One mail to one subscriber: subject, text and HTML parts, and the calendar file. */
export function webinarMail(options: WebinarMailOptions) {
  const { kind, webinar, language } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  const title = oneLine(webinar.title);
  const when = formatDateTime(webinar.startsAt, language);
  const greeting = options.firstName ? t('mail.greeting', { name: oneLine(options.firstName) }) : t('mail.greeting', { name: '' }).trim();
  const file = `${webinar.code}.ics`;
  const signature = t('mail.signature', companyParams);
  const invitation = webinarInvitation({ ...options.invitation, webinar, language, method: kind === 'CANCELLED' ? 'CANCEL' : 'PUBLISH' });
  const attachments = [
    {
      filename: file,
      content: Buffer.from(invitation, 'utf8'),
      contentType: `text/calendar; charset=utf-8; method=${kind === 'CANCELLED' ? 'CANCEL' : 'PUBLISH'}`,
    },
  ];
  const subject = t(subjects[kind], { title });

  if (kind === 'CANCELLED') {
    const parts = [greeting, t('webinarMail.cancelled.intro', { title, date: when }), t('webinarMail.cancelled.calendar'), signature];
    return { subject, text: parts.join('\n\n'), html: mailLayout(language, subject, parts.map(paragraphs).join('\n')), attachments };
  }

  const intro = t(kind === 'CONFIRMATION' ? 'webinarMail.confirmation.intro' : 'webinarMail.updated.intro');
  const facts: [string, string][] = [
    [t('webinarMail.details.title'), title],
    [t('webinarMail.details.when'), when],
    [t('webinarMail.details.duration'), t('webinarMail.details.minutes', { minutes: webinar.durationMinutes })],
    [t('webinarMail.details.link'), webinar.link],
  ];
  const google = googleCalendarLink(webinar, language);
  const outlook = outlookCalendarLink(webinar, language);
  const calendarNote = t('webinarMail.calendar.file', { file });
  const closing = [...(kind === 'CONFIRMATION' ? [t('webinarMail.notYou')] : []), signature];

  const text = [
    greeting,
    '',
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    webinar.description,
    '',
    t('webinarMail.joinNote'),
    '',
    `${t('webinarMail.calendar.title')}:`,
    `- ${t('webinarMail.calendar.google')}: ${google}`,
    `- ${t('webinarMail.calendar.outlook')}: ${outlook}`,
    calendarNote,
    '',
    closing.join('\n\n'),
  ].join('\n');

  const rows = facts
    .map(([label, value]) => {
      const shown = value === webinar.link ? `<a href="${escapeHtml(value)}" style="word-break:break-all">${escapeHtml(value)}</a>` : escapeHtml(value);
      return `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0">${shown}</td></tr>`;
    })
    .join('');
  const html = mailLayout(
    language,
    subject,
    `${paragraphs(greeting)}
${paragraphs(intro)}
<table style="border-collapse:collapse">${rows}</table>
<div style="margin:16px 0;padding:12px;border-left:3px solid #c9d1dc">${paragraphs(webinar.description)}</div>
<p style="margin:24px 0">${button(webinar.link, t('webinarMail.join'))}</p>
${paragraphs(t('webinarMail.joinNote'))}
<p><strong>${escapeHtml(t('webinarMail.calendar.title'))}</strong><br>
<a href="${escapeHtml(google)}">${escapeHtml(t('webinarMail.calendar.google'))}</a> · <a href="${escapeHtml(outlook)}">${escapeHtml(t('webinarMail.calendar.outlook'))}</a><br>
${escapeHtml(calendarNote)}</p>
${closing.map(paragraphs).join('\n')}`,
  );
  return { subject, text, html, attachments };
}
