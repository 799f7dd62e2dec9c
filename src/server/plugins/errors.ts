import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '#shared/errors.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import { fieldErrorOf, type IssueLike } from '#shared/schemas/validation.ts';

/** The JSON body of an error (docs/product/api-conventions.md). */
function errorBody(error: AppError) {
  if (error.code === 'validation') {
    return {
      errors: error.fieldErrors.map((fieldError) => ({
        field: fieldError.field,
        code: fieldError.code,
        messagesByLanguage: translateAll(fieldError.message, fieldError.params),
      })),
    };
  }
  return { error: { code: error.code, messagesByLanguage: translateAll(error.messageKey, error.params) } };
}

/** The value at a dotted path of the request part a schema checked. */
function valueAt(source: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), source);
}

/** Fastify's own errors (body parsing, limits) mapped to our codes. */
function appErrorOf(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A route's declared Zod schema refused the input: rebuild each issue (Zod leaves the
    // input out) for the shared mapping, so the body says what the form says.
    const contexts: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
    const source = contexts[error.validationContext ?? 'body'];
    return AppError.validation(
      error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return fieldErrorOf({ ...(v.params as object), code: v.keyword, message: v.message, path, input: valueAt(source, path) } as IssueLike);
      }),
    );
  }
  const byFastifyCode: Record<string, ErrorCode> = {
    FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
    FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformedJson',
  };
  const mapped = byFastifyCode[error.code];
  if (mapped) return new AppError(mapped);
  if (error instanceof SyntaxError) return new AppError('malformedJson');
  if (error.statusCode === 413) return new AppError('payloadTooLarge');
  if (error.statusCode === 415) return new AppError('unsupportedMediaType');
  if (error.statusCode === 429) return new AppError('tooManyRequests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('validation', 'error.invalid');
  return new AppError('internal');
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.status(error.status).headers(error.headers).header('cache-control', 'no-store').send(errorBody(error));
}

type RawAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Code that answers outside Fastify (the marketing pages answered before it, src/server/app.ts),
 * made safe: what it throws is logged through `log` with a request id of its own and
 * answered 500 in the error shape when nothing was sent yet, else the connection is closed,
 * as a half-sent answer cannot be mended. Whatever the log does, the process goes on.
 */
export function answeredSafely(answer: RawAnswer, log: (request: IncomingMessage, requestId: string, error: ReturnType<typeof loggableError>) => void): RawAnswer {
  return (request, response) => {
    try {
      return answer(request, response);
    } catch (error) {
      const requestId = randomUUID();
      try {
        log(request, requestId, loggableError(error));
      } catch {
        // The log itself failed: the answer below is all that is left to do.
      }
      if (response.headersSent) {
        response.destroy();
        return true;
      }
      const body = JSON.stringify(errorBody(new AppError('internal')));
      response.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body), 'x-request-id': requestId });
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    }
  };
}

/** Addresses longer than this are refused with 414 (no route of ours comes near it). */
export const maxUrlLength = 4096;

/**
 * Request headers, all lines together, above this are refused with 431. Node applies its
 * own limit of the same size only to headers it reads in one piece, so many small headers
 * would pass it.
 */
export const maxHeaderBytes = 16 * 1024;

/** The size of the request's header lines as sent: `Name: value` and CRLF each. */
function headerBytes(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let bytes = 0;
  for (let index = 0; index < raw.length; index++) bytes += (raw[index]?.length ?? 0) + 2;
  return bytes;
}

/** A client's own request id, for the log beside ours, when it is a short plain token. */
export function clientRequestIdOf(request: FastifyRequest): { clientRequestId?: string } {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && /^[\w.:-]{1,64}$/.test(sent) ? { clientRequestId: sent } : {};
}

/** The route pattern (`/api/orders/:orderId/checkout`), never the address with its values. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** What the log keeps of an unexpected error: its type, code and stack frames, never its message (which can carry personal data). */
export function loggableError(thrown: unknown) {
  const error: Error & { code?: string } = thrown instanceof Error ? thrown : new Error(String(thrown));
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return { type: error.name, code: error.code, stack: frames.join('\n') };
}

/**
 * Every error leaves as the JSON of docs/product/api-conventions.md, never with a stack
 * trace; unexpected ones are logged with the request id and answered 500 (which is
 * always a bug to fix). The log names the route pattern and the error's code only:
 * addresses, bodies and error messages can carry names and e-mail addresses.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // A callback, not an async function: every request passes here, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length > maxUrlLength) done(new AppError('uriTooLong'));
    else if (headerBytes(request) > maxHeaderBytes) done(new AppError('headersTooLarge'));
    // HTTP/1.1 requires Host (Node's own check is turned off in src/server/app.ts to answer in our shape).
    else if (request.headers.host === undefined && request.raw.httpVersion === '1.1') done(new AppError('badRequest'));
    else done();
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = appErrorOf(error, request);
    if (appError.code === 'internal') request.log.error({ err: loggableError(error), route: routeOf(request) }, 'unexpected error');
    else if (!(error instanceof AppError)) request.log.info({ code: error.code, route: routeOf(request) }, 'request refused');
    return sendError(reply, appError);
  });
}

/**
 * Errors Fastify raises before a route is found (a malformed address): the option
 * `frameworkErrors` of the Fastify instance.
 */
export function frameworkErrorHandler(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendError(reply, new AppError('badRequest'));
}

/**
 * The method of the request each connection is sending, as its first bytes name it: an
 * answer written on the raw socket (below) must leave out its body for a HEAD, and Node
 * tells a request's method only once its whole head has arrived. `open` is the request
 * whose head has arrived, until the parser has read all of it; bytes arriving while none
 * is open begin the next request.
 */
const requestsBeingRead = new WeakMap<Socket, { method: string; open: IncomingMessage | undefined; headPending: boolean }>();

export function watchRequestMethods(server: Server): void {
  server.on('connection', (socket: Socket) => {
    const state = { method: '', open: undefined as IncomingMessage | undefined, headPending: false };
    requestsBeingRead.set(socket, state);
    // Before the parser's own listener, so the bytes are seen before they are parsed.
    socket.prependListener('data', (chunk: Buffer) => {
      if (state.headPending || (state.open && !state.open.complete)) return;
      state.method = /^[A-Z]+(?= )/.exec(chunk.toString('latin1', 0, 16))?.[0] ?? '';
      state.headPending = true;
      state.open = undefined;
    });
  });
  server.on('request', (request: IncomingMessage) => {
    const state = requestsBeingRead.get(request.socket);
    if (!state) return;
    state.open = request;
    state.headPending = false;
  });
}

/**
 * Requests the HTTP parser refuses (too slow, headers too large, not HTTP): answered on the
 * raw socket in the same JSON shape, then the connection is closed. The option
 * `clientErrorHandler` of the Fastify instance; `watchRequestMethods` must watch the server.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('requestTimeout')
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('headersTooLarge')
        : new AppError('badRequest');
  const body = JSON.stringify(errorBody(appError));
  // A HEAD's answer is its headers alone (Content-Length still says what a GET would get).
  const isHead = requestsBeingRead.get(socket)?.method === 'HEAD';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${isHead ? '' : body}`,
    );
  }
  socket.destroy();
}
