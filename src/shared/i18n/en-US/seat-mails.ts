/** Seat changes on a monthly plan as the server writes them: the refusals, the mail to the billing contact, the invoice's line (src/server/modules/billing/seat-changes.*). */
export const seatMails = {
  'error.seats.notActive': 'Seats can be changed only on a running monthly plan: this order has none, or its plan is under notice or has ended.',
  'error.seats.severalLines': 'This plan has several monthly lines: please ask us to change its seats.',
  'error.seats.unchanged': 'The plan has {seats} seats already: choose another number.',
  'error.seats.alreadyPending': 'A change to {seats} seats is pending already.',
  'error.seats.alreadyBilled': 'This change was billed already today.',

  'invoice.seats.line': '{title}: added seats for {days} of {periodDays} days',

  'mail.seats.subject': 'Seats of your plan changed (order {order})',
  'mail.seats.intro.increase': 'The plan of order {order} now has {to} seats instead of {from}, from {date}.',
  'mail.seats.intro.reduction': 'The plan of order {order} will have {to} seats instead of {from} from {date}. Until then the {from} seats stay in use; there is no credit for the running month.',
  'mail.seats.intro.withdrawal': 'The pending reduction of order {order} is withdrawn: the plan keeps its {to} seats.',
  'mail.seats.prorated': 'For the added seats from {from} to {to} we issued invoice {number} of {gross}; it comes with its PDF and QR-bill in a separate e-mail.',
  'mail.seats.proratedRow': 'Added seats for the rest of the month',
  'mail.seats.period': '{from} – {to}',
  'mail.seats.vat': 'VAT',
  'mail.seats.gross': 'Total',
  'mail.seats.next': 'From {date} each month costs {net} net, {gross} with VAT.',
  'mail.seats.nextRow': 'Each month from {date}, net',
  'mail.seats.account': 'Your account',
} as const;
