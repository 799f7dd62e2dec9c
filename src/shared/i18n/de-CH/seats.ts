import type { seats as reference } from '../en-US/seats.ts';

/** Sitzplatzänderungen eines Monatsabos, wie Konto, Sendungsverfolgung und Backoffice sie zeigen (docs/product/seat-changes.md). */
export const seats = {
  'seats.order': 'Bestellung {number}',
  'seats.change': 'Sitzplätze ändern',
  'seats.dialogTitle': 'Sitzplätze der Bestellung {order} ändern',
  'seats.current': 'Das Abo hat jetzt {seats} Sitzplätze.',
  'seats.field': 'Sitzplätze ab jetzt',
  'seats.fieldHint': 'Mehr Sitzplätze gelten ab heute und werden für den Rest des Monats verrechnet; weniger gelten ab dem nächsten Monat.',
  'seats.preview': 'Kosten anzeigen',
  'seats.confirm': 'Auf {seats} Sitzplätze ändern',
  'seats.cancel': 'Abbrechen',
  'seats.close': 'Schliessen',
  'seats.increase': 'Ab heute {seats} Sitzplätze.',
  'seats.reduction': 'Ab {date} {seats} Sitzplätze; bis dahin bleiben die {current} Sitzplätze nutzbar, ohne Gutschrift.',
  'seats.withdrawal': 'Die vorgemerkte Reduktion wird zurückgezogen: Das Abo behält {seats} Sitzplätze.',
  'seats.prorated': 'Rechnung jetzt für die zusätzlichen Sitzplätze, {from} – {to}: {net} netto, {vat} MWST, {gross} total.',
  'seats.nextPeriod': 'Ab {date} jeden Monat: {net} netto, {vat} MWST, {gross} total.',
  'seats.done': 'Erledigt: {seats} Sitzplätze ab {date}.',
  'seats.doneInvoice': 'Die Rechnung {number} über {gross} kommt per E-Mail, fällig am {date}.',
  'seats.pending': 'Ab {date}: {seats} Sitzplätze (Reduktion vorgemerkt).',
  'seats.withdraw': 'Reduktion zurückziehen',
  'order.action.SEATS_CHANGED': 'Sitzplätze geändert',
  'seats.timeline': '{from} → {to} Sitzplätze ab {date}',
  'seats.timelineInvoice': '{from} → {to} Sitzplätze ab {date}, Rechnung {number} über {amount}',
} as const satisfies Record<keyof typeof reference, string>;
