import { isLanguage, languages, type Language } from './locales.ts';

/**
 * The routes of the single-page app below `/app`, as react-router writes them. The server
 * answers these with the app shell and status 200, and every other `/app/…` address with
 * the same shell and status 404 (the app then shows its not-found page), so that search
 * engines and link checkers see a missing page as missing. A new page of the app adds
 * its pattern here; `src/client/app/app-routes.test.ts` fails while one is missing.
 *
 * A `:param` matches one path segment; `orderId` and `id` must be UUIDs, as order and
 * webinar ids are, `language` one of the languages, and `token` a link token of the
 * newsletter or a deletion mail (256 bits, base64url: 43 characters), `code` a
 * downloadable's code (lower-case letters, digits and dashes, at most 64).
 * A trailing `/*` matches everything below (the back office routes itself).
 */
export const appRoutePatterns = [
  '/',
  '/orders/:orderId/shopping-cart',
  '/orders/:orderId/restore-shopping-cart',
  '/no-shopping-cart',
  '/orders/:orderId/checkout',
  '/orders/:orderId/tracking',
  '/contact-us',
  '/account',
  '/webinars',
  '/webinar/:id/:language',
  '/downloadable-content/:code/:language',
  '/newsletter/:token/',
  '/people/deletions/:token',
  '/admin-panel/*',
] as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paramRules: Record<string, RegExp> = {
  orderId: uuid,
  id: uuid,
  language: new RegExp(`^(?:${languages.join('|')})$`),
  // A downloadable's code (src/shared/schemas/downloadables.ts).
  code: /^[a-z0-9-]{1,64}$/,
  token: /^[A-Za-z0-9_-]{43}$/,
};

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Whether `pattern` (one of the list above) matches a path relative to `/app`. */
function matchesAppRoute(pattern: string, path: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(path);
  const wildcard = wanted.at(-1) === '*';
  if (wildcard) wanted.pop();
  if (wildcard ? given.length < wanted.length : given.length !== wanted.length) return false;
  return wanted.every((segment, index) => {
    const value = given[index] ?? '';
    if (!segment.startsWith(':')) return segment === value;
    const rule = paramRules[segment.slice(1)];
    return rule ? rule.test(safeDecode(value)) : value !== '';
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether the app has a page at this address: `/app/orders/<uuid>/checkout?x=1` -> true. */
export function isAppPage(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  if (pathname !== '/app' && !pathname.startsWith('/app/')) return false;
  const path = pathname.slice('/app'.length) || '/';
  return appRoutePatterns.some((pattern) => matchesAppRoute(pattern, path));
}

/** The app's page of a downloadable item: the one page whose address names the language it speaks. */
const downloadablePattern = '/downloadable-content/:code/:language';

/**
 * The language a page of the app speaks because its address names it: a downloadable
 * item's page (the app switches to the address's language there). A webinar's
 * `:language` is the webinar's own; its page, like every other, speaks the visitor's.
 */
export function addressLanguageOf(url: string): Language | undefined {
  const pathname = url.split(/[?#]/)[0] ?? '';
  const path = pathname.slice('/app'.length);
  if (!pathname.startsWith('/app/') || !matchesAppRoute(downloadablePattern, path)) return undefined;
  const language = safeDecode(segmentsOf(path)[2] ?? '');
  return isLanguage(language) ? language : undefined;
}
