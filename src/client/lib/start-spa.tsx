import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, useRef, useState, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { appStateElementId } from '#shared/app-render.ts';
import { urlOf } from '#shared/contract.ts';
import type { Language } from '#shared/locales.ts';
import { initialLanguage, LanguageProvider, type LoadCatalogue } from './i18n.tsx';
import { nextTask } from './next-task.ts';
import { createQueryClient } from './queries.ts';
import { loadTexts } from './translate.ts';
import { RootHydrationContext } from './hydration.tsx';

/** What surrounds a single-page app's router, in the browser as on the server (src/client/app/render-on-server.tsx). */
export function SpaProviders(props: { queryClient: QueryClient; language: Language; loadCatalogue: LoadCatalogue; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={props.queryClient}>
        <LanguageProvider initial={props.language} loadCatalogue={props.loadCatalogue}>
          {props.children}
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Zod would try `new Function` once to see whether it may compile its checks, which the
 * content security policy refuses and the browser reports as a violation: it is told not to.
 * Zod keeps its settings on `globalThis.__zod_globalConfig`, which its `config()` writes:
 * written here, they cost a page that loads no schema (the cart's first screen) no Zod code.
 * (start-spa.test.ts checks that Zod reads them.)
 */
export function tellZodNotToCompile(): void {
  // The same object whether Zod is loaded already or not: Zod keeps the one it found.
  ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {}).jitless = true;
}

/** How long the answers a page the server rendered came with count as fresh. */
const serverAnswersFreshMs = 30_000;

/** The server's answers a page was rendered with (src/server/modules/pages/app-pages.service.ts), when the server rendered it. */
function serverState(): DehydratedState | undefined {
  const element = document.getElementById(appStateElementId);
  return element?.textContent ? (JSON.parse(element.textContent) as DehydratedState) : undefined;
}

/**
 * The lazy routes of this address, loaded into the route objects while the texts load: a
 * page the server rendered is hydrated with its page's code at hand, as the server rendered
 * it (react-router would render its loading state first, which is not what the server sent).
 * A route whose code fails to load stays lazy: the router tries again and shows its error page.
 */
async function loadMatchedRoutes(routes: RouteObject[], basename: string): Promise<void> {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy().catch(() => undefined);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Starts a single-page app (the shop's and the back office's): the visitor's language on
 * `<html lang>`, then the router inside the query cache and the language context. The
 * first page's chunk is fetched while the language's catalogue (`loadCatalogue`) loads;
 * the app renders when both are there, so it never shows a key.
 *
 * A page the server rendered (the cart and the checkout) is hydrated instead: with the
 * server's answers in the query cache and the page's code loaded first, the first render
 * is the server's markup, which stays. Both happen inside `startTransition`, so React works
 * in short slices and the page answers input meanwhile.
 */
export function startSpa(
  app: {
    loadRoutes: () => Promise<RouteObject[]>;
    basename: string;
    /** Hands the answers a page the server rendered came with, by their address (`urlOf`), to the caches outside the query cache. */
    onServerAnswers?: (answers: [string, unknown][]) => void;
  },
  loadCatalogue: LoadCatalogue,
): void {
  tellZodNotToCompile();
  // The entry and the modules it imports are evaluated in one task; the app starts in the
  // next, so that the two together do not hold the page for long.
  void nextTask().then(() => startInTasks(app, loadCatalogue));
}

function startInTasks(app: Parameters<typeof startSpa>[0], loadCatalogue: LoadCatalogue): void {
  const language = initialLanguage();
  document.documentElement.lang = language;
  const root = document.getElementById('root');
  if (!root) return;
  const queryClient = createQueryClient();
  const rendered = serverState();
  if (rendered) {
    hydrate(queryClient, rendered);
    // The server's answers are as fresh as can be: a page does not ask for them again when
    // it mounts, only after a while, or when a change makes them stale (invalidateQueries).
    const given = new Set(rendered.queries.map((query) => query.queryHash));
    const hydratedAt = Date.now();
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, staleTime: (query) => (given.has(query.queryHash) && Date.now() - hydratedAt < serverAnswersFreshMs ? serverAnswersFreshMs : 0) },
    });
    app.onServerAnswers?.(rendered.queries.map(({ queryKey: [, path, input], state }) => [urlOf({ path: String(path) }, input ?? {}), state.data]));
  }
  // React's renderer, the routes (the frame and its pages) and the first page's code are
  // each evaluated in a task of their own, so that no single task holds the page for long.
  const ready = Promise.all([
    loadTexts(language, loadCatalogue),
    nextTask()
      .then(app.loadRoutes)
      .then(async (routes) => {
        await nextTask();
        await loadMatchedRoutes(routes, app.basename);
        return routes;
      }),
    nextTask().then(() => import('react-dom/client')),
  ]);
  ready.then(
    async ([, routes, { createRoot, hydrateRoot }]) => {
      // The router (it reads the address and listens to the history) in a task, React's root
      // (it listens to every event on the page) in the next.
      const router = createBrowserRouter(routes, { basename: app.basename });
      await nextTask();
      const tree = (
        <HydrationRoot hydrating={rendered !== undefined}>
          <SpaProviders queryClient={queryClient} language={language} loadCatalogue={loadCatalogue}>
            <RouterProvider router={router} />
          </SpaProviders>
        </HydrationRoot>
      );
      startTransition(() => {
        if (rendered) hydrateRoot(root, tree);
        else createRoot(root).render(tree);
      });
    },
    (error: unknown) => console.error(`[app] the ${language} texts or the page's code could not be loaded`, error),
  );
}

/**
 * Wraps the app: `hydrating` when it hydrates the page the server rendered. Its effect runs
 * after those of everything the hydration mounted, so a component mounted later (a dialog,
 * the next page) starts live (`useHydrated`).
 */
function HydrationRoot({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const done = useRef(!hydrating);
  useEffect(() => {
    done.current = true;
  }, []);
  const [isDone] = useState(() => () => done.current);
  return <RootHydrationContext value={isDone}>{children}</RootHydrationContext>;
}
