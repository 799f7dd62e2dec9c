import type { FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors.ts';

/**
 * How deeply objects and arrays may nest in a JSON body. Our deepest form (the checkout's
 * addresses inside the order) needs four levels; the rest is room to grow. Without a
 * limit a 16 kB body of brackets makes every recursive walk over the parsed value (ours
 * and the schema validator's) run out of stack.
 */
export const maxJsonDepth = 32;

/**
 * The deepest nesting of objects and arrays in a JSON text, or `limit + 1` as soon as it
 * goes beyond `limit`. One pass over the characters, skipping the inside of strings, so
 * the cost grows with the length of the body and never with its shape.
 */
export function jsonNestingDepth(text: string, limit = maxJsonDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Replaces the JSON body parser by one that first refuses bodies nested deeper than
 * `maxJsonDepth` (400 `nestedTooDeeply`), then parses as Fastify does, with its guard
 * against `__proto__` and `constructor.prototype` keys.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonNestingDepth(text) > maxJsonDepth) {
      done(new AppError('nestedTooDeeply', 'error.nestedTooDeeply', { params: { max: maxJsonDepth } }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
