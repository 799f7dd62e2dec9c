import { defaultLanguage, languages, type Language } from '#shared/locales.ts';

/**
 * A fixture's value for every language of the list (src/shared/locales.ts), as the API
 * answers them (`messagesByLanguage`, `translations`): the languages the fixture names,
 * and the default language's value for the others, so that a new language changes no test.
 */
export function inEveryLanguage<T>(values: Partial<Record<Language, T>>): Record<Language, T> {
  const fallback = values[defaultLanguage];
  if (fallback === undefined) throw new Error(`A fixture in every language names its ${defaultLanguage} value`);
  return Object.fromEntries(languages.map((language) => [language, values[language] ?? fallback])) as Record<Language, T>;
}
