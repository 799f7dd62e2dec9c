import type { z } from 'zod';

/**
 * One JSON call of the API as data (method and path, typed by its schemas), how a caller
 * fills it in, and the address it makes. The calls themselves are listed by area:
 * `endpoints.ts` has them all, `cart-endpoints.ts` the cart's, which the marketing pages'
 * widgets use without carrying the back office's list.
 */
interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
}

export interface Endpoint<S extends Schemas = Schemas> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Never set: carries the schemas' types. */
  readonly schemas?: S;
}

export const get = <S extends Schemas>(path: string): Endpoint<S> => ({ method: 'GET', path });
export const post = <S extends Schemas>(path: string): Endpoint<S> => ({ method: 'POST', path });
export const put = <S extends Schemas>(path: string): Endpoint<S> => ({ method: 'PUT', path });
export const del = <S extends Schemas>(path: string): Endpoint<S> => ({ method: 'DELETE', path });


type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
type Input<E, K extends 'params' | 'query' | 'body'> = SchemasOf<E>[K] extends z.ZodType ? z.input<SchemasOf<E>[K]> : never;

/** What a caller gives for an endpoint: `params` and `body` where it has them, `query` if it takes one. */
export type CallInput<E extends Endpoint> = (SchemasOf<E>['params'] extends z.ZodType ? { params: Input<E, 'params'> } : { params?: never }) &
  (SchemasOf<E>['query'] extends z.ZodType ? { query?: Input<E, 'query'> } : { query?: never }) &
  (SchemasOf<E>['body'] extends z.ZodType ? { body: Input<E, 'body'> } : { body?: never });

/** What an endpoint answers. */
export type Answer<E extends Endpoint> = z.output<SchemasOf<E>['answer']>;

/** `/orders/:orderId/detail` with `{ orderId }` and `{ language }` → `/orders/…/detail?language=de-CH`. */
export function urlOf(endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)])).toString()}`;
}
