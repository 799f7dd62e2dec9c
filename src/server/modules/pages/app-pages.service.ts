import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { contentSecurityPolicy, type InlineCode } from '#server/plugins/security-headers.ts';
import { appRendererFile, appStateElementId, type AppRenderAnswer, type AppRenderer, type AppRenderRequest } from '#shared/app-render.ts';
import { firstFrameAwaits } from '#shared/after-first-paint.ts';

/** A record of the client build's manifest (vite): a module's stylesheets and the chunks it imports. */
interface ManifestRecord {
  css?: string[];
  imports?: string[];
}

/**
 * The stylesheets of a page in the order the browser applies them: the app entry's (which
 * the shell links), then those the page's module brings (its own and those of the chunks
 * it imports).
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
  const sheets = new Set<string>();
  collect('app.html', sheets);
  collect(module, sheets);
  return [...sheets];
}

/** The type of the links that name a page's inlined stylesheets: not CSS, so the browser leaves them alone. */
const inlinedStylesheetType = 'text/x-inlined-css';

/** What a rendered page carries in its `<head>` for its styles, and the content security policy that lets them through. */
interface PageStyles {
  head: string;
  contentSecurityPolicy: string;
}

/**
 * A page's stylesheets, inline in one `<style>` element: a linked stylesheet holds up the
 * first paint by a round trip (on Lighthouse's phone, about 0.3 s of the largest paint),
 * as it did on the marketing pages (docs/decisions/023-inline-site-stylesheet.md). Each is
 * also named by a link of a type that is not CSS, which the browser neither fetches nor
 * applies (a `disabled` one it would fetch): the app's chunk loader (vite's preload helper)
 * counts a stylesheet as loaded when a `rel="stylesheet"` link names it, so hydrating the
 * page does not fetch what it already has. The policy allows the element by its hash.
 * A stylesheet the build lacks, or whose text could close the element, stays a plain link.
 */
function pageStylesOf(sheets: { name: string; text: string | undefined }[], inline: InlineCode): PageStyles {
  const inlined = sheets.filter((sheet): sheet is { name: string; text: string } => sheet.text !== undefined && !/<\/style/i.test(sheet.text));
  const linked = sheets.filter((sheet) => !inlined.includes(sheet as { name: string; text: string }));
  const css = inlined.map(({ text }) => text).join('\n');
  return {
    head: [
      // The first frame shows the whole rendered page, not its header alone.
      `<link rel="expect" href="${firstFrameAwaits}" blocking="render" />`,
      ...(css === '' ? [] : [`<style>${css}</style>`]),
      ...inlined.map(({ name }) => `<link rel="stylesheet" type="${inlinedStylesheetType}" href="/${name}" />`),
      ...linked.map(({ name }) => `<link rel="stylesheet" href="/${name}" />`),
    ].join('\n    '),
    contentSecurityPolicy: contentSecurityPolicy({ styles: [...inline.styles, ...(css === '' ? [] : [css])], scripts: inline.scripts }),
  };
}

/** JSON inside a `<script>` element: no `<` may close it early. */
const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The shop app's pages the server renders (the cart and the checkout; src/shared/app-render.ts):
 * the app's renderer from the build (dist/app-render/), loaded at the first such request,
 * and the page made of the app shell, the page's stylesheets, its markup and the answers it
 * was rendered with, and the content security policy its inline styles need. Without a built renderer (a server run from its sources before a
 * build) every app page is the shell alone, rendered in the browser.
 */
export function createAppPages(deps: {
  distDir: string;
  /** What every page the server sends carries inline (pages.service.ts), which the rendered pages' policy allows too. */
  inlineCode: InlineCode;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const rendererFile = path.join(deps.distDir, appRendererFile);
  const manifestFile = path.join(deps.distDir, 'client/.vite/manifest.json');
  const manifest: Record<string, ManifestRecord> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const clientDir = path.join(deps.distDir, 'client');
  // The build does not change while the server runs: each page's styles are made once.
  const pageStyles = new Map<string, PageStyles>();
  const pageStylesFor = (module: string) => {
    let styles = pageStyles.get(module);
    if (styles === undefined) {
      const sheets = stylesheetsOf(manifest, module).map((name) => {
        const file = path.join(clientDir, name);
        return { name, text: existsSync(file) ? readFileSync(file, 'utf8') : undefined };
      });
      styles = pageStylesOf(sheets, deps.inlineCode);
      pageStyles.set(module, styles);
    }
    return styles;
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
     * Loads the renderer and renders its pages once ahead of their first visitor, who would
     * otherwise wait for both: about a third of a second to load the module, and the first
     * render of a cart seven times as long as the next.
     */
    async prepare(): Promise<void> {
      const app = await loadRenderer();
      try {
        await app?.prepareAppRenderer();
      } catch (error) {
        // The pages still render; the first of them only takes longer.
        deps.log.warn({ err: error }, 'the app renderer could not render its pages ahead of their first visitor');
      }
    },

    /**
     * The page at this address rendered into the shell `shellOf` gives (pages.service.ts, in the page's language), with
     * the content security policy it is sent with, or undefined
     * when the app renders it in the browser only: a page that does not take part, or one
     * whose calls were refused (the browser then shows the refusal as it always does).
     */
    async render(
      request: AppRenderRequest,
      shellOf: () => string | undefined,
    ): Promise<{ html: string; contentSecurityPolicy: string; currency: AppRenderAnswer['currency'] } | undefined> {
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
      const styles = pageStylesFor(page.module);
      const html = shell
        // The shell's links are the entry's stylesheets, which the page's styles hold.
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace('</head>', `  ${styles.head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="${appStateElementId}">${jsonInScript(page.state)}</script>`,
        );
      return { html, contentSecurityPolicy: styles.contentSecurityPolicy, currency: page.currency };
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
