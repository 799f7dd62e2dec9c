import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * A NUL character, or half of a UTF-16 surrogate pair: neither can be stored by PostgreSQL
 * as text (nor encoded as UTF-8), and no form has a use for them.
 */
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string below `value` that cannot be stored, if any. */
function firstUnstorable(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return unstorable.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (unstorable.test(key)) return [...path, key];
    const found = firstUnstorable(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses, before any route's schema or service sees it, text the database cannot store:
 * in the body, the query or the path, as a field error (`invalidCharacters`) at the
 * field it concerns. Without it such text reaches the database and fails there.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = firstUnstorable(part, []);
      if (path) throw AppError.field(path.join('.'), 'invalidCharacters', 'error.invalidCharacters');
    }
  });
}
