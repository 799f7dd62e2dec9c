import type { lines as reference } from '../en-US/lines.ts';

/** Plätze und Laufzeit einer Position im Warenkorb oder in einer Bestellung, überall gleich geschrieben (Warenkorb, Bestellung, Sendungsverfolgung, Backoffice, Mails, Rechnung). */
export const lines = {
  'lines.seats.one': '{count} Platz',
  'lines.seats.other': '{count} Plätze',
  'lines.months.one': '{count} Monat',
  'lines.months.other': '{count} Monate',
  'lines.monthly.one': 'pro Monat, Mindestlaufzeit {count} Monat',
  'lines.monthly.other': 'pro Monat, Mindestlaufzeit {count} Monate',
} satisfies Record<keyof typeof reference, string>;
