import type { Language } from '#shared/locales.ts';
import type { MessagesByLanguage } from '#shared/i18n/messages.ts';
import { cookies, xsrfHeader } from '#shared/cookies.ts';
import { readCookie } from './cookies.ts';

/**
 * The API client of SPEC §7: base path /api, JSON both ways, and for POST/PUT/DELETE the
 * anti-forgery header taken from the XSRF-TOKEN cookie (fetched first via
 * GET /api/xsrf/token when the cookie is missing). An error answer is thrown as an
 * ApiError carrying the body, as the server sent it (DESIGN.md §6).
 */
export interface ApiFieldError {
  field: string;
  code: string;
  messagesByLanguage: MessagesByLanguage;
}

export interface ApiErrorBody {
  errors?: ApiFieldError[];
  error?: { code: string; messagesByLanguage: MessagesByLanguage };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.error?.code ?? (body.errors ? 'validation' : `HTTP ${status}`));
    this.name = 'ApiError';
  }

  /** Field errors by dotted path, in one language, for a form to show under its fields. */
  fieldMessages(language: Language): Record<string, string> {
    return Object.fromEntries((this.body.errors ?? []).map((e) => [e.field, e.messagesByLanguage[language]]));
  }

  messageIn(language: Language): string | undefined {
    return this.body.error?.messagesByLanguage[language];
  }
}

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function xsrfToken(refresh = false): Promise<string> {
  const fromCookie = refresh ? undefined : readCookie(cookies.xsrfToken);
  if (fromCookie) return fromCookie;
  const response = await fetch('/api/xsrf/token', { credentials: 'same-origin' });
  const { token } = (await response.json()) as { token: string };
  return token;
}

async function send(method: string, path: string, body: unknown, refreshToken: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (unsafe.has(method)) headers[xsrfHeader] = await xsrfToken(refreshToken);
  return fetch(`/api${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response = await send(method, path, body, false);
  if (response.status === 403 && unsafe.has(method)) {
    // The token may have been issued before a cookie was cleared: fetch a fresh one once.
    const errorBody = (await response.clone().json().catch(() => ({}))) as ApiErrorBody;
    if (errorBody.error?.code === 'xsrf') response = await send(method, path, body, true);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (data ?? {}) as ApiErrorBody);
  return data as T;
}
