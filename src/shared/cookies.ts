/**
 * Every cookie the product sets, with its lifetime, in one place: the server, the SPA,
 * the islands and the privacy policy's cookie table all read these (docs/product/cookies.md).
 */
const day = 24 * 60 * 60;

export const cookies = {
  /** The visitor's cart: the order id, for 90 days from when the cart was made or reopened. */
  shoppingCart: { name: 'shopping_cart', maxAgeSeconds: 90 * day },
  /** The anti-forgery token, readable by scripts; lives as long as the browser session. */
  xsrfToken: { name: 'XSRF-TOKEN' },
  /** The visitor's secret the anti-forgery token is signed with; HttpOnly. */
  xsrfSecret: { name: 'xsrf_secret' },
  currency: { name: 'currency', maxAgeSeconds: 365 * day },
  locale: { name: 'locale', maxAgeSeconds: 365 * day },
  cookieBanner: { name: 'cookiebanner', maxAgeSeconds: 365 * day },
  /**
   * A staff session: ends after 8 hours without a request, and 7 days after sign-in at most.
   * Over https it is `__Host-session`: browsers then accept it only Secure, for Path=/ and
   * from this host itself, so no other site or subdomain can set or overwrite it.
   */
  session: { name: 'session', httpsName: '__Host-session', idleSeconds: 8 * 60 * 60, maxAgeSeconds: 7 * day },
  /**
   * A buyer's account session (docs/product/account.md): ends after 30 days without a
   * request, or at sign-out. Separate from the staff session; Secure over https.
   */
  accountSession: { name: 'account_session', idleSeconds: 30 * day, maxAgeSeconds: 30 * day },
} as const;

/** Every cookie of ours is sent on every path of the site. */
export const cookiePath = '/';

/** How the server sets a visitor's preference (the currency, the locale): with the attributes the pages' scripts write it with. */
export function preferenceCookieOptions(cookie: { maxAgeSeconds: number }, secure: boolean) {
  return { path: cookiePath, maxAge: cookie.maxAgeSeconds, sameSite: 'lax' as const, secure };
}

/** The header that carries the anti-forgery token on POST, PUT, PATCH and DELETE. */
export const xsrfHeader = 'x-xsrf-token';
