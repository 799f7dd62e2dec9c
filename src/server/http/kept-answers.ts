import type { FastifySerializerCompiler } from 'fastify';

/**
 * The JSON of answers that cannot change: an answer a service froze all the way down
 * (`frozenAnswer`) is the same bytes every time a route sends it, so each route checks it
 * against its schema and writes it once, then sends it as it was written. The cart views
 * kept by their row's version are such answers (src/server/modules/cart/cart.service.ts):
 * every page a visitor opens asks for their cart, mostly unchanged
 * (docs/decisions/078-cart-calls-lean-per-request.md). Each route keeps its JSON in a weak
 * map: the JSON goes with the answer it was written from.
 */

/** A frozen answer on its way to the route's serializer, with how it is written (its `Money` in major units). */
export class FrozenAnswer {
  constructor(
    readonly answer: object,
    readonly toWrite: () => unknown,
  ) {}
}

/** A frozen answer as a `FrozenAnswer`; undefined for anything else, which is written every time. */
export function frozenAnswerOf(payload: unknown, toWrite: () => unknown): FrozenAnswer | undefined {
  if (payload === null || typeof payload !== 'object' || !Object.isFrozen(payload)) return undefined;
  return new FrozenAnswer(payload, toWrite);
}

/** `value` frozen all the way down: an answer whose JSON may be kept. */
export function frozenAnswer<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozenAnswer(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * The serializer compiler of every route (`compile`: the Zod schemas' own, which checks the
 * answer and writes it), which keeps, per route, the JSON of the frozen answers it wrote.
 */
export function keepingFrozenAnswers<T>(compile: FastifySerializerCompiler<T>): FastifySerializerCompiler<T> {
  return (route) => {
    const serialize = compile(route);
    const kept = new WeakMap<object, string>();
    return (data: unknown) => {
      if (!(data instanceof FrozenAnswer)) return serialize(data);
      let json = kept.get(data.answer);
      if (json === undefined) {
        json = serialize(data.toWrite());
        kept.set(data.answer, json);
      }
      return json;
    };
  };
}
