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

/** Picks the supported language that best matches an Accept-Language header. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('de')) return 'de-CH';
    if (tag.startsWith('en')) return 'en-US';
  }
  return undefined;
}
