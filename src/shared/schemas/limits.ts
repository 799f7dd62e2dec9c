/**
 * The limits and choices of the shared schemas' payloads, without Zod: what a page's fields
 * show (lengths, ranges, options) before anything is checked. The schema modules use and
 * re-export them; a page that validates later (the cart's save form) imports its fields'
 * limits from here, so that Zod loads only with its schema
 * (docs/decisions/077-cart-and-checkout-script-on-demand.md).
 */

/**
 * The one range of every day and moment the API takes (docs/decisions/055-bounded-dates.md):
 * wide enough for any order, payment, filter or webinar of the shop, and narrow enough
 * that every day in it is a day PostgreSQL, PGlite and the browsers' `Date` read the same
 * way (year 0000 is none for PostgreSQL). A day outside it is refused on its field, with
 * the years in the text.
 */
export const dateRange = { first: '2000-01-01', last: '2100-12-31' } as const;

export const roles = [
  'EXECUTIVE',
  'CISO',
  'INFORMATION_SECURITY_OFFICER',
  'HEAD_OF_IT',
  'DEPARTMENT_TEAM_LEAD',
  'CYBER_SECURITY_EXPERT',
  'SOFTWARE_DEVELOPER',
  'IT_OPERATOR',
  'IT_ARCHITECT',
  'ENTERPRISE_ARCHITECT',
  'HUMAN_RESOURCES',
  'TRAINER',
  'FREELANCER',
  'OTHER',
] as const;

export const formLimits = {
  name: 100,
  email: 254,
  company: 200,
  phoneNumber: 30,
  captchaSolution: 4096,
  /** A staff password: long enough to be strong, short enough to hash cheaply. */
  password: 128,
  topicId: 64,
  topics: 50,
  subject: 200,
  /** A contact message has at least 20 characters. */
  messageMin: 20,
  messageMax: 5000,
} as const;

/** The cart's quantities and terms: docs/product/money-and-vat.md. */
export const quantityLimits = { min: 1, max: 10_000 } as const;
export const periodMonthsLimits = { min: 1, max: 36, default: 12 } as const;
/**
 * The minimum terms a buyer picks from for a monthly plan (docs/decisions/020-monthly-terms.md);
 * the API takes any term within `periodMonthsLimits`.
 */
export const monthlyTermChoices = [12, 24, 36] as const;

/** Digits, space and minus only; a number starts and ends with a digit. */
export const phoneNumberPattern = /^\d(?:[\d -]*\d)?$/;
