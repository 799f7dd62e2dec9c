import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { StaffRole } from './staff-roles.ts';

/**
 * The API contract (docs/decisions/028-one-api-contract.md). Every call under /api is
 * declared once, as a `Call` in the file of its area in `contract/` (`contract/cart.ts`
 * holds the cart's calls, and so on). From that one entry
 * - the server registers the route (`registerCall`, src/server/http/register-call.ts),
 * - the browser makes the call (`callApi`, src/client/lib/api.ts),
 * - the OpenAPI document describes it (src/server/plugins/api-document.ts),
 * - the component tests' fake API answers it (tests/helpers/fake-api.ts).
 *
 * The browser bundles get only each entry's method and path (vite.config.ts,
 * `contractAddresses`): schemas and the document's texts stay on the server and in tests.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The files the API answers with instead of JSON. */
type FileMediaType = 'text/csv' | 'application/pdf' | 'application/xml' | 'image/svg+xml' | 'image/*' | 'text/html';

/** The answer of a call that sends a file: its media type, and what the file holds (for the document). */
export interface FileAnswer {
  file: FileMediaType;
  description: string;
}

/** The answer of a call that answers 204 without a body. */
export interface NoContent {
  noContent: true;
}
export const noContent: NoContent = { noContent: true };

/** The answer of a call that only ever redirects (303), with where it leads (for the document). */
export interface Redirect {
  redirect: string;
}

/** The groups of calls limited per client address (src/server/plugins/rate-limit.ts). */
export type RateLimitScope = 'mailForms';

interface CallFacts {
  method: Method;
  /** Below /api; `:name` marks a path parameter (`/orders/:orderId/checkout`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON (status 200) checked with a schema, no content (204), a file or a redirect. */
  answer: z.ZodType | NoContent | FileAnswer | Redirect;
  /** A JSON answer sent with 202 Accepted rather than 200 (the work, a mail, happens later). */
  status?: 202;
  /** Where the call sends the caller (303, Location) when it does not give its answer: for the document. */
  redirectsOtherwise?: string;
  /** The document's one line about the call, and more where a caller needs it. */
  summary: string;
  description?: string;
  tags?: readonly string[];
  /** Only where the one made of method and path (src/server/plugins/api-document.ts) would not do. */
  operationId?: string;
  /**
   * `false`: the one write without the anti-forgery header, the newsletter's one-click
   * unsubscribe, which a mail program posts without the visitor's cookies
   * (docs/product/api-conventions.md#anti-forgery-and-captcha).
   */
  xsrf?: false;
  /** Counted against this group's limit per client address (429 beyond it). */
  rateLimit?: RateLimitScope;
  /**
   * What the call's service can refuse that the rest of the entry does not say: `conflict`
   * where the state of a cart or order can refuse it, and so on. The refusals that follow
   * from the entry (validation, not found, staff session, anti-forgery, rate limit) are
   * added by `refusalsOf`.
   */
  refusals?: readonly ErrorCode[];
  /** A larger body than the server's default limit (an uploaded image), in bytes. */
  bodyLimit?: number;
  /** Media types the body may come as besides JSON (only the one-click unsubscribe reads a form). */
  consumes?: readonly string[];
}

/**
 * A staff call: 401 without a staff session, 403 `secondFactorRequired` under
 * STAFF_MFA=required without a second factor (`staff: 'withoutSecondFactor'`: the own
 * account's calls, open without one so that staff can set it up), and 403 `forbidden`
 * for a staff member whose role is below `role` (src/shared/staff-roles.ts), checked by
 * requireStaff (src/server/plugins/staff-session.ts) and recorded in the audit log. A
 * staff call cannot leave its role out: the type asks for it.
 */
interface StaffCall extends CallFacts {
  staff: true | 'withoutSecondFactor';
  /** The least role the call needs: `viewer` (any staff member), `editor` or `admin`. */
  role: StaffRole;
}

/** A call anybody may make. */
interface OpenCall extends CallFacts {
  staff?: undefined;
  role?: undefined;
}

export type Call = StaffCall | OpenCall;

/** A group of calls, the export of a file in `contract/`. */
export type Calls = Record<string, Call>;

export const isNoContent = (answer: Call['answer']): answer is NoContent => 'noContent' in answer;
export const isFileAnswer = (answer: Call['answer']): answer is FileAnswer => 'file' in answer;
export const isRedirect = (answer: Call['answer']): answer is Redirect => 'redirect' in answer;

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request needs the anti-forgery header: every write but the one the contract
 * exempts. A request no call matches (an unknown address) needs it too, so that a write
 * to it is refused before anything else.
 */
export function needsXsrfToken(method: string, call: Pick<Call, 'xsrf'> | undefined): boolean {
  return unsafeMethods.has(method) && call?.xsrf !== false;
}

/**
 * Every error code a call can answer with: the ones that follow from its entry, then the
 * ones its service adds (`refusals`). 500 is never among them: it is always a bug.
 * The API document lists these; the fake API of the component tests refuses the others.
 */
export function refusalsOf(call: Call): ErrorCode[] {
  const refusals: ErrorCode[] = [];
  if (call.body || call.params || call.query) refusals.push('validation');
  if (call.body) refusals.push('malformedJson', 'nestedTooDeeply', 'payloadTooLarge', 'unsupportedMediaType');
  if (call.staff) refusals.push('unauthorized');
  if (call.staff === true) refusals.push('secondFactorRequired');
  if (call.staff && call.role !== 'viewer') refusals.push('forbidden');
  if (needsXsrfToken(call.method, call)) refusals.push('xsrf');
  if (call.params) refusals.push('notFound');
  if (call.rateLimit) refusals.push('tooManyRequests');
  for (const refusal of call.refusals ?? []) if (!refusals.includes(refusal)) refusals.push(refusal);
  return refusals;
}

type Input<C, K extends 'params' | 'query' | 'body'> = C extends { [key in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** What a caller gives for a call: `params` and `body` where it has them, `query` if it takes one. */
export type CallInput<C extends Call> = (C extends { params: z.ZodType } ? { params: Input<C, 'params'> } : { params?: never }) &
  (C extends { query: z.ZodType } ? { query?: Input<C, 'query'> } : { query?: never }) &
  (C extends { body: z.ZodType } ? { body: Input<C, 'body'> } : { body?: never });

/** What a call answers: its JSON, nothing (204), or, for a file or a redirect, nothing a caller reads as JSON. */
export type Answer<C extends Call> = C['answer'] extends z.ZodType ? z.output<C['answer']> : C['answer'] extends NoContent ? undefined : never;

/** The address of a call: `/orders/:orderId/detail` with `{ orderId }` and `{ language }` → `/orders/…/detail?language=de-CH`. */
export function urlOf(call: Pick<Call, 'path'>, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = call.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null);
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)])).toString()}`;
}
