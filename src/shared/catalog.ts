import type { Currency, Language, PaymentFrequency } from './locales.ts';

/**
 * The training catalogue (docs/product/money-and-vat.md). The database is seeded from
 * this file and the marketing pages are prerendered from it, so both always show the
 * same prices.
 * Prices are net, per seat (ONE_TIME) or per seat and month (MONTHLY), in minor units,
 * set per currency rather than converted.
 */
export type ProductTier = 'basic' | 'foundation' | 'champion';

interface ProductTranslation {
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

export const catalog: CatalogProduct[] = [
  {
    code: productCodeOf('basic'),
    tier: 'basic',
    prices: {
      ONE_TIME: { EUR: 4900, USD: 5400, CHF: 4900 },
      MONTHLY: { EUR: 490, USD: 540, CHF: 490 },
    },
    translations: {
      'en-US': {
        title: 'Cyber Security Training Basic',
        description: 'Security awareness for every employee: the everyday threats and how to stop them.',
        features: ['Phishing and social engineering', 'Passwords and multi-factor sign-in', 'Safe remote work', 'Certificate of completion'],
      },
      'de-CH': {
        title: 'Cyber-Security-Training Basic',
        description: 'Sicherheitsbewusstsein für alle Mitarbeitenden: die alltäglichen Bedrohungen und wie man sie stoppt.',
        features: ['Phishing und Social Engineering', 'Passwörter und Mehr-Faktor-Anmeldung', 'Sicheres Arbeiten von unterwegs', 'Teilnahmezertifikat'],
      },
    },
  },
  {
    code: productCodeOf('foundation'),
    tier: 'foundation',
    prices: {
      ONE_TIME: { EUR: 14900, USD: 16400, CHF: 14500 },
      MONTHLY: { EUR: 1490, USD: 1640, CHF: 1450 },
    },
    translations: {
      'en-US': {
        title: 'Cyber Security Training Foundation',
        description: 'For IT staff and developers: secure operations, secure code and incident response.',
        features: ['Everything in Basic', 'Secure coding (OWASP Top 10)', 'Hardening and patch management', 'Incident response drills'],
      },
      'de-CH': {
        title: 'Cyber-Security-Training Foundation',
        description: 'Für IT-Fachleute und Entwickler: sicherer Betrieb, sicherer Code und Reaktion auf Vorfälle.',
        features: ['Alles aus Basic', 'Sicheres Programmieren (OWASP Top 10)', 'Härtung und Patch-Management', 'Übungen zur Reaktion auf Vorfälle'],
      },
    },
  },
  {
    code: productCodeOf('champion'),
    tier: 'champion',
    prices: {
      ONE_TIME: { EUR: 39900, USD: 43900, CHF: 38900 },
      MONTHLY: { EUR: 3990, USD: 4390, CHF: 3890 },
    },
    translations: {
      'en-US': {
        title: 'Cyber Security Training Champion',
        description: 'For security leads and CISOs: risk, governance, threat modelling and live attack labs.',
        features: ['Everything in Foundation', 'Threat modelling and risk analysis', 'ISO 27001 and nDSG/GDPR governance', 'Live attack-and-defence labs'],
      },
      'de-CH': {
        title: 'Cyber-Security-Training Champion',
        description: 'Für Sicherheitsverantwortliche und CISOs: Risiko, Governance, Bedrohungsmodellierung und Live-Angriffslabore.',
        features: ['Alles aus Foundation', 'Bedrohungsmodellierung und Risikoanalyse', 'Governance nach ISO 27001 und nDSG/DSGVO', 'Live-Labore zu Angriff und Verteidigung'],
      },
    },
  },
];
