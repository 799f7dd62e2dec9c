import { urlOf, type Answer, type Call, type CallInput } from '#shared/contract.ts';
import { xsrfCalls } from '#shared/contract/xsrf.ts';
import { cookies, xsrfHeader } from '#shared/cookies.ts';
import type { ErrorBody } from '#shared/errors.ts';
import type { Language } from '#shared/locales.ts';
import { apiBase } from '#shared/paths.ts';
import { readCookie } from './cookies.ts';

/**
 * The one way the browser calls the API: `callApi(cartCalls.cart, { params, query })`, with
 * a call of the API contract (src/shared/contract/).
 * JSON both ways; POST/PUT/DELETE carry the anti-forgery header, taken from the
 * XSRF-TOKEN cookie or fetched first when the cookie is missing. An error answer is
 * thrown as an ApiError with the body the server sent (docs/product/api-conventions.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error?.code ?? (body.errors ? 'validation' : `HTTP ${status}`));
    this.name = 'ApiError';
  }

  /** The answer's field errors (400), by dotted path. */
  get fieldErrors(): NonNullable<ErrorBody['errors']> {
    return this.body.errors ?? [];
  }

  /** A 403 or 404: what was asked for is not there (or not the caller's). */
  get isGone(): boolean {
    return this.status === 403 || this.status === 404;
  }

  messageIn(language: Language): string | undefined {
    return this.body.error?.messagesByLanguage[language];
  }
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function xsrfToken(refresh: boolean): Promise<string> {
  const fromCookie = refresh ? undefined : readCookie(cookies.xsrfToken);
  if (fromCookie) return fromCookie;
  const response = await fetch(`${apiBase}${urlOf(xsrfCalls.token)}`, { credentials: 'same-origin' });
  const { token } = (await response.json()) as { token: string };
  return token;
}

async function send(method: string, url: string, body: unknown, refreshToken: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (unsafe.has(method)) headers[xsrfHeader] = await xsrfToken(refreshToken);
  return fetch(`${apiBase}${url}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function callApi<C extends Call>(
  call: C,
  // The input may be left out when the call takes none.
  ...[input]: Record<string, never> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<Answer<C>> {
  const { method } = call;
  const url = urlOf(call, input ?? {});
  const body = input?.body;
  let response = await send(method, url, body, false);
  if (response.status === 403 && unsafe.has(method)) {
    // The token may have been issued before a cookie was cleared: fetch a fresh one once.
    const errorBody = (await response.clone().json().catch(() => ({}))) as ErrorBody;
    if (errorBody.error?.code === 'xsrf') response = await send(method, url, body, true);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as ErrorBody);
  return data as Answer<C>;
}
