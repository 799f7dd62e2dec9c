import type { webinars as reference } from '../en-US/webinars.ts';

/** Die Webinar-Seiten des Shops; die Eckdaten eines Webinars in `webinar-facts.ts`, die Verwaltung im Backoffice in `webinars-admin.ts`. */
export const webinars = {
  // Die öffentliche Liste (/app/webinars)
  'webinars.title': 'Webinare',
  'webinars.intro':
    'Kostenlose Live-Webinare zur Cybersecurity, gehalten von unseren Trainerinnen und Trainern. Wählen Sie eines und melden Sie sich an: Den Link zur Teilnahme erhalten Sie per E-Mail.',
  'webinars.loading': 'Webinare werden geladen…',
  'webinars.loadFailed': 'Die Webinare konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  'webinars.retry': 'Erneut versuchen',
  'webinars.empty': 'Zurzeit sind keine Webinare geplant. Bitte schauen Sie später wieder vorbei.',

  // Ein Webinar (/app/webinar/{id}/{language})
  'webinars.loadingOne': 'Webinar wird geladen…',
  'webinars.loadOneFailed': 'Das Webinar konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  'webinars.back': 'Alle Webinare',
  'webinars.about': 'Über dieses Webinar',
  'webinars.heldIn': 'Dieses Webinar findet auf {language} statt.',
  'webinars.notFound.title': 'Webinar nicht gefunden',
  'webinars.notFound.list': 'Zu den kommenden Webinaren',
  'webinars.past': 'Dieses Webinar hat stattgefunden. Die Anmeldung ist geschlossen.',
  'webinars.started': 'Dieses Webinar hat bereits begonnen. Die Anmeldung ist geschlossen.',
  'webinars.signUp.title': 'Anmelden',
  'webinars.signUp.intro': 'Die Anmeldung ist kostenlos. Den Link zur Teilnahme schicken wir Ihnen per E-Mail.',
  'webinars.signUp.newsletter': 'Schicken Sie mir auch den Newsletter zur Cybersecurity und zu Ihren Trainings.',
  'webinars.signUp.submit': 'Anmelden',
  'webinars.signedUp.title': 'Sie sind angemeldet',
  'webinars.signedUp.text': 'Vielen Dank für Ihre Anmeldung.',
  'webinars.next.title': 'Wie es weitergeht',
  'webinars.next.mail': 'Sie erhalten eine E-Mail, die Ihre Anmeldung bestätigt, mit dem Link zur Teilnahme am Webinar.',
  'webinars.next.calendar':
    'Dazu kommt eine Kalendereinladung: Tragen Sie das Webinar in Ihren Kalender ein, damit Sie Termin und Link zur Hand haben.',
  'webinars.next.more': 'Weitere Webinare entdecken',
} satisfies Record<keyof typeof reference, string>;
