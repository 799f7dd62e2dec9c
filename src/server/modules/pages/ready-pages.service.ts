import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { cookies, preferenceCookieOptions } from '#shared/cookies.ts';
import { currencies, defaultCurrency, isCurrency, languages, type Currency, type Language } from '#shared/locales.ts';
// Above these the request is left to Fastify, whose checks refuse it.
import { maxHeaderBytes, maxUrlLength } from '#server/plugins/errors.ts';
import type { PagesService } from './pages.service.ts';
import { compressedOf, canCompress, type StaticFile } from './static-files.ts';

/**
 * Marketing pages as ready answers (docs/decisions/047-pages-as-ready-answers.md): for
 * each page, currency and encoding the status line's headers are made once, at start, and
 * the compressed bodies are made once (in the background after start, or at the first
 * request that needs one). A request then only picks the variant by its cookies and
 * Accept-Encoding, and decides whether to set the locale cookie.
 *
 * The connection front answers page requests with this from a connection's bytes
 * (src/server/http/ready-connections.ts); on a connection it has handed to Node's server,
 * the server answers them with this before Fastify sees them (src/server/app.ts),
 * as every hook of Fastify's would only add what is fixed here for every page: the security
 * headers, the cache headers, the request id. Anything else under /web/ (an unknown page,
 * an address too long, headers too large, no Host) goes to Fastify's route as before, which
 * answers a known page through this same code.
 */

/** Fastify's route pattern of the marketing pages, under which the metrics count them. */
export const pageRoute = '/web/*';

const htmlCache = 'no-cache';

type Encoding = 'br' | 'gzip' | 'identity';
/** Headers as name, value, name, value … (as Node's `writeHead` takes them). */
export type HeaderList = string[];

interface ReadyVariant {
  file: StaticFile;
  body(encoding: Encoding): Buffer;
  /** Headers of a 200 per encoding, and of a 304, as name, value, name, value … */
  ok: Record<Encoding, HeaderList>;
  notModified: HeaderList;
}

export interface ReadyPagesOptions {
  pages: PagesService;
  /** The headers every answer carries (src/server/plugins/security-headers.ts), without HSTS. */
  securityHeaders: Record<string, string>;
  /** Whether this request reached the shop over https (HSTS then); `forwardedProto` is its X-Forwarded-Proto. */
  isHttps(request: Pick<PageRequest, 'socket'>, forwardedProto: string | undefined): boolean;
  secureCookies: boolean;
  /** Told of each answer sent before Fastify, as Fastify's hooks are for the others. */
  answered?: ((method: string, status: number, seconds: number, requestId: string) => void) | undefined;
}

/** What a page's answer is chosen from: Node's request, or the head the connection front read. */
export type PageRequest = Pick<IncomingMessage, 'method' | 'url' | 'httpVersion' | 'rawHeaders' | 'socket'>;

/** A page's answer: its status, its headers (those made once, then this request's own) and its body (none for HEAD and 304). */
export interface PageAnswer {
  status: 200 | 304;
  /** Made once per page, currency and encoding: the same list each time, which the front keeps as text. */
  fixed: HeaderList;
  perRequest: HeaderList;
  body: Buffer | undefined;
  id: string;
  /** When the request was read (performance.now()), for the time the log gives. */
  started: number;
}

/** `/web/en-US/trainings/` and `/web/en-US/trainings` are one page; the home keeps its slash. */
export function normalizePagePath(url: string): string {
  // Most addresses have neither a query nor a trailing slash: they are their own path.
  if (!url.endsWith('/') && !url.includes('?')) return url;
  const end = url.indexOf('?');
  const pathname = end === -1 ? url : url.slice(0, end);
  return pathname.length > 1 && pathname.endsWith('/') && pathname.split('/').length > 4 ? pathname.slice(0, -1) : pathname;
}

/** The `{lang}` of a marketing page's address (`/web/{lang}/…`), when it is one of ours. */
export function languageOfSitePath(url: string): Language | undefined {
  const segment = url.split('/')[2];
  return languages.find((language) => language === segment);
}

function headerList(headers: OutgoingHttpHeaders): HeaderList {
  return Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [name, String(value)]));
}

function encodingOf(accepted: string | undefined): Encoding {
  if (accepted === undefined) return 'identity';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** What a page answer depends on, read in one pass over the raw header lines (no header object is made). */
interface PageRequestHeaders {
  host: boolean;
  cookie: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  forwardedProto: string | undefined;
  /** The size of the header lines, as the check of src/server/plugins/errors.ts counts it. */
  bytes: number;
}

/** The header lines read, by their lower-case names; Node's `request.headers` joins a repeated `cookie` with "; ", these others with ", ". */
const readHeaders = new Map<string, { field: 'cookie' | 'ifNoneMatch' | 'acceptEncoding' | 'forwardedProto'; separator: string }>([
  ['cookie', { field: 'cookie', separator: '; ' }],
  ['if-none-match', { field: 'ifNoneMatch', separator: ', ' }],
  ['accept-encoding', { field: 'acceptEncoding', separator: ', ' }],
  ['x-forwarded-proto', { field: 'forwardedProto', separator: ', ' }],
]);
/** The lengths of those names and of `host`: other lines are only counted. */
const readLengths = new Set([4, ...[...readHeaders.keys()].map((name) => name.length)]);

/** The headers of a request before any value is read: the two readers below fill them in. */
const headersUnread = (host: boolean, bytes: number): PageRequestHeaders => ({
  host,
  cookie: undefined,
  ifNoneMatch: undefined,
  acceptEncoding: undefined,
  forwardedProto: undefined,
  bytes,
});

function pageRequestHeaders(raw: string[]): PageRequestHeaders {
  const headers = headersUnread(false, 0);
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    const value = raw[index + 1] ?? '';
    headers.bytes += name.length + value.length + 4;
    if (!readLengths.has(name.length)) continue;
    const lowerCase = name.toLowerCase();
    if (lowerCase === 'host') headers.host = true;
    const read = readHeaders.get(lowerCase);
    if (read) headers[read.field] = headers[read.field] === undefined ? value : `${headers[read.field]}${read.separator}${value}`;
  }
  return headers;
}

/**
 * The headers the connection front reads for the pages (src/server/http/ready-connections.ts):
 * those above, whose values `PageHead.values` has in this order. It answers only heads with one Host.
 */
export const frontReadHeaders = [...readHeaders].map(([name, { separator }]) => ({ name, separator }));
const frontFields = [...readHeaders.values()].map(({ field }) => field);

/** A request head as the connection front read it. */
export interface PageHead extends Omit<PageRequest, 'rawHeaders'> {
  values: (string | undefined)[];
  headBytes: number;
}

// The head's size stands for the header lines' own: never less, and the front answers no head over the limit anyway.
function frontHeaders({ values, headBytes }: PageHead): PageRequestHeaders {
  const headers = headersUnread(true, headBytes);
  for (let index = 0; index < frontFields.length; index++) headers[frontFields[index]!] = values[index];
  return headers;
}

export function createReadyPages(options: ReadyPagesOptions) {
  const { pages, securityHeaders } = options;
  /** Each page's variants by currency, and its language (whose cookie the page sets). */
  const pageOf = new Map<string, { variants: Record<Currency, ReadyVariant>; language: Language | undefined }>();
  const ready = (file: StaticFile): ReadyVariant => {
    const compress = canCompress(file);
    const common = {
      ...securityHeaders,
      'content-type': file.contentType,
      'cache-control': htmlCache,
      etag: file.etag,
      vary: compress ? 'cookie, accept-encoding' : 'cookie',
    };
    const body = (encoding: Encoding) => (encoding === 'identity' || !compress ? file.body : compressedOf(file)[encoding]);
    const ok = (encoding: Encoding): HeaderList =>
      headerList({ ...common, ...(encoding !== 'identity' && compress ? { 'content-encoding': encoding } : {}), 'content-length': body(encoding).length });
    // The lengths of compressed bodies are known once they are made: the lists are made on first use.
    const lists: Partial<Record<Encoding, HeaderList>> = { identity: ok('identity') };
    return {
      file,
      body,
      ok: {
        get br() {
          return (lists.br ??= ok('br'));
        },
        get gzip() {
          return (lists.gzip ??= ok('gzip'));
        },
        identity: lists.identity!,
      },
      notModified: headerList(common),
    };
  };
  for (const pagePath of pages.pagePaths()) {
    const variants = Object.fromEntries(currencies.map((currency) => [currency, ready(pages.findPage(pagePath, currency)!)])) as Record<Currency, ReadyVariant>;
    pageOf.set(pagePath, { variants, language: languageOfSitePath(pagePath) });
  }
  const localeCookie = new Map(
    languages.map((language) => [
      language,
      fastifyCookie.serialize(cookies.locale.name, language, preferenceCookieOptions(cookies.locale, options.secureCookies)),
    ]),
  );

  /** The answer to a GET or HEAD of a known page; undefined for any other request. */
  function choose<Request extends Omit<PageRequest, 'rawHeaders'>>(
    request: Request,
    headersOf: (request: Request) => PageRequestHeaders,
    requestId: string | undefined,
  ): PageAnswer | undefined {
    const url = request.url ?? '';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.length > maxUrlLength || !url.startsWith('/web/')) return undefined;
    const page = pageOf.get(normalizePagePath(url));
    if (!page) return undefined;
    const started = performance.now();
    const headers = headersOf(request);
    if ((!headers.host && request.httpVersion === '1.1') || headers.bytes > maxHeaderBytes) return undefined;

    const sent = headers.cookie ? fastifyCookie.parse(headers.cookie) : undefined;
    const currency = sent?.[cookies.currency.name];
    const variant = page.variants[isCurrency(currency) ? currency : defaultCurrency];
    // The page's language becomes the visitor's (the `locale` cookie), set with the page itself.
    const setLocale = page.language !== undefined && sent?.[cookies.locale.name] !== page.language ? localeCookie.get(page.language) : undefined;

    const notModified = headers.ifNoneMatch === variant.file.etag;
    const encoding = notModified ? 'identity' : encodingOf(headers.acceptEncoding);
    const id = requestId ?? randomUUID();
    const perRequest = ['x-request-id', id];
    if (setLocale) perRequest.push('set-cookie', setLocale);
    if (options.isHttps(request, headers.forwardedProto)) perRequest.push('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return {
      status: notModified ? 304 : 200,
      fixed: notModified ? variant.notModified : variant.ok[encoding],
      perRequest,
      body: notModified || request.method === 'HEAD' ? undefined : variant.body(encoding),
      id,
      started,
    };
  }

  const told = (request: Pick<PageRequest, 'method'>, answer: PageAnswer) =>
    options.answered?.(request.method ?? 'GET', answer.status, (performance.now() - answer.started) / 1000, answer.id);

  return {
    /**
     * Answers a GET or HEAD of a known marketing page, with `requestId` (Fastify's when it
     * calls this) or one of its own; false, having sent nothing, for any other request.
     */
    answer(request: IncomingMessage, response: ServerResponse, requestId?: string): boolean {
      const answer = choose(request, (node) => pageRequestHeaders(node.rawHeaders), requestId);
      if (!answer) return false;
      response.writeHead(answer.status, answer.fixed.concat(answer.perRequest));
      response.end(answer.body);
      told(request, answer);
      return true;
    },

    /**
     * The answer to a request head read by the connection front (src/server/http/ready-connections.ts),
     * which writes it; undefined for any other request, which the front leaves to Node's HTTP server.
     */
    answerHead(head: PageHead): PageAnswer | undefined {
      const answer = choose(head, frontHeaders, undefined);
      if (answer) told(head, answer);
      return answer;
    },
  };
}

export type ReadyPages = ReturnType<typeof createReadyPages>;
