import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages, type Language } from '../locales.ts';
import { audiences, type Audience } from './catalogue.ts';
import { catalogues, translate, translateAll, translatePlural } from './messages.ts';
import { siteCatalogues, translateSite } from './site-messages.ts';

/** Every `<language>/<audience>.catalogue.ts` there is, whether the list names its language or not. */
const catalogueFiles = import.meta.glob<{ catalogue: Record<string, string> }>('./*/*.catalogue.ts');
const fileOf = (language: string, audience: Audience) => `./${language}/${audience}.catalogue.ts`;

async function loadCatalogue(language: Language, audience: Audience): Promise<Record<string, string>> {
  const load = catalogueFiles[fileOf(language, audience)];
  if (!load) throw new Error(`${fileOf(language, audience)} is missing`);
  return (await load()).catalogue;
}

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogue files', () => {
  it('are one per audience for every language of the list (src/shared/locales.ts), and none for another', () => {
    const expected = languages.flatMap((language) => audiences.map((audience) => fileOf(language, audience)));
    expect(Object.keys(catalogueFiles).sort()).toEqual(expected.sort());
  });
});

describe.each(audiences)('the %s catalogue', (audience) => {
  const others = languages.filter((language) => language !== defaultLanguage);

  it.each(others)(`has the keys of the ${defaultLanguage} reference in %s, with the same parameters`, async (language) => {
    const reference = await loadCatalogue(defaultLanguage, audience);
    const catalogue = await loadCatalogue(language, audience);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference)) expect(params(catalogue[key] ?? ''), key).toEqual(params(text));
  });

  it.each(languages)('has no empty text in %s', async (language) => {
    for (const [key, text] of Object.entries(await loadCatalogue(language, audience))) expect(text.trim(), key).not.toBe('');
  });

  it('writes Swiss German with "ss", never "ß"', async () => {
    const withEszett = Object.entries(await loadCatalogue('de-CH', audience)).filter(([, text]) => text.includes('ß'));
    expect(withEszett).toEqual([]);
  });
});

describe('the names of the languages', () => {
  it('are in a catalogue for every language of the list, or for none', async () => {
    const keys = Object.keys(Object.assign({}, ...(await Promise.all(audiences.map((audience) => loadCatalogue(defaultLanguage, audience))))));
    const prefixes = new Set(keys.flatMap((key) => languages.filter((language) => key.endsWith(`.${language}`)).map((language) => key.slice(0, -language.length))));
    expect(prefixes.size).toBeGreaterThan(0);
    const namesAt = (prefix: string) => keys.filter((key) => key.startsWith(prefix) && /^[a-z]{2,3}(-[A-Za-z\d]{2,8})+$/.test(key.slice(prefix.length)));
    for (const prefix of prefixes) expect(namesAt(prefix).sort(), prefix).toEqual(languages.map((language) => prefix + language).sort());
  });
});

describe('translate', () => {
  it('fills parameters', () => {
    expect(translate('en-US', 'error.tooShort', { min: 20 })).toBe('Please enter at least 20 characters.');
    expect(translateAll('error.tooShort', { min: 20 })['de-CH']).toBe('Bitte geben Sie mindestens 20 Zeichen ein.');
  });

  it('knows every browser and server catalogue in every language', async () => {
    for (const language of languages) {
      for (const audience of audiences.filter((audience) => audience !== 'site')) {
        expect(Object.keys(catalogues[language])).toEqual(expect.arrayContaining(Object.keys(await loadCatalogue(language, audience))));
      }
    }
  });
});

describe('the marketing pages catalogue', () => {
  it('shares no key with the main catalogue, and translates both kinds of key', () => {
    const shared = Object.keys(siteCatalogues['en-US']).filter((key) => key in catalogues['en-US']);
    expect(shared).toEqual([]);
    expect(translateSite('de-CH', 'common.notFound.text')).toBe('Die gesuchte Seite existiert nicht.');
    expect(translateSite('de-CH', 'site.notFound.trainings')).toBe(siteCatalogues['de-CH']['site.notFound.trainings']);
  });
});

describe('plurals', () => {
  it('word a count by the language\'s plural rules', () => {
    expect([0, 1, 2, 25].map((count) => translatePlural('en-US', 'lines.seats', count))).toEqual(['0 seats', '1 seat', '2 seats', '25 seats']);
    expect([0, 1, 2, 25].map((count) => translatePlural('de-CH', 'lines.seats', count))).toEqual(['0 Plätze', '1 Platz', '2 Plätze', '25 Plätze']);
    expect(translatePlural('de-CH', 'lines.months', 1)).toBe('1 Monat');
    expect(translatePlural('en-US', 'lines.months', 12)).toBe('12 months');
    expect(translatePlural('en-US', 'lines.monthly', 1)).toBe('per month, minimum term 1 month');
    expect(translatePlural('de-CH', 'lines.monthly', 24)).toBe('pro Monat, Mindestlaufzeit 24 Monate');
  });

  it('use one word for the captcha in each language', () => {
    for (const [language, word, other] of [['de-CH', 'Anti-Roboter', /Anti-Robot(?!er)/], ['en-US', 'anti-robot', /Anti-Roboter/]] as const) {
      const texts = Object.values(catalogues[language]);
      expect(texts.filter((text) => text.includes(word) || text.includes(word[0]?.toUpperCase() + word.slice(1))).length).toBeGreaterThan(3);
      expect(texts.filter((text) => other.test(text))).toEqual([]);
    }
  });
});
