import { forEveryLanguage } from '../every-language.ts';
import { defaultLanguage, languages, type Language } from '../locales.ts';
import { fillParams, pluralKeyOf, type Audience, type MessageKey, type MessageParams, type MessagesByLanguage, type PluralKey } from './catalogue.ts';

// The server's code takes the catalogue's types from here too, with the functions.
export type { MessageKey, MessageParams, MessagesByLanguage, PluralKey } from './catalogue.ts';

/*
 * The texts of every language for code that runs in Node: the server (mails, invoice
 * PDFs, calendar files, CSV exports, API errors in every language), the captcha provider
 * and the prerender. Browsers never import this module (eslint.config.js): they load
 * their language's catalogue (src/client/lib/translate.ts).
 */

/** The audiences whose texts the server may write: all but the marketing pages' (site-messages.ts). */
const serverAudiences: readonly Audience[] = ['app', 'back-office', 'widgets', 'server'];

async function loadLanguage(language: Language): Promise<Record<MessageKey, string>> {
  const parts = await Promise.all(
    serverAudiences.map((audience) => import(`./${language}/${audience}.catalogue.ts`) as Promise<{ catalogue: Record<string, string> }>),
  );
  return Object.assign({}, ...parts.map((part) => part.catalogue)) as Record<MessageKey, string>;
}

/**
 * Every language of the list, loaded once when this module is first imported: a
 * top-level await, so that no line here names a language and a new one needs only its
 * folder. Everything after that is synchronous.
 */
export const catalogues = Object.fromEntries(await Promise.all(languages.map(async (language) => [language, await loadLanguage(language)] as const))) as Record<
  Language,
  Record<MessageKey, string>
>;

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return fillParams(catalogues[language][key], params, (param) => catalogues[language][param]);
}

/** The same message in every language, for API error bodies and e-mails. */
export function translateAll(key: MessageKey, params?: MessageParams): MessagesByLanguage {
  return forEveryLanguage((language) => translate(language, key, params));
}

/** A text with a count, worded by the language's plural rules (catalogue.ts); `{count}` is the number. */
export function translatePlural(language: Language, key: PluralKey, count: number, params?: MessageParams): string {
  return translate(language, pluralKeyOf(language, key, count, isMessageKey), { count, ...params });
}

export function isMessageKey(value: string): value is MessageKey {
  return value in catalogues[defaultLanguage];
}
