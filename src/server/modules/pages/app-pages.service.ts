import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { appRendererFile, appStateElementId, type AppRenderer, type AppRenderRequest } from '#shared/app-render.ts';

/** A record of the client build's manifest (vite): a module's stylesheets and the chunks it imports. */
interface ManifestRecord {
  css?: string[];
  imports?: string[];
}

/**
 * The stylesheets a page's module brings (its own and those of the chunks it imports),
 * without the ones the app's entry links in every page already.
 */
function stylesheetsOf(manifest: Record<string, ManifestRecord>, module: string): string[] {
  const seen = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const record = manifest[key];
    for (const sheet of record?.css ?? []) into.add(sheet);
    for (const imported of record?.imports ?? []) collect(imported, into);
  };
  const entry = new Set<string>();
  collect('app.html', entry);
  const page = new Set<string>();
  collect(module, page);
  return [...page].filter((sheet) => !entry.has(sheet));
}

/** JSON inside a `<script>` element: no `<` may close it early. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The shop app's pages the server renders (the cart and the checkout; src/shared/app-render.ts):
 * the app's renderer from the build (dist/app-render/), loaded at the first such request,
 * and the page made of the app shell, the page's stylesheets, its markup and the answers it
 * was rendered with. Without a built renderer (a server run from its sources before a
 * build) every app page is the shell alone, rendered in the browser.
 */
export function createAppPages(deps: { distDir: string; log: Pick<FastifyBaseLogger, 'warn' | 'error'> }) {
  const rendererFile = path.join(deps.distDir, appRendererFile);
  const manifestFile = path.join(deps.distDir, 'client/.vite/manifest.json');
  const manifest: Record<string, ManifestRecord> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  // The build does not change while the server runs: each page's links are made once.
  const stylesheetLinks = new Map<string, string>();
  const stylesheetLinksOf = (module: string) => {
    let links = stylesheetLinks.get(module);
    if (links === undefined) {
      links = stylesheetsOf(manifest, module)
        .map((sheet) => `<link rel="stylesheet" href="/${sheet}" />`)
        .join('\n    ');
      stylesheetLinks.set(module, links);
    }
    return links;
  };
  let renderer: Promise<AppRenderer | undefined> | undefined;
  const loadRenderer = () =>
    (renderer ??= existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<AppRenderer>).catch((error: unknown) => {
          deps.log.error({ err: error }, 'the app renderer could not be loaded: app pages are rendered in the browser');
          return undefined;
        })
      : Promise.resolve(undefined));

  return {
    /**
     * The page at this address rendered into the shell `shellOf` gives (pages.service.ts, in the page's language), or undefined
     * when the app renders it in the browser only: a page that does not take part, or one
     * whose calls were refused (the browser then shows the refusal as it always does).
     */
    async render(request: AppRenderRequest, shellOf: () => string | undefined): Promise<string | undefined> {
      const app = await loadRenderer();
      if (!app) return undefined;
      let page;
      try {
        page = await app.renderAppPage(request);
      } catch (error) {
        // A refused call (a cart that became an order, one that is gone) is the browser's to show.
        if (!(error instanceof RefusedCall)) deps.log.warn({ err: error, url: request.url }, 'an app page could not be rendered on the server');
        return undefined;
      }
      const shell = page && shellOf();
      if (!page || !shell) return undefined;
      const links = stylesheetLinksOf(page.module);
      return shell
        .replace('</head>', links === '' ? '</head>' : `  ${links}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="${appStateElementId}">${jsonInScript(page.state)}</script>`,
        );
    },
  };
}

/** An API call the renderer made that the API refused (4xx): the page is left to the browser, which shows the refusal. */
export class RefusedCall extends Error {
  constructor(
    readonly apiPath: string,
    readonly status: number,
  ) {
    super(`${apiPath} answered ${status}`);
  }
}

export type AppPages = ReturnType<typeof createAppPages>;
