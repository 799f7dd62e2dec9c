import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { AppRenderAnswer, AppRenderRequest } from '#shared/app-render.ts';
import { cookies } from '#shared/cookies.ts';
import { urlOf } from '#shared/contract.ts';
import { loadAppCatalogue } from '#shared/i18n/load-app-catalogue.ts';
import { languages, type Language } from '#shared/locales.ts';
import { appBasePath, appPaths, appUrl } from '#shared/paths.ts';
import { readCookie, withRequestCookies } from '#client/lib/cookies.ts';
import type { PageQuery, ServerRenderedPage } from '#client/lib/lazy-route.ts';
import { createQueryClient, queryKeyOf } from '#client/lib/queries.ts';
import { SpaProviders } from '#client/lib/start-spa.tsx';
import { loadTexts } from '#client/lib/translate.ts';
import { withGivenFormData } from '#client/ui/form/form-data.ts';
import { routes } from './router.tsx';

/**
 * The shop app's pages as the server renders them (the cart and the checkout), so that a
 * visitor sees the page with the first bytes rather than after the app's JavaScript, and
 * the browser hydrates it (src/client/lib/start-spa.tsx). Built for node into
 * dist/app-render/ (scripts/build-app-renderer.ts); the server loads it from there
 * (src/server/modules/pages/app-pages.service.ts).
 *
 * A page takes part by exporting `serverRendered` (lazy-route.ts): the calls its first render
 * reads. Every other page answers undefined here and is rendered in the browser alone.
 */
// One handler for every request: it keeps the page modules it has loaded.
const handler = createStaticHandler(routes, { basename: appBasePath });

/** The routes matched at an address (path and query), with their modules loaded; a Response for a redirect. */
const routesAt = (url: string) => handler.query(new Request(new URL(url, 'http://app.invalid')));

type StaticContext = Exclude<Awaited<ReturnType<typeof routesAt>>, Response>;

function renderMarkup(router: ReturnType<typeof createStaticRouter>, context: StaticContext, queryClient: QueryClient, language: Language): string {
  return renderToString(
    <SpaProviders queryClient={queryClient} language={language} loadCatalogue={loadAppCatalogue}>
      {/* No hydration data: the app's routes have no loaders, and the page would need an inline script for it. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </SpaProviders>,
  );
}

/**
 * Renders each page that takes part once in each language, without answers (as the page
 * looks while they load): its module, the texts, the frame and React's renderer are then
 * loaded and compiled before the first visitor's page, which took seven times as long as
 * the next without this (src/server/modules/pages/app-pages.service.ts calls it after a start).
 */
export async function prepareAppRenderer(): Promise<void> {
  const standIn = '00000000-0000-4000-8000-000000000000';
  for (const language of languages) {
    await loadTexts(language, loadAppCatalogue);
    for (const address of [appPaths.shoppingCart(standIn), appPaths.checkout(standIn), appPaths.account()]) {
      const context = await routesAt(appUrl(address));
      if (context instanceof Response) continue;
      renderMarkup(createStaticRouter(handler.dataRoutes, context), context, createQueryClient(), language);
    }
  }
}

export async function renderAppPage(request: AppRenderRequest): Promise<AppRenderAnswer | undefined> {
  const context = await routesAt(request.url);
  if (context instanceof Response) return undefined;
  const match = context.matches.at(-1);
  const page = match?.route.handle as ServerRenderedPage | undefined;
  if (!match || !page?.queries) return undefined;

  // Each answer goes to both caches the pages read: the query cache, and the forms' reference data.
  const queryClient = createQueryClient();
  const formData = new Map<string, unknown>();
  const answer = async ({ call, input }: PageQuery) => {
    const address = urlOf(call, input);
    const data = await request.load(address);
    queryClient.setQueryData(queryKeyOf(call, input), data);
    formData.set(address, data);
  };
  await Promise.all([loadTexts(request.language, loadAppCatalogue), ...page.queries(match.params, request.language).map(answer)]);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A currency the page's answers chose, where the visitor's cookie names another: the page is rendered in it, and the server sets the cookie.
  const chosen = page.currencyOf?.(match.params, request.language, (call, input) => queryClient.getQueryData(queryKeyOf(call, input)));
  const sent = withRequestCookies(request.cookieHeader, () => readCookie(cookies.currency));
  const currency = chosen !== undefined && chosen !== sent ? chosen : undefined;
  const setWithPage: Record<string, string> = currency === undefined ? {} : { [cookies.currency.name]: currency };
  const missed = new Set<string>();
  const render = () =>
    withRequestCookies(request.cookieHeader, () => withGivenFormData(formData, () => renderMarkup(router, context, queryClient, request.language), missed), setWithPage);
  let html = render();
  // The reference data the render read without an answer, among those the page has answered when read: answered, and the page rendered again.
  const ifRead = (page.queriesIfRead?.(match.params, request.language) ?? []).filter(({ call, input }) => missed.has(urlOf(call, input)));
  if (ifRead.length > 0) {
    await Promise.all(ifRead.map(answer));
    html = render();
  }
  return { html, state: dehydrate(queryClient), module: page.module, ...(currency === undefined ? {} : { currency }) };
}
