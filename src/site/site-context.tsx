import { createContext, useContext } from 'react';
import type { Currency, Language } from '#shared/locales.ts';
import { companyParams } from '#shared/company.ts';
import type { MessageParams } from '#shared/i18n/messages.ts';
import { translateSite, type SiteMessageKey } from '#shared/i18n/site-messages.ts';
import type { RenderedPageId } from './site-paths.ts';

export interface SiteContextValue {
  lang: Language;
  currency: Currency;
  page: RenderedPageId;
  /** The year in the copyright line: the build's year. */
  year: number;
  t: (key: SiteMessageKey, params?: MessageParams) => string;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function createSiteContext(
  lang: Language,
  currency: Currency,
  page: RenderedPageId,
  year: number,
): SiteContextValue {
  // Texts that mention the company's address take it from the one source of its details.
  return { lang, currency, page, year, t: (key, params) => translateSite(lang, key, { ...companyParams, ...params }) };
}

export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside of <SiteProvider>');
  return value;
}
