import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { Answer, Call } from '#shared/contract.ts';
import type { Currency, Language } from '#shared/locales.ts';
import { nextTask } from './next-task.ts';

/** A page chunk that has not arrived after 120 s counts as failed; the error page shows. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Page chunk loading timed out');
    this.name = 'ChunkLoadTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** One API call a page's first render reads, with its input (the key of its query, queries.ts). */
export interface PageQuery {
  call: Pick<Call, 'method' | 'path'>;
  input: { params?: unknown; query?: unknown };
}

/**
 * A page the server renders (src/client/app/render-on-server.tsx): its route module exports
 * it as `serverRendered`, and the route carries it as its `handle`.
 */
export interface ServerRenderedPage {
  /** The page's module as the client build's manifest names it (its path below src/client), for its stylesheets. */
  module: string;
  /** The calls its first render reads: the server answers them first, so the page shows what the browser's first render will. */
  queries(params: Params, language: Language): PageQuery[];
  /**
   * Reference data (`useFormData`) that only some states of the page show: the server
   * answers such a call only when its render read it, and then renders the page again
   * with it; otherwise the page's state goes without it (the checkout's countries, shown
   * from its address step on).
   */
  queriesIfRead?(params: Params, language: Language): PageQuery[];
  /**
   * The currency the page's answers make the visitor's (a cart's own, as `followCart` in
   * cart.ts makes it once the page is live): the server renders the page in it and sets the
   * `currency` cookie with the page, so hydrating it changes nothing. `answer` reads one of
   * the page's answers (`queries`).
   */
  currencyOf?(params: Params, language: Language, answer: <C extends Call>(call: C, input: PageQuery['input']) => Answer<C> | undefined): Currency | undefined;
}

/**
 * A React Router `lazy` function for a route module whose default export is the page:
 * the chunk is fetched on first visit, and a chunk that takes longer than 120 s fails
 * into the error page instead of hanging. A page the server renders brings that with it.
 * `firstLoads` load the page's heaviest imports before it, one after the other (the schemas
 * its forms check with, those they build on first), so that the browser evaluates each and the page in
 * tasks of their own rather than in one long one, which would hold a page the server
 * rendered unanswering meanwhile.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType; serverRendered?: ServerRenderedPage }>, firstLoads: (() => Promise<unknown>)[] = []) {
  return async () => {
    for (const firstLoad of firstLoads) {
      await withTimeout(firstLoad());
      await nextTask();
    }
    const module = await withTimeout(load());
    return { Component: module.default, handle: module.serverRendered };
  };
}
