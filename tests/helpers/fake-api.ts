import { afterEach, beforeEach, vi } from 'vitest';
import { z } from 'zod';
import { isNoContent, needsXsrfToken, refusalsOf, type Answer, type Call } from '#shared/contract.ts';
import { xsrfCalls } from '#shared/contract/xsrf.ts';
import { xsrfHeader } from '#shared/cookies.ts';
import { AppError, type ErrorCode } from '#shared/errors.ts';
import { translateAll, type MessagesByLanguage } from '#shared/i18n/messages.ts';
import { apiBase } from '#shared/paths.ts';
import { errorBodySchema, fieldErrorsBodySchema } from '#shared/schemas/errors.ts';
import { fieldErrorsOf } from '#shared/schemas/validation.ts';
import { contractEntries } from './contract.ts';

/**
 * The API as component tests see it, built from the API contract (src/shared/contract/*.ts).
 * It answers `fetch` by finding the call of the request's method and address, checks the
 * request with the call's schemas (body, anti-forgery header) and the test's answer with
 * the call's answer schema, and refuses an error answer the call cannot give
 * (`refusalsOf`). A request or an answer that does not fit the contract rejects the
 * `fetch` and fails the test after it, saying what does not fit: when a schema changes,
 * the fakes that no longer match it break. Path parameters and a query the call's schemas
 * refuse are answered as the server answers them, 400 with field errors: they come from
 * addresses people type, so a page must cope with them.
 *
 * ```ts
 * const api = installFakeApi();
 * beforeEach(() => api.answer(checkoutCalls.orderDetail, ({ params }) => orderDetail(params.orderId)));
 * it('…', () => { api.answer(checkoutCalls.checkout, refuse('conflict')); … });
 * expect(api.requests(checkoutCalls.checkout)[0]?.body).toMatchObject({ agreeWithLegalTexts: true });
 * ```
 */

type Parsed<C, K extends 'params' | 'query'> = C extends { [key in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
type Sent<C> = C extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;

/**
 * A request the fake received for a call: its path parameters and query as the server
 * reads them, its body as the page sent it (the body schema accepts it).
 */
interface FakeRequest<C extends Call = Call> {
  params: Parsed<C, 'params'>;
  query: Parsed<C, 'query'>;
  body: Sent<C>;
  headers: Headers;
}

/** An error answer: made with `refuse` or `refuseFields`. */
export class FakeRefusal {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * An error answer with one code, in the error shape of the API; its texts are the
 * server's (the catalogue's `error.<code>`) unless given.
 */
export function refuse(code: Exclude<ErrorCode, 'validation'>, messagesByLanguage?: MessagesByLanguage): FakeRefusal {
  const error = new AppError(code);
  return new FakeRefusal(code, error.status, { error: { code, messagesByLanguage: messagesByLanguage ?? translateAll(error.messageKey) } });
}

/** A 400 that names refused fields, as the server's validation does. */
export function refuseFields(errors: { field: string; code: string; messagesByLanguage: MessagesByLanguage }[]): FakeRefusal {
  return new FakeRefusal('validation', 400, { errors });
}

type Reply<C extends Call> = Answer<C> | FakeRefusal;
/** What the fake answers a call with: the answer itself, or a function of the request that gives it. */
type FakeAnswer<C extends Call> = Reply<C> | ((request: FakeRequest<C>) => Reply<C> | Promise<Reply<C>>);

export interface FakeApi {
  /** From now on (until the test ends) answers `call` so. */
  answer<C extends Call>(call: C, answer: FakeAnswer<C>): void;
  /** The requests made to `call` in this test, in order. */
  requests<C extends Call>(call: C): FakeRequest<C>[];
  /** The `fetch` stand-in, for tests that look at the raw calls. */
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  /** The mismatches met so far, forgotten: for a test that expects one (the fake's own). */
  takeMismatches(): string[];
}

/** A request or answer that does not fit the contract. */
class ContractMismatch extends Error {
  override name = 'ContractMismatch';
}

/** `/orders/:orderId/detail` → a pattern of the address below /api, with the parameters as groups. */
function patternOf(call: Call): RegExp {
  const source = call.path.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${apiBase}${source}/?$`);
}

/** The calls by how specific their address is: a fixed segment before a parameter (`/webinars/admin/` before `/webinars/:id`). */
const callsToMatch = contractEntries
  .map((entry) => ({ ...entry, pattern: patternOf(entry.call), parameters: (entry.call.path.match(/:/g) ?? []).length }))
  .sort((a, b) => a.parameters - b.parameters);

const nameOf = (name: string, call: Call) => `${name} (${call.method} ${apiBase}${call.path})`;

/** Answers and requests are kept by method and path: the test's entry and the fake's are one call. */
const keyOf = (call: Call) => `${call.method} ${call.path}`;

/** Path parameters or a query a schema refuses: the server's 400, its field errors named by their dotted path. */
class RefusedInput extends Error {
  constructor(readonly zodError: z.ZodError) {
    super('refused input');
  }
}

function readAddressPart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new RefusedInput(result.error);
  return result.data;
}

function check(schema: z.ZodType | undefined, value: unknown, what: string): unknown {
  if (!schema) {
    if (value !== undefined) throw new ContractMismatch(`${what}: the call takes none, the request has ${JSON.stringify(value)}`);
    return undefined;
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ContractMismatch(`${what} does not fit its schema: ${z.prettifyError(result.error)}\n${JSON.stringify(value)}`);
  return result.data;
}

/** The token the fake API's anti-forgery call answers when a test gives none. */
const fakeXsrfToken = 'fake-xsrf-token';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake API for the tests of this file: call it at the top of the file. Before each test
 * it takes the place of `fetch`; after each test it forgets its answers and requests and
 * fails the test if a request or answer did not fit the contract. It answers the
 * anti-forgery token call by itself.
 */
export function installFakeApi(): FakeApi {
  const answers = new Map<string, FakeAnswer<Call>>();
  const requests = new Map<string, FakeRequest[]>();
  const mismatches: string[] = [];

  async function serve(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(String(input), 'http://localhost');
    const matched = callsToMatch.find(({ call, pattern }) => call.method === method && pattern.test(url.pathname));
    if (!matched) throw new ContractMismatch(`${method} ${url.pathname}: no call of the contract has this method and address`);
    const { name, call } = matched;
    const headers = new Headers(init.headers);
    if (needsXsrfToken(method, call) && !headers.get(xsrfHeader)) throw new ContractMismatch(`${nameOf(name, call)}: sent without the ${xsrfHeader} header`);
    const rawParams = Object.fromEntries(Object.entries(matched.pattern.exec(url.pathname)?.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]));
    const rawQuery = url.search ? Object.fromEntries(url.searchParams) : undefined;
    const rawBody: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (rawBody !== undefined && !headers.get('content-type')?.startsWith('application/json')) {
      throw new ContractMismatch(`${nameOf(name, call)}: a body not sent as application/json`);
    }
    if (!call.query && rawQuery) throw new ContractMismatch(`${nameOf(name, call)}: the call takes no query, the request has ${url.search}`);
    check(call.body, rawBody, `${nameOf(name, call)}: the body`);
    let request: FakeRequest;
    try {
      request = { params: readAddressPart(call.params, rawParams), query: readAddressPart(call.query, rawQuery ?? {}), body: rawBody, headers } as FakeRequest;
    } catch (error) {
      if (!(error instanceof RefusedInput)) throw error;
      const errors = fieldErrorsOf(error.zodError).map(({ field, code, message, params }) => ({ field, code, messagesByLanguage: translateAll(message, params) }));
      return json(400, { errors });
    }
    requests.set(keyOf(call), [...(requests.get(keyOf(call)) ?? []), request]);

    const answered = answers.has(keyOf(call));
    if (!answered && keyOf(call) !== keyOf(xsrfCalls.token)) throw new ContractMismatch(`${nameOf(name, call)}: the test gives no answer for this call`);
    const answer = answered ? answers.get(keyOf(call)) : { token: fakeXsrfToken };
    const reply = typeof answer === 'function' ? await answer(request) : answer;
    if (reply instanceof FakeRefusal) {
      // A failure on our side (500) can happen to any call; every other refusal must be one the call can give.
      if (reply.code !== 'internal' && !refusalsOf(call).includes(reply.code)) {
        throw new ContractMismatch(`${nameOf(name, call)}: the server never answers ${reply.status} ${reply.code} here (it can: ${refusalsOf(call).join(', ')})`);
      }
      check(reply.code === 'validation' ? fieldErrorsBodySchema : errorBodySchema, reply.body, `${nameOf(name, call)}: the error answer`);
      return json(reply.status, reply.body);
    }
    if (isNoContent(call.answer)) {
      check(undefined, reply, `${nameOf(name, call)}: the answer`);
      return new Response(null, { status: 204 });
    }
    if (!(call.answer instanceof z.ZodType)) throw new ContractMismatch(`${nameOf(name, call)}: answers a file or a redirect, which pages link to rather than fetch`);
    // Encoded as the server's serializer does (fastify-type-provider-zod): the answer's JSON form.
    const encoded = z.safeEncode(call.answer, reply);
    if (!encoded.success) throw new ContractMismatch(`${nameOf(name, call)}: the answer does not fit its schema: ${z.prettifyError(encoded.error)}\n${JSON.stringify(reply)}`);
    return json(200, encoded.data);
  }

  const fakeFetch = vi.fn<typeof fetch>(async (input, init) => {
    try {
      return await serve(input, init);
    } catch (error) {
      if (error instanceof ContractMismatch) mismatches.push(error.message);
      throw error;
    }
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fakeFetch);
  });
  afterEach(() => {
    answers.clear();
    requests.clear();
    fakeFetch.mockClear();
    const found = mismatches.splice(0);
    if (found.length > 0) throw new ContractMismatch(`The fake API met ${found.length} request(s) or answer(s) outside the contract:\n- ${found.join('\n- ')}`);
  });

  return {
    answer(call, answer) {
      answers.set(keyOf(call), answer as FakeAnswer<Call>);
    },
    requests<C extends Call>(call: C) {
      return (requests.get(keyOf(call)) ?? []) as FakeRequest<C>[];
    },
    fetch: fakeFetch,
    takeMismatches: () => mismatches.splice(0),
  };
}
