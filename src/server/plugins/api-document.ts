import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookies } from '#shared/cookies.ts';
import { AppError, type ErrorCode } from '#shared/errors.ts';
import { errorBodySchema, fieldErrorsBodySchema } from '#shared/schemas/errors.ts';
import { requireStaff } from './staff-session.ts';
import { needsXsrfToken } from './xsrf.ts';

/**
 * The OpenAPI document served at `GET /api/docs` (docs/product/api-conventions.md#documentation).
 * Payloads come from each route's Zod schemas. Everything else an operation says (its id,
 * the error answers it can give, the credentials it needs) is derived here, in one place,
 * from what the route declares, so a new route cannot leave it out:
 *
 * | the route declares | the operation lists |
 * |---|---|
 * | a body, path parameters or a query | 400 (field errors) |
 * | a body | 400 `malformedJson` and `nestedTooDeeply`, 413, 415 |
 * | path parameters | 404 |
 * | `requireStaff` among its onRequest hooks (every back-office route, see `registerStaffRoutes` in src/server/app.ts; the /api/users/me… calls) | 401, the `session` scheme; 403 `secondFactorRequired` unless `config.allowWithoutSecondFactor` |
 * | a write the anti-forgery check applies to (src/server/plugins/xsrf.ts) | 403 `xsrf`, the `xsrf` scheme |
 * | `config.rateLimit` | 429 with Retry-After |
 * | `config.refusals` | what its service can refuse besides (409 `conflict`, …) |
 *
 * The error answers live only in the document, never in the route's `response` schema:
 * there Fastify would serialize the error handler's bodies with them, and the answers the
 * server sends must not depend on what the document says.
 */

/** A refusal of the puzzle provider (src/captcha), whose codes are its own. */
interface ForeignRefusal {
  status: number;
  code: string;
  when: string;
}
type Refusal = ErrorCode | ForeignRefusal;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route's service can refuse that the document cannot read off the route's
     * declaration: `['conflict']` where the state of a cart or order can refuse the call.
     * Documentation only; src/server/plugins/api-document.ts lists each as an error answer.
     */
    refusals?: readonly Refusal[];
  }
}

/** The facts about one call that its error answers and credentials follow from. */
interface CallFacts {
  method: string;
  /** The route pattern, `/api/orders/:orderId/checkout`. */
  url: string;
  takesBody: boolean;
  takesPathParameters: boolean;
  takesQuery: boolean;
  staffSession: 'none' | 'session' | 'sessionAndSecondFactor';
  xsrf: boolean;
  rateLimited: boolean;
  refusals: readonly Refusal[];
}

/** The facts of a Fastify route, read off its options as the onRoute hooks leave them. */
function factsOf(route: RouteOptions): CallFacts {
  const method = [route.method].flat()[0] ?? 'GET';
  const schema: FastifySchema = route.schema ?? {};
  const guarded = [route.onRequest ?? []].flat().includes(requireStaff);
  return {
    method,
    url: route.url,
    takesBody: schema.body !== undefined,
    takesPathParameters: schema.params !== undefined,
    takesQuery: schema.querystring !== undefined || schema.headers !== undefined,
    staffSession: !guarded ? 'none' : route.config?.allowWithoutSecondFactor ? 'session' : 'sessionAndSecondFactor',
    xsrf: needsXsrfToken(method, route.url),
    rateLimited: route.config?.rateLimit !== undefined,
    refusals: route.config?.refusals ?? [],
  };
}

/** Every refusal a call can answer with, by the table above. */
function refusalsOf(facts: CallFacts): Refusal[] {
  const refusals: Refusal[] = [];
  if (facts.takesBody || facts.takesPathParameters || facts.takesQuery) refusals.push('validation');
  if (facts.takesBody) refusals.push('malformedJson', 'nestedTooDeeply', 'payloadTooLarge', 'unsupportedMediaType');
  if (facts.staffSession !== 'none') refusals.push('unauthorized');
  if (facts.staffSession === 'sessionAndSecondFactor') refusals.push('secondFactorRequired');
  if (facts.xsrf) refusals.push('xsrf');
  if (facts.takesPathParameters) refusals.push('notFound');
  if (facts.rateLimited) refusals.push('tooManyRequests');
  for (const refusal of facts.refusals) if (!refusals.includes(refusal)) refusals.push(refusal);
  return refusals;
}

/**
 * `POST /api/orders/:orderId/checkout` → `postOrdersByOrderIdCheckout`: the method and the
 * address below /api, so an id never changes while the call does not, and two calls never
 * share one.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The credentials of a call, as OpenAPI security requirements (one object: all of them). */
function securityOf(facts: CallFacts): Record<string, string[]>[] | undefined {
  const requirement: Record<string, string[]> = {
    ...(facts.staffSession !== 'none' ? { session: [] } : {}),
    ...(facts.xsrf ? { xsrf: [] } : {}),
  };
  return Object.keys(requirement).length > 0 ? [requirement] : undefined;
}

/** When each code of ours is answered, in the words of docs/product/api-conventions.md. */
const whenRefused: Partial<Record<ErrorCode, string>> = {
  validation: 'field errors (`errors`): the input does not fit the call; one entry per refused field, named by its dotted path',
  malformedJson: '`malformedJson`: the body is not JSON',
  nestedTooDeeply: '`nestedTooDeeply`: objects and arrays in the body nest deeper than 32 levels',
  unauthorized: '`unauthorized`: no valid staff session, or a failed staff sign-in',
  xsrf: '`xsrf`: missing or wrong anti-forgery header (X-XSRF-TOKEN)',
  secondFactorRequired: '`secondFactorRequired`: under STAFF_MFA=required, a staff member without a second factor',
  forbidden: '`forbidden`: the cart asked for has become an order',
  notFound: '`notFound`: nothing is known under this address (an unknown id, or a link token unknown or expired)',
  conflict: "`conflict`: the state of what the call changes does not allow it now (a cart that has become an order, a lifecycle step the order's status does not allow, …)",
  payloadTooLarge: '`payloadTooLarge`: the body is larger than the call accepts (64 KiB of JSON)',
  unsupportedMediaType: '`unsupportedMediaType`: the body is sent as a media type the call does not read (it reads the ones its request body lists)',
  tooManyRequests: '`tooManyRequests`: too many requests from this client address, or failed staff sign-ins; try again after Retry-After seconds',
  unavailable: '`unavailable`: the database does not answer',
};

const jsonOf = (ref: string) => ({ $ref: `#/components/schemas/${ref}` });

/** The error answers of a call by status, as Fastify response schemas in their content form. */
function errorAnswers(refusals: readonly Refusal[]): Record<string, unknown> {
  const byStatus = new Map<number, { reasons: string[]; fieldErrors: boolean; error: boolean }>();
  for (const refusal of refusals) {
    const { status, reason, fieldErrors } =
      typeof refusal === 'string'
        ? { status: new AppError(refusal).status, reason: whenRefused[refusal] ?? `\`${refusal}\``, fieldErrors: refusal === 'validation' }
        : { status: refusal.status, reason: `\`${refusal.code}\`: ${refusal.when}`, fieldErrors: false };
    const answer = byStatus.get(status) ?? { reasons: [], fieldErrors: false, error: false };
    answer.reasons.push(reason);
    answer.fieldErrors ||= fieldErrors;
    answer.error ||= !fieldErrors;
    byStatus.set(status, answer);
  }
  const answers: Record<string, unknown> = {};
  for (const [status, { reasons, fieldErrors, error }] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = fieldErrors && error ? { oneOf: [jsonOf('FieldErrors'), jsonOf('Error')] } : jsonOf(fieldErrors ? 'FieldErrors' : 'Error');
    answers[status] = {
      description: reasons.join('; '),
      ...(status === 429 ? { headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the call is accepted again' } } } : {}),
      content: { 'application/json': { schema } },
    };
  }
  return answers;
}

/** The document describes the API: the calls under /api and the puzzle provider, not the site's pages and files. */
const isApiRoute = (url: string) => url.startsWith('/api/') || url.startsWith('/captcha/');

const transform: SwaggerTransform = (input) => {
  if (!isApiRoute(input.url)) return { schema: { hide: true } as FastifySchema, url: input.url };
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as FastifySchema & { hide?: boolean; operationId?: string; security?: unknown; response?: Record<string, unknown> };
  if (schema.hide) return transformed;
  const facts = factsOf(input.route);
  // Without a declared answer (the puzzle provider) Fastify sends JSON it does not check.
  const response = schema.response ?? { 200: { description: 'Default Response', content: { 'application/json': { schema: {} } } } };
  const { security: _declared, ...rest } = schema;
  const security = securityOf(facts);
  return {
    url: transformed.url,
    schema: {
      ...rest,
      operationId: schema.operationId ?? operationIdOf(facts.method, facts.url),
      ...(security ? { security } : {}),
      response: { ...response, ...errorAnswers(refusalsOf(facts)) },
    },
  };
};

/**
 * A file answer of a route (`response: { 200: fileAnswer('text/csv', '…') }`): its media
 * type, with a body of text or, for PDF, bytes. The handler sends a string, a Buffer or a
 * stream with that Content-Type, which Fastify passes on as it is (it serializes JSON
 * only), so the schema describes the body and checks nothing.
 */
export function fileAnswer(mediaType: 'text/csv' | 'application/pdf' | 'image/svg+xml' | 'text/calendar', description: string) {
  const body = z.any().meta(mediaType === 'application/pdf' ? { type: 'string', format: 'binary' } : { type: 'string' });
  return { description, content: { [mediaType]: { schema: body } } };
}

const toOpenApi = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0' }) as Record<string, unknown>;

/** Registers @fastify/swagger with the derivation above; `app.swagger()` then answers the document. */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CyberSafe Academy shop API',
        version: '1.0.0',
        description:
          'Any other address under /api answers 404 `notFound`. Any call can also be refused for how it arrives: 408 (too slow), 414 (address above 4096 characters), 431 (headers too large), 400 `badRequest` (an address that cannot be read). A 500 is always a bug.',
      },
      components: {
        securitySchemes: {
          xsrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description: `The token of \`GET /api/xsrf/token\`, equal to the ${cookies.xsrfToken.name} cookie and signed for the visitor's ${cookies.xsrfSecret.name} cookie`,
          },
          session: { type: 'apiKey', in: 'cookie', name: cookies.session.name, description: 'A staff session, opened by `POST /api/users/login`' },
        },
        schemas: { FieldErrors: toOpenApi(fieldErrorsBodySchema), Error: toOpenApi(errorBodySchema) },
      },
    },
    transform,
  });
}
