import type { Language } from '../locales.ts';
import type { catalogue as app } from './en-US/app.catalogue.ts';
import type { catalogue as backOffice } from './en-US/back-office.catalogue.ts';
import type { catalogue as server } from './en-US/server.catalogue.ts';
import type { catalogue as widgets } from './en-US/widgets.catalogue.ts';

/*
 * What every catalogue has in common, without a text of its own: the keys, typed from
 * the reference catalogues (en-US), and how a text gets its parameters and its plural
 * form. The server's messages.ts and the browser's src/client/lib/translate.ts both
 * build on it; neither the browser nor the server loads texts through this module.
 */

/**
 * The catalogues of a language, one per audience (README.md): each is a file
 * `<language>/<audience>.catalogue.ts`. Browsers load the first three, one at a time
 * (load-<audience>-catalogue.ts); the server holds them all, and the prerender adds `site`.
 */
export const audiences = ['app', 'back-office', 'widgets', 'server', 'site'] as const;
export type Audience = (typeof audiences)[number];

export type AppCatalogue = Record<keyof typeof app, string>;
export type BackOfficeCatalogue = Record<keyof typeof backOffice, string>;
export type WidgetsCatalogue = Record<keyof typeof widgets, string>;

/** Every key code may translate (the marketing pages' own keys are site-messages.ts'). */
export type MessageKey = keyof typeof app | keyof typeof backOffice | keyof typeof widgets | keyof typeof server;
/**
 * A parameter worded in each text's own language: a catalogue key (a staff role's name, say),
 * so that "Ihre Rolle (Nur lesen)" never reads "Ihre Rolle (viewer)".
 */
interface KeyParam {
  key: MessageKey;
}
export type MessageParams = Record<string, string | number | KeyParam>;
/** A text in every language, as the API sends it (`messagesByLanguage`). */
export type MessagesByLanguage = Record<Language, string>;
/** Some texts of a language: the catalogues of the audiences loaded so far. */
export type Catalogue = Partial<Record<MessageKey, string>>;

/**
 * Puts the `{name}` parameters into a text; unknown ones stay as they are. `textOf` gives a
 * key parameter's text in the template's language (the key itself where there is none).
 */
export function fillParams(template: string, params: MessageParams | undefined, textOf?: (key: MessageKey) => string | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? (textOf?.(value.key) ?? value.key) : String(value);
  });
}

/** A text that depends on a number: the catalogues have `<key>.one` and `<key>.other`. */
type PluralBase<Key> = Key extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
export type PluralKey = PluralBase<MessageKey>;

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The key of a count's wording by the language's plural rules (CLDR, through
 * Intl.PluralRules): `<key>.one` for 1 seat, `<key>.other` for 2 seats. Catalogues give
 * the categories the language uses (`one` and `other` for English and German); a
 * category the catalogue does not have (`hasKey` says) falls back to `other`.
 */
export function pluralKeyOf(language: Language, key: PluralKey, count: number, hasKey: (key: string) => boolean): MessageKey {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = `${key}.${rules.select(count)}`;
  return (hasKey(category) ? category : `${key}.other`) as MessageKey;
}
