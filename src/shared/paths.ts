import type { Language } from './locales.ts';

/**
 * The addresses of the product, in one place for the server, the SPA, the islands and
 * the marketing pages. Links and redirects use these builders, never hand-written strings.
 */

/** Base of every JSON call. */
export const apiBase = '/api';
/** Base of the single-page app. */
export const appBasePath = '/app';

/** Routes of the single-page app, relative to `appBasePath` (as the router writes them). */
export const appPaths = {
  home: () => '/',
  restoreShoppingCart: (orderId: string) => `/orders/${orderId}/restore-shopping-cart`,
  shoppingCart: (orderId: string) => `/orders/${orderId}/shopping-cart`,
  noShoppingCart: () => '/no-shopping-cart',
  checkout: (orderId: string) => `/orders/${orderId}/checkout`,
  tracking: (orderId: string) => `/orders/${orderId}/tracking`,
  newsletterPreferences: (token: string) => `/newsletter/${token}/`,
  /** Where the link of the deletion mail leads: the page confirms with `POST /api/people/deletions/{token}`. */
  confirmDeletion: (token: string) => `/people/deletions/${token}`,
  webinars: () => '/webinars',
  webinar: (id: string, language: string) => `/webinar/${id}/${language}`,
  downloadableContent: (id: string, language: string) => `/downloadable-content/${id}/${language}`,
  contactUs: () => '/contact-us',
  /** The buyer's account: the sign-in form, or the orders of the signed-in address (`?link=expired|used|invalid` after a link that opened nothing); the link of the sign-in mail is the server's (account-sign-in.service.ts). */
  account: () => '/account',
  adminLogin: () => '/admin-panel/login',
  adminOrder: (orderId: string) => `/admin-panel/orders/${orderId}`,
} as const;

/**
 * The id of the preference centre's Unsubscribe section: the List-Unsubscribe address,
 * opened in a browser, leads to `newsletterPreferences(token)` with it as the fragment.
 */
export const newsletterUnsubscribeSection = 'unsubscribe';

/** The back office, a bundle of its own below `/app/admin-panel`. */
export const adminBasePath = `${appBasePath}/admin-panel`;

/** Routes of the back office, relative to `adminBasePath`. */
export const adminPaths = {
  login: () => '/login',
  home: () => '/home',
  orders: () => '/orders',
  order: (orderId: string) => `/orders/${orderId}`,
  messages: () => '/messages',
  message: (id: string) => `/messages/${id}`,
  webinars: () => '/webinars',
  webinar: (id: string) => `/webinars/${id}`,
  createWebinar: () => '/create-webinar',
  contacts: () => '/contacts',
  contact: (id: string) => `/contacts/${id}`,
  newsletter: () => '/newsletter',
  newsletterIssue: (id: string) => `/newsletter/${id}`,
  createNewsletterIssue: () => '/create-newsletter-issue',
  account: () => '/account',
  staff: () => '/staff',
  audit: () => '/audit',
  /** Where an invitation's mail leads: the invitee sets a name and password there (docs/product/staff-roles.md). */
  invitation: (token: string) => `/invitation/${token}`,
} as const;

/** An app route as an address of the site: `appUrl(appPaths.tracking(id))` → `/app/orders/…/tracking`. */
export function appUrl(relative: string): string {
  return `${appBasePath}${relative}`;
}

/** The prerendered marketing pages, below `/web/{lang}/`. */
export const sitePages = ['home', 'trainings', 'terms', 'privacy-policy', 'imprint'] as const;
export type SitePageId = (typeof sitePages)[number];

/** `/web/en-US/` for the home page (trailing slash), `/web/en-US/trainings` for the others. */
export function sitePath(language: Language, page: SitePageId): string {
  return page === 'home' ? `/web/${language}/` : `/web/${language}/${page}`;
}

// The three file links below repeat their calls' paths (src/shared/contract/checkout.ts,
// contract/downloadables.ts) instead of building them from the contract entries: this module
// is part of every marketing page's first script, which would then carry those areas'
// call lists (vite.config.ts). src/shared/contract.test.ts checks that they match.

/** Where the browser downloads an order's invoice; a plain link, not a JSON call. */
export function invoicePdfPath(orderId: string, language: Language): string {
  return `${apiBase}/orders/${encodeURIComponent(orderId)}/invoice.pdf?language=${language}`;
}

/** The cover image of a downloadable in a language (SVG, cached by browsers); a plain address, not a JSON call. */
export function downloadableCoverPath(code: string, language: Language): string {
  return `${apiBase}/downloadables/by-code/${encodeURIComponent(code)}/cover.svg?language=${language}`;
}

/**
 * The file of a downloadable, the address of the signed link the download mail carries
 * (with `language`, `expires` and `signature` in its query); a plain link, not a JSON call.
 */
export function downloadableFilePath(code: string): string {
  return `${apiBase}/downloadables/by-code/${encodeURIComponent(code)}/file`;
}

/**
 * The picture of a shared link (Open Graph), written by the prerender to the client's
 * assets as `/assets/og-image-{hash}.png`; the server finds it there by this start.
 */
export const ogImagePrefix = 'og-image-';

/** The Open Graph locale of a language (`en-US` → `en_US`). */
export function ogLocaleOf(language: Language): string {
  return language.replace('-', '_');
}
