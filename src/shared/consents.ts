/**
 * What a person can agree to, and where they did (docs/product/contacts.md). Each statement
 * is kept as a row with the version of the text it refers to.
 */

/** DATA_PRIVACY: the privacy policy, for the form sent; NEWSLETTER: receiving the newsletter; LEGAL_TEXTS: the terms at checkout. */
export type ConsentSubject = 'DATA_PRIVACY' | 'NEWSLETTER' | 'LEGAL_TEXTS';

/**
 * The forms a person's data and consents come from. PREFERENCE_CENTRE: the subscriber's
 * own page (`/app/newsletter/{token}/`); LIST_UNSUBSCRIBE: a mail program's one-click
 * unsubscribe button (RFC 8058).
 */
export type ConsentSource = 'CONTACT_FORM' | 'WEBINAR' | 'NEWSLETTER' | 'DOWNLOAD' | 'SAVE_CART' | 'CHECKOUT' | 'PREFERENCE_CENTRE' | 'LIST_UNSUBSCRIBE';

/**
 * The version of the privacy policy the forms' consent box refers to: the date its text
 * (`site.privacy.*` in src/shared/i18n/) last changed in substance. Change it with the text.
 */
export const privacyPolicyVersion = '2026-06-01';

/**
 * The version of the terms and conditions the checkout's agreement refers to: the date
 * their text (`site.terms.*` in src/shared/i18n/) last changed in substance. Change it with the text.
 */
export const termsVersion = '2026-11-24';
