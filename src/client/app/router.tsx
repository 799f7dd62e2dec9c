import type { RouteObject } from 'react-router';
import { AppLayout } from './layout.tsx';
import { lazyPage } from '#client/lib/lazy-route.ts';
import { appPaths } from '#shared/paths.ts';
import { RouteLoading } from '#client/ui/route-loading.tsx';
import { ErrorPage } from './routes/error-page.tsx';

/**
 * The app's routes (docs/product/routes.md). Each page is its own chunk, loaded on first
 * visit with a 120 s time-out (lazy-route.ts); paths come from paths.ts.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    // Shown until the first page's chunk is there, on a page the server did not render (render-on-server.tsx).
    HydrateFallback: RouteLoading,
    children: [
      { index: true, lazy: lazyPage(() => import('./routes/index-redirect.tsx')) },
      { path: appPaths.shoppingCart(':orderId'), lazy: lazyPage(() => import('./routes/shopping-cart.tsx')) },
      { path: appPaths.restoreShoppingCart(':orderId'), lazy: lazyPage(() => import('./routes/restore-shopping-cart.tsx')) },
      { path: appPaths.noShoppingCart(), lazy: lazyPage(() => import('./routes/no-shopping-cart.tsx')) },
      { path: appPaths.checkout(':orderId'), lazy: lazyPage(() => import('./routes/checkout/checkout-page.tsx'), [() => import('#shared/schemas/seat-changes.ts'), () => import('#shared/schemas/checkout.ts')]) },
      { path: appPaths.tracking(':orderId'), lazy: lazyPage(() => import('./routes/tracking.tsx')) },
      { path: appPaths.contactUs(), lazy: lazyPage(() => import('./routes/contact-us.tsx')) },
      { path: appPaths.account(), lazy: lazyPage(() => import('./routes/account/account-page.tsx'), [() => import('#shared/schemas/account.ts')]) },
      { path: appPaths.webinars(), lazy: lazyPage(() => import('./routes/webinars/webinars-page.tsx')) },
      { path: appPaths.webinar(':id', ':language'), lazy: lazyPage(() => import('./routes/webinars/webinar-page.tsx')) },
      { path: appPaths.downloadableContent(':code', ':language'), lazy: lazyPage(() => import('./routes/downloadables/downloadable-page.tsx')) },
      { path: appPaths.newsletterPreferences(':token'), lazy: lazyPage(() => import('./routes/newsletter/preferences-page.tsx')) },
      { path: appPaths.confirmDeletion(':token'), lazy: lazyPage(() => import('./routes/newsletter/confirm-deletion-page.tsx')) },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

