import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { importAfterFirstPaint } from '#shared/after-first-paint.ts';
import { translateSite } from '#shared/i18n/site-messages.ts';
import { forEveryLanguage } from '#shared/every-language.ts';
import { languages, type Currency, type Language } from '#shared/locales.ts';
import { ogImagePrefix, ogLocaleOf } from '#shared/paths.ts';
import { loadStaticFile, loadStaticTree, precompress, withBody, type StaticFile } from './static-files.ts';

/** The prerender's manifest (src/site/prerender.ts writes it). */
interface PagesManifest {
  baseUrl: string;
  pages: { path: string; language: Language; files: Record<Currency, string> }[];
  notFound: Record<Language, Record<Currency, string>>;
}

type Variants = Record<Currency, StaticFile>;

export interface PagesServiceDeps {
  /** The build output: `client/` (vite) and `site/` (prerender). */
  distDir: string;
  /** The address visitors use; absolute links in the pages follow it (see loadPageFile). */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * A prerendered file with its absolute links moved to this server's PUBLIC_URL: the
 * build wrote them with the PUBLIC_URL of the build, which need not be the same.
 */
function loadPageFile(file: string, builtFor: string | undefined, publicUrl: string): StaticFile {
  const loaded = loadStaticFile(file);
  const base = publicUrl.replace(/\/+$/, '');
  if (!builtFor || builtFor === base) return loaded;
  return withBody(loaded, Buffer.from(loaded.body.toString('utf8').split(builtFor).join(base)));
}

/**
 * The text of each `<style>` element, or of each `<script>` element without `src`, of a
 * page, as the browser hashes it for the content security policy. The prerender writes raw
 * text between the tags (React escapes any "<style" inside a style; the one inline script
 * is the islands loader, whose text has no markup), so the first closing tag is the end.
 */
function inlineTextsOf(html: string, element: 'style' | 'script'): string[] {
  const pattern = element === 'style' ? /<style\b[^>]*>([\s\S]*?)<\/style>/gi : /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The Open Graph tags of an app page (what a shared link shows): the app is rendered in the
 * browser, so a link preview, which reads the HTML only, gets them from the shell. Its
 * address, the language of the visitor, the site's name and description and the picture.
 */
function appOpenGraph(options: { url: string; language: Language; image: string | undefined }): string {
  const { url, language, image } = options;
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeAttribute(content)}" />`;
  return [
    meta('og:type', 'website'),
    meta('og:site_name', translateSite(language, 'common.siteName')),
    meta('og:title', translateSite(language, 'site.home.title')),
    meta('og:description', translateSite(language, 'site.home.description')),
    meta('og:url', url),
    ...(image ? [meta('og:image', image), meta('og:image:type', 'image/png'), meta('og:image:width', '1200'), meta('og:image:height', '630')] : []),
    meta('og:locale', ogLocaleOf(language)),
    ...languages.filter((other) => other !== language).map((other) => meta('og:locale:alternate', ogLocaleOf(other))),
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
}

/**
 * The app shell of a page the server renders (app-pages.service.ts): the page is painted from its
 * markup and stylesheets, so the app's entry is imported after the first paint, as the
 * marketing pages import their islands, and nothing else is fetched before it.
 */
function renderedShellOf(shell: string): string {
  return shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, entry: string) => `<script type="module">${importAfterFirstPaint(entry)}</script>`);
}

/** A built page with `<html lang>` set to the language it shows, as a browser and a screen reader read it from the first byte. */
const inLanguage = (html: string, language: Language) => html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);

/** How many app shells with their Open Graph tags are kept (one per address and language); then the oldest goes. */
const appShellsKept = 500;

function loadVariants(siteDir: string, files: Record<Currency, string>, load: (file: string) => StaticFile): Variants {
  return {
    EUR: load(path.join(siteDir, files.EUR)),
    USD: load(path.join(siteDir, files.USD)),
    CHF: load(path.join(siteDir, files.CHF)),
  };
}

/**
 * The built site, read once at start (static-files.ts says why): the prerendered pages
 * in every currency, the not-found pages, the app shell and the client's assets.
 */
export function createPagesService(deps: PagesServiceDeps) {
  const siteDir = path.join(deps.distDir, 'site');
  const clientDir = path.join(deps.distDir, 'client');
  const manifestFile = path.join(siteDir, 'pages.json');
  const built = existsSync(manifestFile);
  if (!built) deps.log.warn(`no built site in ${deps.distDir}: run npm run build`);

  const manifest: PagesManifest | undefined = built ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const loadPage = (file: string) => loadPageFile(file, manifest?.baseUrl, deps.publicUrl);
  const pages = new Map<string, Variants>();
  for (const page of manifest?.pages ?? []) pages.set(page.path, loadVariants(siteDir, page.files, loadPage));
  const notFoundPages = new Map<Language, Variants>();
  for (const [language, files] of Object.entries(manifest?.notFound ?? {})) {
    notFoundPages.set(language as Language, loadVariants(siteDir, files, loadPage));
  }
  const clientFiles = loadStaticTree(clientDir);
  const appShell = clientFiles.get('app.html');
  const renderedAppShell = appShell && withBody(appShell, Buffer.from(renderedShellOf(appShell.body.toString('utf8'))));
  const siteFiles = new Map<string, StaticFile | undefined>([
    ['/sitemap.xml', built ? loadPage(path.join(siteDir, 'sitemap.xml')) : undefined],
    ['/robots.txt', built ? loadPage(path.join(siteDir, 'robots.txt')) : undefined],
  ]);

  // Read from the bodies as they are sent (after loadPageFile's rewriting), so the policy's
  // hashes cannot drift from the pages.
  const servedHtml = [
    ...[...pages.values(), ...notFoundPages.values()].flatMap((variants) => Object.values(variants)),
    ...['app.html', 'admin.html'].flatMap((name) => clientFiles.get(name) ?? []),
    ...(renderedAppShell ? [renderedAppShell] : []),
  ];
  const inlineTexts = (element: 'style' | 'script') => [...new Set(servedHtml.flatMap((file) => inlineTextsOf(file.body.toString('utf8'), element)))];
  const inline = { styles: inlineTexts('style'), scripts: inlineTexts('script') };

  const publicBase = deps.publicUrl.replace(/\/+$/, '');
  // The picture of shared links, as the prerender wrote it (src/site/prerender.ts).
  const ogImage = [...clientFiles.keys()].find((name) => name.startsWith(`assets/${ogImagePrefix}`) && name.endsWith('.png'));
  const appShells = new Map<string, StaticFile>();
  const adminShell = clientFiles.get('admin.html');
  const adminShells = adminShell && forEveryLanguage((language) => withBody(adminShell, Buffer.from(inLanguage(adminShell.body.toString('utf8'), language))));

  return {
    /**
     * The text of every `<style>` element and of every inline `<script>` element the served
     * HTML carries, each once (for the content security policy).
     */
    inlineCode(): { styles: string[]; scripts: string[] } {
      return inline;
    },

    /** The address of every marketing page (`/web/{lang}/…`). */
    pagePaths(): string[] {
      return [...pages.keys()];
    },

    /** Compresses every file served once, in zlib's threads, while the server answers (static-files.ts). */
    precompress(): Promise<void> {
      return precompress([...servedHtml, ...clientFiles.values(), ...Object.values(adminShells ?? {}), ...[...siteFiles.values()].flatMap((file) => file ?? [])]);
    },

    /** The marketing page at this path (`/web/{lang}/…`), prerendered for the currency. */
    findPage(pagePath: string, currency: Currency): StaticFile | undefined {
      return pages.get(pagePath)?.[currency];
    },

    findNotFoundPage(language: Language, currency: Currency): StaticFile | undefined {
      return notFoundPages.get(language)?.[currency];
    },

    /**
     * The single-page app's HTML for an `/app/*` address (its path, without the query): the
     * same shell, in the language the page shows (`<html lang>`), with the Open Graph tags
     * of that address in that language. For a page the server renders (`rendered`), the
     * shell that imports the app after the first paint.
     */
    findAppShell(pagePath: string, language: Language, rendered = false): StaticFile | undefined {
      const shell = rendered ? renderedAppShell : appShell;
      if (!shell) return undefined;
      const key = `${rendered ? 'rendered' : 'shell'} ${language} ${pagePath}`;
      let page = appShells.get(key);
      if (!page) {
        const tags = appOpenGraph({ url: `${publicBase}${pagePath}`, language, image: ogImage && `${publicBase}/${ogImage}` });
        page = withBody(shell, Buffer.from(inLanguage(shell.body.toString('utf8'), language).replace('</head>', `  ${tags}\n  </head>`)));
        if (appShells.size >= appShellsKept) appShells.delete(appShells.keys().next().value as string);
        appShells.set(key, page);
      }
      return page;
    },

    /** The back office's HTML, for every `/app/admin-panel/*` address (a bundle of its own), in the language it shows. */
    findAdminShell(language: Language): StaticFile | undefined {
      return adminShells?.[language];
    },

    /** A file of the built client by its path below `client/`: `assets/…`, `favicon.svg`. */
    findClientFile(name: string): StaticFile | undefined {
      return clientFiles.get(name);
    },

    /** The files the site serves at its root (`/sitemap.xml`, `/robots.txt`); undefined ones are not built. */
    siteFiles(): [string, StaticFile | undefined][] {
      return [...siteFiles];
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
