/** The languages and currencies the product supports (docs/product/languages.md). */
export const languages = ['en-US', 'de-CH'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en-US';

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
