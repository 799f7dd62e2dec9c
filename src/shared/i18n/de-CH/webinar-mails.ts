import type { webinarMails as reference } from '../en-US/webinar-mails.ts';

/** Die Antwort der Webinar-Anmeldung, ihre Bestätigungs-E-Mail und die Texte der Einladung. */
export const webinarMails = {
  // Die Antwort des Anmeldeformulars
  'webinarMail.signUpConfirmation':
    'Sie sind angemeldet für «{title}» am {date}. Wir haben Ihnen eine E-Mail mit dem Link zur Teilnahme und einem Kalendereintrag geschickt.',

  // Die E-Mails: Bestätigung, geändertes Webinar, abgesagtes Webinar
  'webinarMail.confirmation.subject': 'Sie sind angemeldet: {title}',
  'webinarMail.confirmation.intro': 'Vielen Dank für Ihre Anmeldung zu unserem Webinar. Hier finden Sie alles, was Sie für die Teilnahme brauchen.',
  'webinarMail.updated.subject': 'Geändert: {title}',
  'webinarMail.updated.intro':
    'Das Webinar, für das Sie sich angemeldet haben, hat sich geändert. Hier die neuen Angaben; der beigefügte Kalendereintrag ersetzt den in Ihrem Kalender.',
  'webinarMail.cancelled.subject': 'Abgesagt: {title}',
  'webinarMail.cancelled.intro': 'Es tut uns leid: Das Webinar «{title}», geplant für {date}, wurde abgesagt.',
  'webinarMail.cancelled.calendar': 'Der beigefügte Kalendereintrag entfernt es aus Ihrem Kalender. Sonst müssen Sie nichts tun.',
  'webinarMail.details.title': 'Webinar',
  'webinarMail.details.when': 'Datum und Uhrzeit',
  'webinarMail.details.duration': 'Dauer',
  'webinarMail.details.minutes': '{minutes} Minuten',
  'webinarMail.details.link': 'Link zur Teilnahme',
  'webinarMail.join': 'Am Webinar teilnehmen',
  'webinarMail.joinNote': 'Bitte bewahren Sie diese E-Mail auf: Mit diesem Link nehmen Sie am Webinar teil.',
  'webinarMail.calendar.title': 'In Ihren Kalender eintragen',
  'webinarMail.calendar.google': 'In Google Kalender eintragen',
  'webinarMail.calendar.outlook': 'Outlook',
  'webinarMail.calendar.file': 'Für jeden anderen Kalender öffnen Sie die beigefügte Datei {file}.',
  'webinarMail.notYou': 'Falls Sie sich nicht angemeldet haben, können Sie diese E-Mail ignorieren.',

  // Der Kalendereintrag (.ics) und die Kalender-Links
  'webinarMail.event.join': 'Am Webinar teilnehmen: {link}',
  'webinarMail.event.alarm': 'Das Webinar beginnt in 15 Minuten: {title}',

  // Die Liste der Angemeldeten im Backoffice (CSV)
  'webinarMail.csv.firstName': 'Vorname',
  'webinarMail.csv.lastName': 'Nachname',
  'webinarMail.csv.email': 'E-Mail',
  'webinarMail.csv.company': 'Firma',
  'webinarMail.csv.role': 'Funktion',
  'webinarMail.csv.language': 'Sprache',
  'webinarMail.csv.subscribedAt': 'Angemeldet (UTC)',
} satisfies Record<keyof typeof reference, string>;
