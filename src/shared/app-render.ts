import type { Currency, Language } from './locales.ts';

/*
 * The shop app's pages the server renders (the cart and the checkout): the server hands a
 * request to the app's server-side renderer (src/client/app/render-on-server.tsx, built into
 * dist/app-render/), which renders the page with the answers of the API calls it needs, and
 * the browser hydrates that markup (src/client/lib/start-spa.tsx).
 * docs/decisions/054-cart-and-checkout-rendered-on-the-server.md says why.
 */

/** The `<script type="application/json">` element that carries the answers a page was rendered with. */
export const appStateElementId = 'app-state';

/** The file of the renderer's build, below the build's folder (dist/). */
export const appRendererFile = 'app-render/render-on-server.mjs';

export interface AppRenderRequest {
  /** The page's address: path and query, as the browser asked for it. */
  url: string;
  language: Language;
  /** The request's `Cookie` header: the page shows what the browser's first render will (the currency, the cart). */
  cookieHeader: string;
  /** Answers an API call, as the browser would get it (a path below /api with its query); throws when it is refused. */
  load(apiPath: string): Promise<unknown>;
}

export interface AppRenderAnswer {
  /** The markup inside the app's root element. */
  html: string;
  /** The answers the page was rendered with, for the browser's query cache (TanStack Query's dehydrated state). */
  state: unknown;
  /** The page's module as the client build's manifest names it, for its stylesheets. */
  module: string;
  /**
   * The currency the page's answers made the visitor's (a cart's own) where the request's
   * `currency` cookie named another: the page is rendered in it, and the server sets the
   * cookie with the page, so that the browser's first render shows the same.
   */
  currency?: Currency;
}

/** The renderer's module. It answers undefined for a page it does not render. */
export interface AppRenderer {
  renderAppPage(request: AppRenderRequest): Promise<AppRenderAnswer | undefined>;
  /** Renders each page it renders once, without answers, so that the first visitor's page is not the one that loads and compiles the code. */
  prepareAppRenderer(): Promise<void>;
}
