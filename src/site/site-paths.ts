import { company } from '#shared/company.ts';
import type { Currency, Language } from '#shared/locales.ts';

/** The prerendered marketing pages (DESIGN.md §1: `/web/{lang}/…`). */
export const sitePages = ['home', 'trainings', 'terms', 'privacy-policy', 'imprint'] as const;
export type SitePageId = (typeof sitePages)[number];

/** The not-found page is prerendered too, but has no path of its own. */
export type RenderedPageId = SitePageId | 'not-found';

/** `/web/en-US/` for the home page (trailing slash), `/web/en-US/trainings` for the others. */
export function sitePath(language: Language, page: SitePageId): string {
  return page === 'home' ? `/web/${language}/` : `/web/${language}/${page}`;
}

/** Where a page variant is written, relative to dist/site: `en-US/trainings.CHF.html`. */
export function pageFile(language: Language, page: RenderedPageId, currency: Currency): string {
  const name = page === 'home' ? 'index' : page === 'not-found' ? '404' : page;
  return `${language}/${name}.${currency}.html`;
}

/**
 * Routes of the single-page app that the site links to (SPEC §2). The contact form
 * (`/app/contact-us`) is not built yet: until it is, "Contact" writes an e-mail.
 */
export const appPaths = {
  contact: `mailto:${company.email.info}`,
  noShoppingCart: '/app/no-shopping-cart',
} as const;

/** `PUBLIC_URL` without a trailing slash; `http://localhost:3000` when unset. */
export function publicBaseUrl(value: string | undefined = process.env.PUBLIC_URL): string {
  const base = value && value.trim() !== '' ? value.trim() : 'http://localhost:3000';
  return base.replace(/\/+$/, '');
}
