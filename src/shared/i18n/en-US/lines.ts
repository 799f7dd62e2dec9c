/**
 * A cart or order line's seats and term, written the same wherever a line shows: the cart
 * page and drawer, the checkout, the tracking page, the back office's order page, the
 * shop's mails and the invoice PDF. Every browser audience that shows lines merges this
 * area, and the server holds them all (messages.ts).
 */
export const lines = {
  'lines.seats.one': '{count} seat',
  'lines.seats.other': '{count} seats',
  'lines.months.one': '{count} month',
  'lines.months.other': '{count} months',
  /** A monthly line's billing: "per month, minimum term 12 months". */
  'lines.monthly.one': 'per month, minimum term {count} month',
  'lines.monthly.other': 'per month, minimum term {count} months',
} as const;
