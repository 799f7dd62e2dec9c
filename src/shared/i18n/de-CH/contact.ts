import type { contact as reference } from '../en-US/contact.ts';

/** Das Kontaktformular: Antwort und E-Mails; die Texte des Formulars selbst stehen in `forms.ts` und `shop.ts`. */
export const contact = {
  'forms.contact.confirmation':
    'Vielen Dank für Ihre Nachricht an: {recipient}. Wir haben Ihnen eine Bestätigung per E-Mail geschickt und antworten innert zwei Arbeitstagen.',
  'mail.contactAck.subject': 'Wir haben Ihre Nachricht erhalten',
  'mail.contactAck.intro': 'Vielen Dank für Ihre Nachricht. Sie ist bei uns eingegangen und wurde weitergeleitet an: {recipient}.',
  'mail.contactAck.next':
    'Wie es weitergeht: Die zuständige Person liest Ihre Nachricht und antwortet Ihnen an diese E-Mail-Adresse, in der Regel innert zwei Arbeitstagen. Bis dahin müssen Sie nichts tun.',
  'mail.contactAck.notYou': 'Falls Sie uns nicht geschrieben haben, können Sie diese E-Mail ignorieren: Wir schreiben Ihnen deswegen nicht mehr.',
  'mail.contactStaff.subject': 'Kontaktformular ({recipient}): {subject}',
  'mail.contactStaff.intro': 'Über das Kontaktformular ist eine Nachricht eingegangen. Eine Antwort auf diese E-Mail geht an die absendende Person.',
  'mail.contactStaff.from': 'Von',
  'mail.contactStaff.received': 'Eingegangen',
  'mail.contactStaff.language': 'Sprache',
  'mail.contactStaff.open': 'Im Backoffice öffnen',
} as const satisfies Record<keyof typeof reference, string>;
