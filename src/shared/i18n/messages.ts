import { forEveryLanguage } from '../every-language.ts';
import type { Language } from '../locales.ts';
import { deCH } from './de-CH/index.ts';
import { enUS } from './en-US/index.ts';

export type MessageKey = keyof typeof enUS;
export type MessageParams = Record<string, string | number>;
/** A text in every language, as the API sends it (`messagesByLanguage`). */
export type MessagesByLanguage = Record<Language, string>;

export const catalogues: Record<Language, Record<MessageKey, string>> = { 'en-US': enUS, 'de-CH': deCH };

/** Puts the `{name}` parameters into a text; unknown ones stay as they are. */
export function fillParams(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return fillParams(catalogues[language][key], params);
}

/** The same message in every language, for API error bodies and e-mails. */
export function translateAll(key: MessageKey, params?: MessageParams): MessagesByLanguage {
  return forEveryLanguage((language) => translate(language, key, params));
}

/** A text that depends on a number: the catalogues have `<key>.one` and `<key>.other`. */
type PluralBase<Key> = Key extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
export type PluralKey = PluralBase<MessageKey>;

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * A text with a count, worded by the language's plural rules (CLDR, through
 * Intl.PluralRules): `1 seat`, `2 seats`, `1 Platz`, `2 Plätze`. Catalogues give the
 * categories the language uses (`one` and `other` for English and German); a category a
 * catalogue does not have falls back to `other`. `{count}` is the number.
 */
export function translatePlural(language: Language, key: PluralKey, count: number, params?: MessageParams): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = `${key}.${rules.select(count)}`;
  const chosen = isMessageKey(category) ? category : (`${key}.other` as MessageKey);
  return translate(language, chosen, { count, ...params });
}

export function isMessageKey(value: string): value is MessageKey {
  return value in enUS;
}
