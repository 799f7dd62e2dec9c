import type { seatMails as reference } from '../en-US/seat-mails.ts';

/** Sitzplatzänderungen eines Monatsabos, wie der Server sie schreibt (src/server/modules/billing/seat-changes.*). */
export const seatMails = {
  'error.seats.notActive': 'Sitzplätze lassen sich nur bei einem laufenden Monatsabo ändern: Diese Bestellung hat keines, oder es ist gekündigt oder beendet.',
  'error.seats.severalLines': 'Dieses Abo hat mehrere monatliche Positionen: Bitte bitten Sie uns, die Sitzplätze zu ändern.',
  'error.seats.unchanged': 'Das Abo hat bereits {seats} Sitzplätze: Bitte wählen Sie eine andere Zahl.',
  'error.seats.alreadyPending': 'Eine Änderung auf {seats} Sitzplätze ist bereits vorgemerkt.',
  'error.seats.alreadyBilled': 'Diese Änderung wurde heute bereits verrechnet.',

  'invoice.seats.line': '{title}: zusätzliche Sitzplätze für {days} von {periodDays} Tagen',

  'mail.seats.subject': 'Sitzplätze Ihres Abos geändert (Bestellung {order})',
  'mail.seats.intro.increase': 'Das Abo der Bestellung {order} hat ab {date} {to} statt {from} Sitzplätze.',
  'mail.seats.intro.reduction': 'Das Abo der Bestellung {order} hat ab {date} {to} statt {from} Sitzplätze. Bis dahin bleiben die {from} Sitzplätze nutzbar; für den laufenden Monat gibt es keine Gutschrift.',
  'mail.seats.intro.withdrawal': 'Die vorgemerkte Reduktion der Bestellung {order} ist zurückgezogen: Das Abo behält seine {to} Sitzplätze.',
  'mail.seats.prorated': 'Für die zusätzlichen Sitzplätze vom {from} bis {to} haben wir die Rechnung {number} über {gross} ausgestellt; sie kommt mit PDF und QR-Rechnung in einer separaten E-Mail.',
  'mail.seats.proratedRow': 'Zusätzliche Sitzplätze für den Rest des Monats',
  'mail.seats.period': '{from} – {to}',
  'mail.seats.vat': 'MWST',
  'mail.seats.gross': 'Total',
  'mail.seats.next': 'Ab {date} kostet jeder Monat {net} netto, {gross} inkl. MWST.',
  'mail.seats.nextRow': 'Jeder Monat ab {date}, netto',
  'mail.seats.account': 'Ihr Konto',
} as const satisfies Record<keyof typeof reference, string>;
