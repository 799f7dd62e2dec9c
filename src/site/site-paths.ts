import type { Currency, Language } from '#shared/locales.ts';
import { appPaths, appUrl, type SitePageId } from '#shared/paths.ts';

/** The not-found page is prerendered too, but has no path of its own. */
export type RenderedPageId = SitePageId | 'not-found';

/** Where a page variant is written, relative to dist/site: `en-US/trainings.CHF.html`. */
export function pageFile(language: Language, page: RenderedPageId, currency: Currency): string {
  const name = page === 'home' ? 'index' : page === 'not-found' ? '404' : page;
  return `${language}/${name}.${currency}.html`;
}

/** Pages of the single-page app that the marketing pages link to. */
export const siteLinks = {
  contact: appUrl(appPaths.contactUs()),
} as const;

/** `PUBLIC_URL` without a trailing slash; `http://localhost:3000` when unset. */
export function publicBaseUrl(value: string | undefined = process.env.PUBLIC_URL): string {
  const base = value && value.trim() !== '' ? value.trim() : 'http://localhost:3000';
  return base.replace(/\/+$/, '');
}
