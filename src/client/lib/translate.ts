import { fillParams, pluralKeyOf, type Catalogue, type MessageKey, type MessageParams, type PluralKey } from '#shared/i18n/catalogue.ts';
import type { Language } from '#shared/locales.ts';

/*
 * The texts this page has loaded, by language: the app's or the back office's catalogue
 * (loaded before the first render, and another language's before a switch to it), or on
 * a marketing page the widgets' (loaded with the first dialog; widget-texts.ts). Texts
 * are there before anything shows them, so translating stays synchronous.
 */
const loaded = new Map<Language, Catalogue>();
const loading = new Map<Language, Promise<void>>();

/** Whether the page has texts in this language yet. */
export function hasCatalogue(language: Language): boolean {
  return loaded.has(language);
}

/**
 * Loads a language's catalogue with `load` unless the page has texts in that language
 * already; callers asking while it is on its way share one promise, and a failed load is
 * tried again by the next caller.
 */
export function loadTexts(language: Language, load: (language: Language) => Promise<Catalogue>): Promise<void> {
  if (loaded.has(language)) return Promise.resolve();
  let promise = loading.get(language);
  if (!promise) {
    promise = load(language)
      .then((catalogue) => addCatalogue(language, catalogue))
      .finally(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/** Adds a catalogue to the page's texts in its language (the unit tests' setup adds them all). */
export function addCatalogue(language: Language, catalogue: Catalogue): void {
  // The first catalogue of a language is kept as it is: copying its thousand texts costs a page's start.
  const known = loaded.get(language);
  loaded.set(language, known ? { ...known, ...catalogue } : catalogue);
}

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const texts = loaded.get(language);
  const text = texts?.[key];
  return text === undefined ? missingText(language, key) : fillParams(text, params, (param) => texts?.[param]);
}

/** A text with a count, worded by the language's plural rules (src/shared/i18n/catalogue.ts); `{count}` is the number. */
export function translatePlural(language: Language, key: PluralKey, count: number, params?: MessageParams): string {
  const hasKey = (candidate: string) => candidate in (loaded.get(language) ?? {});
  return translate(language, pluralKeyOf(language, key, count, hasKey), { count, ...params });
}

/** Whether a text built at run time (`checkout.status.${status}`) is a key of the loaded catalogues. */
export function isMessageKey(value: string): value is MessageKey {
  return [...loaded.values()].some((catalogue) => value in catalogue);
}

/**
 * A key the page's catalogue lacks: a test of src/shared/i18n/ keeps a bundle's keys in
 * its catalogue, so this is a mistake. The unit tests and a development build fail on it;
 * a visitor sees the key rather than a broken page.
 */
function missingText(language: Language, key: MessageKey): string {
  const problem = `No text for "${key}" in the ${language} texts this page has loaded.`;
  if (import.meta.env?.DEV) throw new Error(problem);
  console.error(problem);
  return key;
}
