import type { FastifyRequest } from 'fastify';
import { cookies } from '#shared/cookies.ts';
import { languageFromAcceptLanguage } from '#shared/accept-language.ts';
import { defaultLanguage, isLanguage, type Language } from '#shared/locales.ts';

/**
 * The language a request is answered in: an explicit `language`/`lang` query
 * parameter, then the `locale` cookie, then Accept-Language, else en-US.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.language ?? query?.lang;
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = request.cookies?.[cookies.locale.name];
  if (isLanguage(fromCookie)) return fromCookie;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? defaultLanguage;
}
