import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type SerializerFn } from 'pino';
import { clientRequestIdOf } from './errors.ts';

/**
 * The server's log: what a request's line says of it, and a logger that cannot take the
 * process down. A log call runs inside request handling and inside Node's event listeners
 * (Fastify logs "request completed" when the answer has left): a serializer or a stream
 * that throws there would end the process, so both are guarded.
 */

/** A request as its log lines name it: never the address with its values, nor the client's address. */
export interface RequestLogRecord {
  method: string;
  /** The route pattern (`/api/orders/:orderId/checkout`) or `unmatched`. */
  route: string;
  id: string;
  clientRequestId?: string;
}

/**
 * The `req` of a log line. Fastify hands its request; the marketing pages, answered before
 * Fastify (src/server/modules/pages/ready-pages.service.ts), hand a record already made.
 */
function requestOf(request: FastifyRequest | RequestLogRecord): RequestLogRecord {
  if (!('routeOptions' in request)) return request;
  return { method: request.method, route: request.routeOptions.url ?? 'unmatched', id: request.id, ...clientRequestIdOf(request) };
}

type Serializer = SerializerFn;

/** A serializer that answers a marker instead of throwing. */
function guardedSerializer(serialize: Serializer): Serializer {
  return (value) => {
    try {
      return serialize(value);
    } catch {
      return { unserializable: true };
    }
  };
}

export interface LogStream {
  write(line: string): void;
}

/**
 * A stream whose failures are counted instead of thrown: a full disk or a closed pipe must
 * not end the process. The first failure says so on stderr, as the log cannot.
 */
function guardedStream(stream: LogStream): LogStream {
  let failed = false;
  return {
    write(line) {
      try {
        stream.write(line);
      } catch (error) {
        if (failed) return;
        failed = true;
        try {
          process.stderr.write(`The log could not be written (${error instanceof Error ? error.message : String(error)}); later failures are not reported.\n`);
        } catch {
          // Nowhere left to say it.
        }
      }
    },
  };
}

export interface LogOptions {
  level: string;
  /** Where the lines go; standard output when absent. */
  stream?: LogStream | undefined;
  /** Serializers beside ours, or in their place (tests of a failing one). */
  serializers?: Record<string, Serializer> | undefined;
}

/** The options of the Fastify instance's logger (src/server/app.ts). */
export function loggerOptions(options: LogOptions) {
  // Fastify's own `res` and pino's `err`, named here so that they are guarded as well.
  const serializers: Record<string, Serializer> = {
    req: requestOf,
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    err: pino.stdSerializers.err,
    ...options.serializers,
  };
  return {
    level: options.level,
    serializers: Object.fromEntries(Object.entries(serializers).map(([key, serialize]) => [key, guardedSerializer(serialize)])),
    stream: guardedStream(options.stream ?? (standardOutput ??= openStandardOutput())),
  };
}

/**
 * Standard output, written in batches: lines gather until 4 KB, or for at most 200 ms, then
 * go out in one write, so that a busy server makes one write for some twenty answers instead
 * of one each (a write of each line cost more than answering a marketing page). What is still
 * gathered when the process exits is written then. A failed write is reported once, as the
 * guard above does. One for the process, however many apps it builds (tests build many):
 * one buffer, one timer and one flush at exit for standard output.
 *
 * The lines gather here, in a list joined once per batch, rather than in pino's destination
 * (its `minLength`): that one measures the bytes of its whole gathered text at every line,
 * which cost a marketing page's answer a microsecond.
 */
let standardOutput: LogStream | undefined;
function openStandardOutput(): LogStream {
  const destination = pino.destination({ dest: 1, sync: true });
  let gathered: string[] = [];
  let gatheredLength = 0;
  const flush = () => {
    if (gatheredLength === 0) return;
    const text = gathered.join('');
    gathered = [];
    gatheredLength = 0;
    destination.write(text);
  };
  setInterval(flush, batchMs).unref();
  process.once('exit', () => {
    try {
      flush();
      destination.flushSync();
    } catch {
      // Nowhere left to write the last lines.
    }
  });
  let failed = false;
  destination.on('error', (error: Error) => {
    if (failed) return;
    failed = true;
    process.stderr.write(`The log could not be written (${error.message}); later failures are not reported.\n`);
  });
  return {
    write(line) {
      gathered.push(line);
      // Characters, not bytes: the batch's size need not be exact.
      gatheredLength += line.length;
      if (gatheredLength >= batchLength) flush();
    },
  };
}
const batchLength = 4096;
const batchMs = 200;

/**
 * One line per request, when its answer has left, naming the request and its answer
 * (nginx's access log has one too); Fastify's "incoming request" line only at debug.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The `logController` option of the Fastify instance (src/server/app.ts). */
export const requestLogController = () => new OneLinePerRequest();

/**
 * The "request completed" line of a marketing page answered before Fastify: the text pino
 * makes for `logger.info({ req, res, responseTime }, 'request completed')`, with the
 * logger's own time, bindings and serializers, written to its stream (request-log.api.test.ts
 * compares the two). Pino's general path cost a sixth of the server's work on a page, more
 * than choosing the page; this one makes only what varies.
 *
 * The text around the request id is made once per method and status, by serializing a
 * record with a stand-in id and cutting there, where the serializers pass the id through
 * as it is (ours do; ids are UUIDs, which JSON writes as they are). Otherwise (a test's
 * failing serializer) each line is serialized whole.
 */
export function pageLineWriter(logger: FastifyBaseLogger): (req: RequestLogRecord, statusCode: number, responseTimeMs: number) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as LogStream;
  const time = internals[pino.symbols.timeSym] as () => string;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const serializers = internals[pino.symbols.serializersSym] as Record<'req' | 'res', Serializer>;
  const start = `{"level":${pino.levels.values.info}`;
  const afterTime = (req: RequestLogRecord, statusCode: number) =>
    `${bindings},"req":${JSON.stringify(serializers.req(req))},"res":${JSON.stringify(serializers.res({ statusCode }))},"responseTime":`;
  const templates = new Map<string, [string, string] | undefined>();
  const templateOf = (req: RequestLogRecord, statusCode: number): [string, string] | undefined => {
    const key = `${req.method} ${req.route} ${statusCode}`;
    if (templates.has(key)) return templates.get(key);
    const parts = (id: string) => afterTime({ ...req, id }, statusCode).split(id);
    const [first, second] = [parts(standInIds[0]), parts(standInIds[1])];
    const template = first.length === 2 && first[0] === second[0] && first[1] === second[1] ? (first as [string, string]) : undefined;
    templates.set(key, template);
    return template;
  };
  const end = ',"msg":"request completed"}\n';
  return (req, statusCode, responseTimeMs) => {
    const template = req.clientRequestId === undefined ? templateOf(req, statusCode) : undefined;
    const middle = template ? `${template[0]}${req.id}${template[1]}` : afterTime(req, statusCode);
    stream.write(`${start}${time()}${middle}${responseTimeMs}${end}`);
  };
}
const standInIds = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'] as const;
