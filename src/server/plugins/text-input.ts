import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * A NUL character, or half of a UTF-16 surrogate pair: neither can be stored by PostgreSQL
 * as text (nor encoded as UTF-8), and no form has a use for them.
 */
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A key on the way down to a value, linked to its parent's: the path is built only for a hit. */
interface PathStep {
  key: string;
  parent: PathStep | undefined;
}

const pathOf = (step: PathStep | undefined): string[] => {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.unshift(at.key);
  return keys;
};

/**
 * The path of the first string below `value` that cannot be stored, if any. An explicit
 * stack instead of recursion, and each key visited once, so the walk costs as much as the
 * value is large, whatever its shape (JSON bodies are also limited in depth before they
 * get here: src/server/plugins/json-body.ts).
 */
function firstUnstorable(value: unknown): string[] | undefined {
  const stack: { value: unknown; step: PathStep | undefined }[] = [{ value, step: undefined }];
  while (stack.length > 0) {
    const { value: current, step } = stack.pop()!;
    if (step && unstorable.test(step.key)) return pathOf(step);
    if (typeof current === 'string') {
      if (unstorable.test(current)) return pathOf(step);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Pushed in reverse, so fields are checked in the order they were sent.
    const entries = Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, step: { key, parent: step } });
    }
  }
  return undefined;
}

/**
 * Refuses, before any route's schema or service sees it, text the database cannot store:
 * in the body, the query or the path, as a field error (`invalidCharacters`) at the
 * field it concerns. Without it such text reaches the database and fails there.
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  // A callback, not an async function: every request passes here, without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = firstUnstorable(part);
      if (path) {
        done(AppError.field(path.join('.'), 'invalidCharacters', 'error.invalidCharacters'));
        return;
      }
    }
    done();
  });
}
