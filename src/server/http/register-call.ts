import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '#server/plugins/staff-session.ts';
import { isFileAnswer, isNoContent, isRedirect, type Call, type FileAnswer, type NoContent } from '#shared/contract.ts';
import { apiBase } from '#shared/paths.ts';
import { inMajorUnits, type WithMoney } from './answer-money.ts';
import { frozenAnswerOf } from './kept-answers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The contract entry the route was registered from (`registerCall`). The anti-forgery
     * check, the rate limit, the staff session and the API document read its facts here.
     */
    call?: Call;
  }
}

/** A 204 answer: Fastify sends the handler's `null` as no body. */
const noContentSchema = z.null().describe('No content');

/**
 * A file answer in Fastify's content form: its media type, with a body of text or, for
 * PDF, bytes. The handler sends a string, a Buffer or a stream with that Content-Type,
 * which Fastify passes on as it is (it serializes JSON only), so the schema describes the
 * body for the document and checks nothing.
 */
function fileSchema({ file, description }: FileAnswer) {
  const body = z.any().meta(file === 'application/pdf' || file === 'image/*' ? { type: 'string', format: 'binary' } : { type: 'string' });
  return { description, content: { [file]: { schema: body } } };
}

type SchemaPart<C, K extends keyof Call> = C extends { [key in K]: infer S } ? S : undefined;

/** The answers of a call as Fastify's `response` schema, by status. */
type ResponseOf<C extends Call> = C['answer'] extends z.ZodType
  ? C extends { status: 202 }
    ? { 202: z.ZodType<WithMoney<z.output<C['answer']>>> }
    : { 200: z.ZodType<WithMoney<z.output<C['answer']>>> }
  : C['answer'] extends NoContent
    ? { 204: typeof noContentSchema }
    : C['answer'] extends FileAnswer
      ? { 200: unknown }
      : undefined;

/** The Fastify schema of a call, as `registerCall` builds it: it types the handler's request and reply. */
interface RouteSchemaOf<C extends Call> extends FastifySchema {
  params: SchemaPart<C, 'params'>;
  querystring: SchemaPart<C, 'query'>;
  body: SchemaPart<C, 'body'>;
  response: ResponseOf<C>;
}

/**
 * A handler of a call: its request has the call's parameters, query and body, its reply the
 * call's answer, with `Money` wherever the answer has an amount (`inMajorUnits` prints it).
 */
export type CallHandler<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<C>,
  ZodTypeProvider
>;

/** The app or a route plugin's scope, typed by the Zod schemas (`FastifyPluginAsyncZod`). */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

function responseOf({ answer, status }: Pick<Call, 'answer' | 'status'>): FastifySchema['response'] {
  if (isNoContent(answer)) return { 204: noContentSchema };
  if (isFileAnswer(answer)) return { 200: fileSchema(answer) };
  // A redirect declares no body; the document describes it (src/server/plugins/api-document.ts).
  if (isRedirect(answer)) return undefined;
  return { [status ?? 200]: answer };
}

function isJsonAnswer(answer: Call['answer']): boolean {
  return !isNoContent(answer) && !isFileAnswer(answer) && !isRedirect(answer);
}

/**
 * Before a JSON answer is checked against its schema and written, its `Money` values become
 * major units; a frozen answer goes on to be written once per route (kept-answers.ts). A
 * callback, not an async function: every answer passes here, without a promise.
 */
function answerInMajorUnits(_request: unknown, _reply: unknown, payload: unknown, done: (error: Error | null, payload: unknown) => void): void {
  done(null, frozenAnswerOf(payload, () => inMajorUnits(payload)) ?? inMajorUnits(payload));
}

/**
 * Registers the route of a contract entry (src/shared/contract.ts): its method and
 * address below /api, its schemas (Fastify validates the input and checks the answer
 * with them), the document's texts, and, for a staff call, the staff session check
 * (`requireStaff`: 401 without a session, `Cache-Control: no-store` on every answer).
 * The entry itself goes into the route's config, where the plugins read its other facts.
 * The handler parses, calls one service operation and answers.
 */
export function registerCall<C extends Call>(app: ZodApp, call: C, handler: CallHandler<C>): void {
  const response = responseOf(call);
  const schema: FastifySchema & Record<string, unknown> = {
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    ...(call.tags ? { tags: [...call.tags] } : {}),
    ...(call.operationId ? { operationId: call.operationId } : {}),
    ...(call.consumes ? { consumes: [...call.consumes] } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(response ? { response } : {}),
  };
  app.route({
    method: call.method,
    url: `${apiBase}${call.path}`,
    schema,
    config: { call },
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    ...(call.staff ? { onRequest: requireStaff } : {}),
    ...(isJsonAnswer(call.answer) ? { preSerialization: answerInMajorUnits } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
