import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '#server/http/language.ts';
import { sendError } from '#server/plugins/errors.ts';
import { isAppPage } from '#shared/app-routes.ts';
import { AppError } from '#shared/errors.ts';
import {
  defaultCurrency,
  isCurrency,
  isLanguage,
  type Currency,
  type Language,
} from '#shared/locales.ts';
import { loadStaticFile, loadStaticTree, sendStaticFile, withBody, type StaticFile } from './static-files.ts';
import { cookies } from '#shared/cookies.ts';

/** The prerender's manifest (src/site/prerender.ts writes it). */
interface PagesManifest {
  baseUrl: string;
  pages: { path: string; language: Language; files: Record<Currency, string> }[];
  notFound: Record<Language, Record<Currency, string>>;
}

type Variants = Record<Currency, StaticFile>;

export interface SiteOptions {
  /** The build output: `client/` (vite) and `site/` (prerender). */
  distDir: string;
  /** The address visitors use; absolute links in the pages follow it (see loadPageFile). */
  publicUrl: string;
}

const htmlCache = 'no-cache';
const assetCache = 'public, max-age=31536000, immutable';

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

function loadVariants(siteDir: string, files: Record<Currency, string>, load: (file: string) => StaticFile): Variants {
  return {
    EUR: load(path.join(siteDir, files.EUR)),
    USD: load(path.join(siteDir, files.USD)),
    CHF: load(path.join(siteDir, files.CHF)),
  };
}

function selectedCurrency(request: FastifyRequest): Currency {
  const fromCookie = request.cookies[cookies.currency.name];
  return isCurrency(fromCookie) ? fromCookie : defaultCurrency;
}

/** `/web/en-US/trainings/` and `/web/en-US/trainings` are one page; the home keeps its slash. */
function normalizePagePath(url: string): string {
  const pathname = url.split('?')[0] ?? url;
  return pathname.length > 1 && pathname.endsWith('/') && pathname.split('/').length > 4 ? pathname.slice(0, -1) : pathname;
}

/**
 * Marketing pages (`/web/{lang}/…`), the single-page app (`/app/*`), built assets, and
 * the redirects of DESIGN.md §1.
 */
export function registerSiteRoutes(app: FastifyInstance, options: SiteOptions): { sendNotFoundPage: sendNotFound } {
  const siteDir = path.join(options.distDir, 'site');
  const clientDir = path.join(options.distDir, 'client');
  const manifestFile = path.join(siteDir, 'pages.json');
  const built = existsSync(manifestFile);
  if (!built) app.log.warn(`no built site in ${options.distDir}: run npm run build`);

  const manifest: PagesManifest | undefined = built ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  const loadPage = (file: string) => loadPageFile(file, manifest?.baseUrl, options.publicUrl);
  const pages = new Map<string, Variants>();
  for (const page of manifest?.pages ?? []) pages.set(page.path, loadVariants(siteDir, page.files, loadPage));
  const notFoundPages = new Map<Language, Variants>();
  for (const [language, files] of Object.entries(manifest?.notFound ?? {})) {
    notFoundPages.set(language as Language, loadVariants(siteDir, files, loadPage));
  }
  const clientFiles = loadStaticTree(clientDir);
  const appShell = clientFiles.get('app.html');
  const siteFiles = new Map<string, StaticFile | undefined>([
    ['/sitemap.xml', built ? loadPage(path.join(siteDir, 'sitemap.xml')) : undefined],
    ['/robots.txt', built ? loadPage(path.join(siteDir, 'robots.txt')) : undefined],
  ]);

  const sendNotFoundPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const fromPath = request.url.split('/')[2];
    const language = isLanguage(fromPath) ? fromPath : requestLanguage(request);
    const variants = notFoundPages.get(language);
    if (!variants) return sendError(reply, new AppError('notFound'));
    return sendStaticFile(request, reply, variants[selectedCurrency(request)], {
      cacheControl: htmlCache,
      status: 404,
      vary: 'cookie',
    });
  };

  app.get('/', async (request, reply) => {
    const language = isLanguage(request.cookies[cookies.locale.name])
      ? request.cookies[cookies.locale.name]
      : requestLanguage(request);
    return reply.header('cache-control', 'no-store').redirect(`/web/${language}/`, 302);
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const variants = pages.get(normalizePagePath(request.url));
    if (!variants) return sendNotFoundPage(request, reply);
    return sendStaticFile(request, reply, variants[selectedCurrency(request)], { cacheControl: htmlCache, vary: 'cookie' });
  };

  // `/web/en-US` and `/web/en-US/` both reach this route (trailing slashes are ignored by
  // the router): the home page lives at the second, the first is sent there.
  app.get('/web/:language', async (request, reply) => {
    const { language } = request.params as { language: string };
    if (!isLanguage(language)) return sendNotFoundPage(request, reply);
    if (!(request.url.split('?')[0] ?? '').endsWith('/')) return reply.redirect(`/web/${language}/`, 301);
    return sendPage(request, reply);
  });

  app.get('/web/*', async (request, reply) => sendPage(request, reply));

  const sendAppShell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!appShell) return sendError(reply, new AppError('unavailable'));
    // An address the app has no page for gets the same shell (it shows the not-found page) with 404.
    return sendStaticFile(request, reply, appShell, { cacheControl: htmlCache, status: isAppPage(request.url) ? 200 : 404 });
  };
  app.get('/app', sendAppShell);
  app.get('/app/*', sendAppShell);

  app.get('/admin-panel', async (request, reply) => reply.redirect(`/app${request.url}`, 301));
  app.get('/admin-panel/*', async (request, reply) => reply.redirect(`/app${request.url}`, 301));

  app.get('/assets/*', async (request, reply) => {
    const file = clientFiles.get(normalizePagePath(request.url).slice(1));
    if (!file) return sendError(reply, new AppError('notFound'));
    return sendStaticFile(request, reply, file, { cacheControl: assetCache });
  });

  for (const [route, file] of siteFiles) {
    app.get(route, async (request, reply) =>
      file ? sendStaticFile(request, reply, file, { cacheControl: 'public, max-age=3600' }) : sendError(reply, new AppError('notFound')),
    );
  }

  for (const name of ['favicon.svg', 'favicon.ico']) {
    app.get(`/${name}`, async (request, reply) => {
      const file = clientFiles.get('favicon.svg');
      return file ? sendStaticFile(request, reply, file, { cacheControl: 'public, max-age=86400' }) : sendError(reply, new AppError('notFound'));
    });
  }

  return { sendNotFoundPage };
}

type sendNotFound = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
