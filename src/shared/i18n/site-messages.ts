import { languages, type Language } from '../locales.ts';
import { fillParams, type MessageKey, type MessageParams } from './catalogue.ts';
import type { catalogue as siteReference } from './en-US/site.catalogue.ts';
import { catalogues, translate } from './messages.ts';

/**
 * The marketing pages' texts (the privacy policy among them, and the texts of the widgets
 * that the prerender passes in data-* attributes) are only needed when the pages are
 * prerendered, so they are a catalogue of their own that browsers never load.
 * Page code translates with `translateSite`, which knows these and every other key.
 */
type SiteOnlyKey = keyof typeof siteReference;
export type SiteMessageKey = MessageKey | SiteOnlyKey;

/** Every language's site catalogue, loaded once as messages.ts loads the others. */
export const siteCatalogues = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, ((await import(`./${language}/site.catalogue.ts`)) as { catalogue: Record<SiteOnlyKey, string> }).catalogue] as const),
  ),
) as Record<Language, Record<SiteOnlyKey, string>>;

export function translateSite(language: Language, key: SiteMessageKey, params?: MessageParams): string {
  if (key in catalogues[language]) return translate(language, key as MessageKey, params);
  return fillParams(siteCatalogues[language][key as SiteOnlyKey], params);
}
