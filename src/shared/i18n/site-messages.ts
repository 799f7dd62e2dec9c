import type { Language } from '../locales.ts';
import { site as siteDeCH } from './de-CH/site.ts';
import { site as siteEnUS } from './en-US/site.ts';
import { catalogues, fillParams, translate, type MessageKey, type MessageParams } from './messages.ts';

/**
 * The marketing pages' texts (the privacy policy among them) are only needed when the
 * pages are prerendered, so they stay out of the catalogue that browser bundles carry.
 * Page code translates with `translateSite`, which knows both.
 */
export type SiteMessageKey = MessageKey | keyof typeof siteEnUS;

const siteCatalogues: Record<Language, Record<keyof typeof siteEnUS, string>> = { 'en-US': siteEnUS, 'de-CH': siteDeCH };

export function translateSite(language: Language, key: SiteMessageKey, params?: MessageParams): string {
  if (key in catalogues[language]) return translate(language, key as MessageKey, params);
  return fillParams(siteCatalogues[language][key as keyof typeof siteEnUS], params);
}

export { siteCatalogues };
