/**
 * Every route of the single-page app (SPEC §2), relative to the /app base path.
 * Links and redirects use these builders, never hand-written strings.
 */
export const appBasePath = '/app';

export const paths = {
  home: () => '/',
  restoreShoppingCart: (orderId: string) => `/orders/${orderId}/restore-shopping-cart`,
  shoppingCart: (orderId: string) => `/orders/${orderId}/shopping-cart`,
  noShoppingCart: () => '/no-shopping-cart',
  checkout: (orderId: string) => `/orders/${orderId}/checkout`,
  tracking: (orderId: string) => `/orders/${orderId}/tracking`,
  newsletterPreferences: (token: string) => `/newsletter/${token}/`,
  webinars: () => '/webinars',
  webinar: (id: string, language: string) => `/webinar/${id}/${language}`,
  downloadableContent: (id: string, language: string) => `/downloadable-content/${id}/${language}`,
  contactUs: () => '/contact-us',
  adminLogin: () => '/admin-panel/login',
} as const;

/** Marketing pages live outside the app, under /web/{lang}/. */
export const webPaths = {
  home: (language: string) => `/web/${language}/`,
  trainings: (language: string) => `/web/${language}/trainings`,
  privacyPolicy: (language: string) => `/web/${language}/privacy-policy`,
  imprint: (language: string) => `/web/${language}/imprint`,
} as const;
