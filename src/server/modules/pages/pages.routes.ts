import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '#server/http/language.ts';
import { sendError } from '#server/plugins/errors.ts';
import { addressLanguageOf, isAppPage } from '#shared/app-routes.ts';
import { cookies, preferenceCookieOptions } from '#shared/cookies.ts';
import { apiBase } from '#shared/paths.ts';
import { AppError } from '#shared/errors.ts';
import { defaultCurrency, isCurrency, isLanguage, type Currency, type Language } from '#shared/locales.ts';
import type { PagesService } from './pages.service.ts';
import { languageOfSitePath, normalizePagePath, type ReadyPages } from './ready-pages.service.ts';
import { sendRenderedPage, sendStaticFile } from './static-files.ts';
import { RefusedCall, type AppPages } from './app-pages.service.ts';

const htmlCache = 'no-cache';
/** The app's shells are in the visitor's language, which the locale cookie or else the browser's Accept-Language gives. */
const shellVary = 'cookie, accept-language';
const assetCache = 'public, max-age=31536000, immutable';

/** The visitor's language as the app takes it: the `locale` cookie, else the browser's. */
function chosenLanguage(request: FastifyRequest): Language {
  const fromCookie = request.cookies[cookies.locale.name];
  return isLanguage(fromCookie) ? fromCookie : requestLanguage(request);
}

/** The language an app page shows: the one its address names (a downloadable item's page), else the visitor's. */
const pageLanguage = (request: FastifyRequest): Language => addressLanguageOf(request.url) ?? chosenLanguage(request);

function selectedCurrency(request: FastifyRequest): Currency {
  const fromCookie = request.cookies[cookies.currency.name];
  return isCurrency(fromCookie) ? fromCookie : defaultCurrency;
}

/**
 * Marketing pages (`/web/{lang}/…`), the single-page app (`/app/*`), built assets, and
 * the redirects to them (the root, the old admin-panel addresses).
 */
export function registerSiteRoutes(
  app: FastifyInstance,
  options: { pages: PagesService; readyPages: ReadyPages; appPages: AppPages; secureCookies: boolean },
): { sendNotFoundPage: sendNotFound } {
  const { pages, readyPages, appPages } = options;

  const sendNotFoundPage = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const language = languageOfSitePath(request.url) ?? requestLanguage(request);
    const page = pages.findNotFoundPage(language, selectedCurrency(request));
    if (!page) return sendError(reply, new AppError('notFound'));
    return sendStaticFile(request, reply, page, {
      cacheControl: htmlCache,
      status: 404,
      vary: 'cookie',
    });
  };

  app.get('/', async (request, reply) => {
    const language = chosenLanguage(request);
    return reply.header('cache-control', 'no-store').redirect(`/web/${language}/`, 302);
  });

  // A known page is answered as the server answers it before Fastify (ready-pages.service.ts), which
  // also stores the page's language in the `locale` cookie; this route sees the requests that
  // did not go that way (app.inject in tests, or a request the server leaves to Fastify's checks).
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!readyPages.answer(request.raw, reply.raw, request.id)) return sendNotFoundPage(request, reply);
    return reply.hijack();
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

  // An API call of a page the server renders, answered as the browser would get it: from the
  // visitor's address, with their cookies and language, through the same routes and checks.
  const loadFor = (request: FastifyRequest) => async (apiPath: string) => {
    const answer = await app.inject({
      method: 'GET',
      url: `${apiBase}${apiPath}`,
      remoteAddress: request.ip,
      headers: { cookie: request.headers.cookie ?? '', 'accept-language': request.headers['accept-language'] ?? '' },
    });
    if (answer.statusCode >= 400 && answer.statusCode < 500) throw new RefusedCall(apiPath, answer.statusCode);
    if (answer.statusCode !== 200) throw new Error(`GET ${apiPath} answered ${answer.statusCode}`);
    return answer.json() as unknown;
  };

  const sendAppShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = pageLanguage(request);
    const pagePath = request.url.split('?')[0] ?? request.url;
    const appPage = isAppPage(request.url);
    if (appPage) {
      const rendered = await appPages.render(
        { url: request.url, language, cookieHeader: request.headers.cookie ?? '', load: loadFor(request) },
        () => pages.findAppShell(pagePath, language, true)?.body.toString('utf8'),
      );
      // The visitor's own cart or order: kept by no shared cache, and asked for again each time.
      if (rendered !== undefined) {
        // The currency the page was rendered in (its cart's) becomes the visitor's, as the browser would make it.
        if (rendered.currency !== undefined) {
          reply.setCookie(cookies.currency.name, rendered.currency, preferenceCookieOptions(cookies.currency, options.secureCookies));
        }
        return sendRenderedPage(request, reply, rendered.html, { cacheControl: 'private, no-cache', vary: 'cookie', contentSecurityPolicy: rendered.contentSecurityPolicy });
      }
    }
    const appShell = pages.findAppShell(pagePath, language);
    if (!appShell) return sendError(reply, new AppError('unavailable'));
    // An address the app has no page for gets the same shell (it shows the not-found page) with 404.
    return sendStaticFile(request, reply, appShell, { cacheControl: htmlCache, status: appPage ? 200 : 404, vary: shellVary });
  };
  app.get('/app', sendAppShell);
  app.get('/app/*', sendAppShell);

  // The back office routes itself (its not-found page included); shop visitors never load it.
  const sendAdminShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const adminShell = pages.findAdminShell(chosenLanguage(request));
    if (!adminShell) return sendError(reply, new AppError('unavailable'));
    return sendStaticFile(request, reply, adminShell, { cacheControl: htmlCache, vary: shellVary });
  };
  app.get('/app/admin-panel', sendAdminShell);
  app.get('/app/admin-panel/*', sendAdminShell);

  app.get('/admin-panel', async (request, reply) => reply.redirect(`/app${request.url}`, 301));
  app.get('/admin-panel/*', async (request, reply) => reply.redirect(`/app${request.url}`, 301));

  app.get('/assets/*', async (request, reply) => {
    const file = pages.findClientFile(normalizePagePath(request.url).slice(1));
    if (!file) return sendError(reply, new AppError('notFound'));
    return sendStaticFile(request, reply, file, { cacheControl: assetCache });
  });

  for (const [route, file] of pages.siteFiles()) {
    app.get(route, async (request, reply) =>
      file ? sendStaticFile(request, reply, file, { cacheControl: 'public, max-age=3600' }) : sendError(reply, new AppError('notFound')),
    );
  }

  for (const name of ['favicon.svg', 'favicon.ico']) {
    app.get(`/${name}`, async (request, reply) => {
      const file = pages.findClientFile('favicon.svg');
      return file ? sendStaticFile(request, reply, file, { cacheControl: 'public, max-age=86400' }) : sendError(reply, new AppError('notFound'));
    });
  }

  return { sendNotFoundPage };
}

type sendNotFound = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
