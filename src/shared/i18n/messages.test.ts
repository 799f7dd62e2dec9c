import { describe, expect, it } from 'vitest';
import { catalogues, translate, translateAll, translatePlural } from './messages.ts';
import { siteCatalogues, translateSite } from './site-messages.ts';

describe('message catalogues', () => {
  const enKeys = Object.keys(catalogues['en-US']).sort();
  const deKeys = Object.keys(catalogues['de-CH']).sort();

  it('have the same keys in en-US and de-CH', () => {
    expect(deKeys).toEqual(enKeys);
  });

  it('have no empty texts', () => {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('write Swiss German with "ss", never "ß"', () => {
    const withEszett = Object.entries(catalogues['de-CH']).filter(([, text]) => text.includes('ß'));
    expect(withEszett).toEqual([]);
  });

  it('use the same parameters in both languages', () => {
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of enKeys) {
      const k = key as keyof (typeof catalogues)['en-US'];
      expect(params(catalogues['de-CH'][k]), key).toEqual(params(catalogues['en-US'][k]));
    }
  });
});

describe('translate', () => {
  it('fills parameters', () => {
    expect(translate('en-US', 'error.tooShort', { min: 20 })).toBe('Please enter at least 20 characters.');
    expect(translateAll('error.tooShort', { min: 20 })['de-CH']).toBe('Bitte geben Sie mindestens 20 Zeichen ein.');
  });
});

describe('the marketing pages catalogue', () => {
  it('has the same keys in both languages, no empty texts and no "ß"', () => {
    expect(Object.keys(siteCatalogues['de-CH']).sort()).toEqual(Object.keys(siteCatalogues['en-US']).sort());
    for (const [key, text] of Object.entries(siteCatalogues['de-CH'])) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toContain('ß');
    }
  });

  it('shares no key with the main catalogue, and translates both kinds of key', () => {
    const shared = Object.keys(siteCatalogues['en-US']).filter((key) => key in catalogues['en-US']);
    expect(shared).toEqual([]);
    expect(translateSite('de-CH', 'common.notFound.text')).toBe('Die gesuchte Seite existiert nicht.');
  });
});

describe('plurals', () => {
  it('word a count by the language\'s plural rules', () => {
    expect([0, 1, 2, 25].map((count) => translatePlural('en-US', 'invoice.line.seats', count))).toEqual(['0 seats', '1 seat', '2 seats', '25 seats']);
    expect([0, 1, 2, 25].map((count) => translatePlural('de-CH', 'invoice.line.seats', count))).toEqual(['0 Plätze', '1 Platz', '2 Plätze', '25 Plätze']);
    expect(translatePlural('de-CH', 'shop.months', 1)).toBe('1 Monat');
    expect(translatePlural('en-US', 'shop.months', 12)).toBe('12 months');
  });

  it('use one word for the captcha in each language', () => {
    for (const [language, word, other] of [['de-CH', 'Anti-Roboter', /Anti-Robot(?!er)/], ['en-US', 'anti-robot', /Anti-Roboter/]] as const) {
      const texts = Object.values(catalogues[language]);
      expect(texts.filter((text) => text.includes(word) || text.includes(word[0]?.toUpperCase() + word.slice(1))).length).toBeGreaterThan(3);
      expect(texts.filter((text) => other.test(text))).toEqual([]);
    }
  });
});
