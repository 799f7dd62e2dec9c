import type { Language } from '../locales.ts';
import { site as siteDeCH } from './de-CH/site.ts';
import { siteWidgets as siteWidgetsDeCH } from './de-CH/site-widgets.ts';
import { site as siteEnUS } from './en-US/site.ts';
import { siteWidgets as siteWidgetsEnUS } from './en-US/site-widgets.ts';
import { catalogues, fillParams, translate, type MessageKey, type MessageParams } from './messages.ts';

/**
 * The marketing pages' texts (the privacy policy among them, and the texts of the widgets
 * that the prerender passes in data-* attributes) are only needed when the pages are
 * prerendered, so they stay out of the catalogue that browser bundles carry.
 * Page code translates with `translateSite`, which knows both.
 */
const siteEnUSAll = { ...siteEnUS, ...siteWidgetsEnUS };
type SiteOnlyKey = keyof typeof siteEnUSAll;
export type SiteMessageKey = MessageKey | SiteOnlyKey;

const siteCatalogues: Record<Language, Record<SiteOnlyKey, string>> = {
  'en-US': siteEnUSAll,
  'de-CH': { ...siteDeCH, ...siteWidgetsDeCH },
};

export function translateSite(language: Language, key: SiteMessageKey, params?: MessageParams): string {
  if (key in catalogues[language]) return translate(language, key as MessageKey, params);
  return fillParams(siteCatalogues[language][key as SiteOnlyKey], params);
}

export { siteCatalogues };
