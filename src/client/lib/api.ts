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
 * thrown as an ApiError with the body the server sent (docs/product/api-conventions.md),
 * no answer at all as a NoAnswerError.
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

/**
 * The server could not be reached, or its answer did not arrive (offline, a dropped
 * connection): whether it acted on the call is not known.
 */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super('no answer', { cause });
    this.name = 'NoAnswerError';
  }
}

/**
 * A failure on the server's side (a 5xx) or no answer at all, rather than a refusal of
 * what was sent: the same call may well go through when tried again.
 */
export function isServerFailure(error: unknown): boolean {
  return error instanceof NoAnswerError || (error instanceof ApiError && error.status >= 500);
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Answered {
  status: number;
  ok: boolean;
  data: unknown;
}

/**
 * Fetches and reads the whole answer. An error answer that is not JSON (a proxy's own
 * page when the server is down) counts as one without a body.
 */
async function fetchAnswer(url: string, init: RequestInit): Promise<Answered> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${apiBase}${url}`, { ...init, credentials: 'same-origin' });
    text = await response.text();
  } catch (error) {
    throw new NoAnswerError(error);
  }
  if (response.ok) return { status: response.status, ok: true, data: text ? JSON.parse(text) : undefined };
  let data: unknown = {};
  try {
    data = (text ? JSON.parse(text) : undefined) ?? {};
  } catch {
    // Not the API's error body: the status alone tells what happened.
  }
  return { status: response.status, ok: false, data };
}

async function xsrfToken(refresh: boolean): Promise<string> {
  const fromCookie = refresh ? undefined : readCookie(cookies.xsrfToken);
  if (fromCookie) return fromCookie;
  const answer = await fetchAnswer(urlOf(xsrfCalls.token), {});
  if (!answer.ok) throw new ApiError(answer.status, answer.data as ErrorBody);
  return (answer.data as { token: string }).token;
}

async function send(method: string, url: string, body: unknown, refreshToken: boolean): Promise<Answered> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (unsafe.has(method)) headers[xsrfHeader] = await xsrfToken(refreshToken);
  return fetchAnswer(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function callApi<C extends Call>(
  call: C,
  // The input may be left out when the call takes none.
  ...[input]: Record<string, never> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<Answer<C>> {
  const { method } = call;
  const url = urlOf(call, input ?? {});
  const body = input?.body;
  let answer = await send(method, url, body, false);
  if (answer.status === 403 && unsafe.has(method) && (answer.data as ErrorBody).error?.code === 'xsrf') {
    // The token may have been issued before a cookie was cleared: fetch a fresh one once.
    answer = await send(method, url, body, true);
  }
  if (!answer.ok) throw new ApiError(answer.status, answer.data as ErrorBody);
  return answer.data as Answer<C>;
}
