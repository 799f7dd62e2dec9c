import type { webinarFacts as reference } from '../en-US/webinar-facts.ts';

/** Die Eckdaten eines Webinars (wann, wie lange, in welcher Sprache), wie sie die Webinar-Seiten des Shops und das Backoffice zeigen. */
export const webinarFacts = {
  'webinars.when': 'Datum und Uhrzeit',
  'webinars.duration': 'Dauer',
  'webinars.language': 'Sprache',
  'webinars.minutes.one': '{count} Minute',
  'webinars.minutes.other': '{count} Minuten',
  'webinars.language.en-US': 'Englisch',
  'webinars.language.de-CH': 'Deutsch',
} as const satisfies Record<keyof typeof reference, string>;
