import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './accept-language.ts';

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['de-CH,de;q=0.9,en;q=0.8', 'de-CH'],
    ['de-DE', 'de-CH'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['fr-CH, de;q=0.5', 'de-CH'],
    ['fr-FR', undefined],
    ['en;q=0.2, de;q=0.8', 'de-CH'],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});
