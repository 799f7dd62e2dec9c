import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isRedirect, needsXsrfToken, refusalsOf, type Call } from '#shared/contract.ts';
import { cookies } from '#shared/cookies.ts';
import { AppError, type ErrorCode } from '#shared/errors.ts';
import { apiBase } from '#shared/paths.ts';
import { errorBodySchema, fieldErrorsBodySchema } from '#shared/schemas/errors.ts';

/**
 * The OpenAPI document served at `GET /api/docs` (docs/product/api-conventions.md#documentation).
 * Every call under /api is registered from its contract entry (src/shared/contract.ts,
 * `registerCall`), which the route carries in its config: payloads come from the entry's
 * Zod schemas, and everything else an operation says (its id, the error answers it can
 * give, the credentials it needs) is derived here, in one place, from the entry, so a new
 * call cannot leave it out:
 *
 * | the entry declares | the operation lists |
 * |---|---|
 * | a body, path parameters or a query | 400 (field errors) |
 * | a body | 400 `malformedJson` and `nestedTooDeeply`, 413, 415 |
 * | path parameters | 404 |
 * | `staff` | 401, the `session` scheme; 403 `secondFactorRequired` unless `staff: 'withoutSecondFactor'` |
 * | `role` (every staff call) | `x-staff-role` and a line of the description; 403 `forbidden` unless it is `viewer` |
 * | a write the anti-forgery check applies to (`needsXsrfToken`) | 403 `xsrf`, the `xsrf` scheme |
 * | `rateLimit` | 429 with Retry-After |
 * | `refusals` | what its service can refuse besides (409 `conflict`, …) |
 * | a redirect as its answer, or `redirectsOtherwise` | 303 with where it leads |
 *
 * (`refusalsOf` in src/shared/contract.ts reads the table's left column.) The error
 * answers live only in the document, never in the route's `response` schema: there Fastify
 * would serialize the error handler's bodies with them, and the answers the server sends
 * must not depend on what the document says.
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
     * The refusals of the puzzle provider's route (src/captcha/captcha.routes.ts), the one
     * route of the document that is not an API call and so has no contract entry.
     * Documentation only.
     */
    refusals?: readonly ForeignRefusal[];
  }
}

/** The route's method and pattern, and its contract entry where it has one. */
function routeFacts(route: RouteOptions): { method: string; url: string; call: Call | undefined } {
  return { method: [route.method].flat()[0] ?? 'GET', url: route.url, call: route.config?.call };
}

/**
 * `POST /api/orders/:orderId/checkout` → `postOrdersByOrderIdCheckout`: the method and the
 * address below /api, so an id never changes while the call does not, and two calls never
 * share one.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(new RegExp(`^${apiBase}/`), '/')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The credentials of a call, as OpenAPI security requirements (one object: all of them). */
function securityOf(method: string, call: Call | undefined): Record<string, string[]>[] | undefined {
  const requirement: Record<string, string[]> = {
    ...(call?.staff ? { session: [] } : {}),
    ...(call && needsXsrfToken(method, call) ? { xsrf: [] } : {}),
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
  forbidden: "`forbidden`: the staff member's role is below the one the call needs (see `x-staff-role`), or the cart asked for has become an order",
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
const isApiRoute = (url: string) => url.startsWith(`${apiBase}/`) || url.startsWith('/captcha/');

/** Without a declared answer (the puzzle provider) Fastify sends JSON it does not check. */
const uncheckedJson = { 200: { description: 'Default Response', content: { 'application/json': { schema: {} } } } };

const transform: SwaggerTransform = (input) => {
  if (!isApiRoute(input.url)) return { schema: { hide: true } as FastifySchema, url: input.url };
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as FastifySchema & { hide?: boolean; operationId?: string; security?: unknown; response?: Record<string, unknown> };
  if (schema.hide) return transformed;
  const { method, url, call } = routeFacts(input.route);
  const redirectsTo = call && isRedirect(call.answer) ? call.answer.redirect : call?.redirectsOtherwise;
  const redirect = redirectsTo ? { 303: { description: `Redirects (Location): ${redirectsTo}`, type: 'null' } } : undefined;
  const response = { ...(schema.response ?? (redirect ? {} : uncheckedJson)), ...redirect };
  const { security: _declared, ...rest } = schema;
  const security = securityOf(method, call);
  const refusals: readonly Refusal[] = call ? refusalsOf(call) : (input.route.config?.refusals ?? []);
  return {
    url: transformed.url,
    schema: {
      ...rest,
      operationId: schema.operationId ?? operationIdOf(method, url),
      ...(call?.role
        ? {
            'x-staff-role': call.role,
            description: [rest.description, `Staff role needed: \`${call.role}\` or above (viewer < editor < admin).`].filter(Boolean).join('\n\n'),
          }
        : {}),
      ...(security ? { security } : {}),
      response: { ...response, ...errorAnswers(refusals) },
    },
  };
};

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
