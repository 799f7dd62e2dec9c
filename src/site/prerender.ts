/**
 * Build step after `vite build`: writes every marketing page, in both languages and once per
 * currency, to dist/site, with pages.json (read by the server), sitemap.xml and robots.txt.
 * Run: `tsx src/site/prerender.ts` (part of `npm run build`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CatalogProduct } from '#shared/catalog.ts';
import { currencies, defaultLanguage, languages, type Currency, type Language } from '#shared/locales.ts';
import { pageAssetsFromManifest, readManifest, type PageAssets, type ViteManifest } from './assets.ts';
import { budgets, measurePage, measureSpaFirstVisit, type PageWeight } from './budget.ts';
import { renderPage } from './render-page.tsx';
import { ogImagePrefix, sitePages, sitePath } from '#shared/paths.ts';
import { pageFile, publicBaseUrl, type RenderedPageId } from './site-paths.ts';
import { buildRobotsTxt, buildSitemap } from './sitemap.ts';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');

/** The contract with the server (src/server reads exactly this shape). */
export interface PagesJson {
  /** The PUBLIC_URL the absolute links (canonical, hreflang, sitemap) were written with. */
  baseUrl: string;
  pages: { path: string; language: Language; files: Record<Currency, string> }[];
  notFound: Record<Language, Record<Currency, string>>;
}

export interface PrerenderOptions {
  /** Output folder, default dist/site. Emptied first. */
  outDir?: string;
  /** The client build (dist/client): its manifest and stylesheets are read, the favicon written to its assets. */
  clientDir?: string;
  /** Use this manifest instead of reading `<clientDir>/.vite/manifest.json`. */
  manifest?: ViteManifest;
  baseUrl?: string;
  products?: CatalogProduct[];
  year?: number;
}

export interface PrerenderResult {
  outDir: string;
  pagesJson: PagesJson;
  /** Every written file, relative to outDir → content. */
  files: Map<string, string>;
  manifest: ViteManifest;
}

function perCurrency(make: (currency: Currency) => string): Record<Currency, string> {
  return Object.fromEntries(currencies.map((currency) => [currency, make(currency)])) as Record<Currency, string>;
}

/** Writes the favicon beside the client assets under a content hash, as vite would, and as /favicon.svg. */
function writeFavicon(clientDir: string): string {
  const svg = readFileSync(join(here, 'favicon.svg'));
  const name = `favicon-${createHash('sha256').update(svg).digest('base64url').slice(0, 8)}.svg`;
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', name), svg);
  // Also at the well-known address, which browsers ask for by themselves and the app's shell links to.
  writeFileSync(join(clientDir, 'favicon.svg'), svg);
  return `/assets/${name}`;
}

/**
 * Writes the picture of shared links (Open Graph) beside the client assets under a content
 * hash: the marketing pages name it in their head, the server names it in the app's
 * (pages.service.ts finds it by its name).
 */
function writeOgImage(clientDir: string): string {
  const png = readFileSync(join(here, 'og-image.png'));
  const name = `${ogImagePrefix}${createHash('sha256').update(png).digest('base64url').slice(0, 8)}.png`;
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets', name), png);
  return `/assets/${name}`;
}

export function prerenderSite(options: PrerenderOptions = {}): PrerenderResult {
  const outDir = resolve(options.outDir ?? join(projectRoot, 'dist/site'));
  const clientDir = resolve(options.clientDir ?? join(projectRoot, 'dist/client'));
  const manifest = options.manifest ?? readManifest(join(clientDir, '.vite/manifest.json'));
  const assets: PageAssets = { ...pageAssetsFromManifest(manifest, clientDir), favicon: writeFavicon(clientDir), ogImage: writeOgImage(clientDir) };
  const baseUrl = options.baseUrl ?? publicBaseUrl();
  const files = new Map<string, string>();

  const render = (page: RenderedPageId, lang: Language, currency: Currency) => {
    const file = pageFile(lang, page, currency);
    files.set(
      file,
      renderPage({ page, lang, currency, assets, baseUrl, products: options.products, year: options.year }),
    );
    return file;
  };

  const pagesJson: PagesJson = {
    baseUrl,
    pages: sitePages.flatMap((page) =>
      languages.map((language) => ({
        path: sitePath(language, page),
        language,
        files: perCurrency((currency) => render(page, language, currency)),
      })),
    ),
    notFound: Object.fromEntries(
      languages.map((language) => [language, perCurrency((currency) => render('not-found', language, currency))]),
    ) as PagesJson['notFound'],
  };
  files.set('pages.json', `${JSON.stringify(pagesJson, null, 2)}\n`);
  files.set('sitemap.xml', buildSitemap(baseUrl));
  files.set('robots.txt', buildRobotsTxt(baseUrl));

  rmSync(outDir, { recursive: true, force: true });
  for (const [file, content] of files) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), content);
  }
  return { outDir, pagesJson, files, manifest };
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Prints the gzip weight of each page kind and returns the pages over budget. */
function reportBudgets(result: PrerenderResult, clientDir: string): string[] {
  const over: string[] = [];
  for (const entry of result.pagesJson.pages.filter((page) => page.language === defaultLanguage)) {
    const weight: PageWeight = measurePage(result.files.get(entry.files.EUR)!, result.manifest, clientDir);
    console.log(
      `  ${entry.path.padEnd(28)} JS ${formatKb(weight.js).padStart(9)} (${formatKb(weight.jsFirst)} first)   CSS ${formatKb(weight.css).padStart(8)} (gzip)`,
    );
    if (weight.js > budgets.js) over.push(`${entry.path}: JS ${formatKb(weight.js)} > ${formatKb(budgets.js)}`);
    if (weight.jsFirst > budgets.jsFirst) {
      over.push(`${entry.path}: JS loaded first ${formatKb(weight.jsFirst)} > ${formatKb(budgets.jsFirst)}`);
    }
    if (weight.css > budgets.css) over.push(`${entry.path}: CSS ${formatKb(weight.css)} > ${formatKb(budgets.css)}`);
  }
  return over;
}

/**
 * Prints what a first visit of the shop's app and of the back office downloads in the
 * default language before it renders (budget.ts): one language's catalogue of one
 * audience (docs/decisions/031-catalogues-per-language.md).
 */
function reportSpaWeights(result: PrerenderResult, clientDir: string): void {
  const spas = [
    { name: 'shop app', entry: 'app.html', catalogue: `${defaultLanguage}/app.catalogue.ts` },
    { name: 'back office', entry: 'admin.html', catalogue: `${defaultLanguage}/back-office.catalogue.ts` },
  ];
  for (const spa of spas) {
    const weight = measureSpaFirstVisit(result.manifest, clientDir, spa.entry, spa.catalogue);
    console.log(
      `  ${`${spa.name}, ${defaultLanguage}`.padEnd(28)} JS ${formatKb(weight.gzip).padStart(9)} (${formatKb(weight.raw)} raw) before its first render, of it the catalogue ${formatKb(weight.catalogue.gzip)} (${formatKb(weight.catalogue.raw)} raw) (gzip)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const clientDir = join(projectRoot, 'dist/client');
  const result = prerenderSite({ clientDir });
  const pageCount = [...result.files.keys()].filter((file) => file.endsWith('.html')).length;
  console.log(`prerendered ${pageCount} HTML files to ${result.outDir}`);
  reportSpaWeights(result, clientDir);
  const over = reportBudgets(result, clientDir);
  if (over.length > 0) {
    console.error(`over budget:\n  ${over.join('\n  ')}`);
    process.exitCode = 1;
  }
}
