/**
 * The languages the product speaks, one line each (docs/product/languages.md): the tag
 * (addresses, cookies, payloads, the catalogue folders of src/shared/i18n/, Intl's
 * formats) and the language's name in itself, which the language switches show. The
 * first is the default and the reference catalogue. Everything else that depends on the
 * languages derives from this list; adding one is a line here and its catalogue files
 * (src/shared/i18n/README.md).
 */
export const languageNames = {
  'en-US': 'English',
  'de-CH': 'Deutsch',
} as const;
export type Language = keyof typeof languageNames;
/** The tags in the list's order; a tuple type, as z.enum wants one. */
export const languages = Object.keys(languageNames) as [Language, ...Language[]];
export const defaultLanguage: Language = languages[0];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export const currencies = ['EUR', 'USD', 'CHF'] as const;
export type Currency = (typeof currencies)[number];
export const defaultCurrency: Currency = 'EUR';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

export const paymentFrequencies = ['MONTHLY', 'ONE_TIME'] as const;
export type PaymentFrequency = (typeof paymentFrequencies)[number];
export const defaultPaymentFrequency: PaymentFrequency = 'MONTHLY';
