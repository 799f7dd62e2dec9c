import { forEveryLanguage } from './every-language.ts';
import { languages, type Currency, type Language, type PaymentFrequency } from './locales.ts';

/**
 * The training catalogue (docs/product/money-and-vat.md). The database is seeded from
 * this file and the marketing pages are prerendered from it, so both always show the
 * same prices and texts.
 * Prices are net, per seat (ONE_TIME) or per seat and month (MONTHLY), in minor units,
 * set per currency rather than converted. The texts are in `catalog/<language>.ts`, a
 * file per language of the list.
 */
export type ProductTier = 'basic' | 'foundation' | 'champion';

export interface ProductTranslation {
  title: string;
  description: string;
  features: string[];
}

export interface CatalogProduct {
  code: string;
  tier: ProductTier;
  prices: Record<PaymentFrequency, Record<Currency, number>>;
  translations: Record<Language, ProductTranslation>;
}

function productCodeOf(tier: ProductTier): string {
  return `cyber_security_training_${tier}_v1`;
}

/**
 * Every language's texts, loaded once when this module is first imported, as
 * i18n/messages.ts loads the catalogues: no line here names a language, a new one is a
 * file beside en-US.ts. Only code that runs in Node imports this module's values (the
 * seed, the demo orders, the prerender); the browser's code takes its types alone.
 */
const trainingsByLanguage = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, ((await import(`./catalog/${language}.ts`)) as { trainings: Record<ProductTier, ProductTranslation> }).trainings] as const),
  ),
) as Record<Language, Record<ProductTier, ProductTranslation>>;

const translationsOf = (tier: ProductTier) => forEveryLanguage((language) => trainingsByLanguage[language][tier]);

export const catalog: CatalogProduct[] = [
  {
    code: productCodeOf('basic'),
    tier: 'basic',
    prices: {
      ONE_TIME: { EUR: 4900, USD: 5400, CHF: 4900 },
      MONTHLY: { EUR: 490, USD: 540, CHF: 490 },
    },
    translations: translationsOf('basic'),
  },
  {
    code: productCodeOf('foundation'),
    tier: 'foundation',
    prices: {
      ONE_TIME: { EUR: 14900, USD: 16400, CHF: 14500 },
      MONTHLY: { EUR: 1490, USD: 1640, CHF: 1450 },
    },
    translations: translationsOf('foundation'),
  },
  {
    code: productCodeOf('champion'),
    tier: 'champion',
    prices: {
      ONE_TIME: { EUR: 39900, USD: 43900, CHF: 38900 },
      MONTHLY: { EUR: 3990, USD: 4390, CHF: 3890 },
    },
    translations: translationsOf('champion'),
  },
];
