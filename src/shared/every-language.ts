import { languages, type Language } from './locales.ts';

/*
 * Not part of locales.ts: the marketing pages' widgets share that module with the app
 * and never need this (docs/decisions/018-marketing-page-weight.md).
 */

/** A value for every language of the list: a text in every language (`messagesByLanguage`), a file per language. */
export function forEveryLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(languages.map((language) => [language, make(language)])) as Record<Language, T>;
}
