import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createAuditService, type AuditService } from './modules/audit/audit.service.ts';
import { type CaptchaService } from './modules/captcha/captcha.service.ts';
import { type DemoService } from './modules/demo/demo.service.ts';
import { type BillingService } from './modules/billing/billing.service.ts';
import { type MailService, type MailTransport } from './modules/mail/mail.service.ts';
import { createOutboxService } from './modules/mail/outbox.service.ts';
import { registerSiteRoutes } from './modules/pages/pages.routes.ts';
import { createAppPages } from './modules/pages/app-pages.service.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { createReadyPages, frontReadHeaders, pageRoute, type ReadyPages } from './modules/pages/ready-pages.service.ts';
import { type StaffAccountsService } from './modules/staff/staff-accounts.service.ts';
import { createStaffSessionCheckService } from './modules/staff/staff-session-check.service.ts';
import { type SignInDelay } from './modules/staff/staff-throttle.service.ts';
import { registerApiRoutes } from './api-routes.ts';
import { keepingFrozenAnswers } from './http/kept-answers.ts';
import { createServices } from './services.ts';
import { closeHeld, frontConnections } from './http/ready-connections.ts';
import { registerApiDocument } from './plugins/api-document.ts';
import { clientAddressRules } from './plugins/client-address.ts';
import { limitConnections } from './plugins/connection-limits.ts';
import { answeredSafely, clientErrorHandler, frameworkErrorHandler, loggableError, maxHeaderBytes, registerErrorHandler, sendError, watchRequestMethods } from './plugins/errors.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { countRequestsInFlight } from './plugins/requests-in-flight.ts';
import { registerSecurityHeaders, securityHeadersOf } from './plugins/security-headers.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { loggerOptions, pageLineWriter, requestLogController, type LogOptions } from './plugins/request-log.ts';
import { registerStaffSession } from './plugins/staff-session.ts';
import { registerTextInputGuard } from './plugins/text-input.ts';
import { registerXsrf } from './plugins/xsrf.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppDependencies {
  env: Env;
  database: Database;
  /** Where the built client and prerendered pages are; default `dist/`. */
  distDir?: string;
  /** false: no log (tests); a stream: the log goes there instead of stdout, with serializers of a test's own (tests of the log). */
  logger?: false | Pick<LogOptions, 'stream' | 'serializers'>;
  /** Start background work (the mail worker); tests drive it themselves. */
  startWorkers?: boolean;
  /** Overrides the transport chosen from SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** Overrides the delays of failed staff sign-ins (tests of many failures keep them short). */
  signInDelay?: Partial<SignInDelay>;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Site keys and the single-use check of solutions, for the form modules. */
    captcha: CaptchaService;
    /** Delivers the outbox. */
    mailWorker: MailService;
    /** The demo orders of a first start (main.ts). */
    demo: DemoService;
    /** The staff accounts of a start (ADMIN_EMAIL, the demo account; main.ts). */
    staffAccounts: StaffAccountsService;
    /** The audit log, for tests that read or prune it directly. */
    audit: AuditService;
    /** The billing job's one run (`npm run billing` makes its own; tests run it with a day of their choice). */
    billing: Pick<BillingService, 'run'>;
  }
}

/** How long an idle connection is kept open. */
const keepAliveTimeoutMs = 5_000;
/** How long after listening the server loads the app pages' renderer (below). */
const rendererLoadDelayMs = 1_000;

/** Request bodies above this are refused with 413; no form of ours comes near it. */
const bodyLimit = 64 * 1024;

/** Builds the whole server: cross-cutting plugins first, then the modules, in order. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { env, database } = deps;
  // X-Forwarded-For counts only where one of the proxies of TRUST_PROXY wrote it.
  const clientAddress = clientAddressRules(env);
  // Marketing pages are answered before Fastify (src/server/modules/pages/ready-pages.service.ts);
  // set below, once the built site is read.
  const front: { readyPages?: ReadyPages } = {};
  // Nothing outside Fastify catches what that code throws: a request it fails is answered
  // 500 in the error shape and logged, and the process goes on.
  const logPageFailure = (method: string, id: string | undefined, err: ReturnType<typeof loggableError>) =>
    app.log.error({ req: { method, route: pageRoute, ...(id ? { id } : {}) }, err }, 'unexpected error');
  const answerBeforeFastify = answeredSafely(
    (request, response) => front.readyPages?.answer(request, response) ?? false,
    (request, id, err) => logPageFailure(request.method ?? 'GET', id, err),
  );
  const app = Fastify({
    // The server Fastify would make, with the ready pages in front of its handler.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, (request: IncomingMessage, response: ServerResponse) => {
        clientAddress.nameClient(request);
        if (!answerBeforeFastify(request, response)) handler(request, response);
      });
      // Refusals written on the raw socket (clientErrorHandler below) need the request's method.
      watchRequestMethods(server);
      // Ready pages are answered on the connection itself until a request needs Node's server.
      frontConnections(server, {
        answer: (head) => front.readyPages?.answerHead(head),
        readHeaders: frontReadHeaders,
        keepAliveMs: keepAliveTimeoutMs,
        requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
        maxHeadBytes: maxHeaderBytes,
        failed: (error, method) => logPageFailure(method, undefined, loggableError(error)),
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      return server;
    },
    // Request logs name the method, the route pattern and the request id: addresses carry
    // values (`?email=…`, order ids) and client addresses are personal data. The id is
    // always our own; a client's `X-Request-ID` is logged beside it, when it looks like an id.
    // A failing serializer or stream cannot end the process (src/server/plugins/request-log.ts).
    logger: deps.logger === false ? false : loggerOptions({ level: env.LOG_LEVEL, ...deps.logger }),
    logController: requestLogController(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: clientAddress.trustProxy,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Slow clients are dropped: the whole request (headers and body) must arrive within
    // REQUEST_TIMEOUT_MS, checked every second; idle keep-alive connections close after 5 s.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: keepAliveTimeoutMs,
    // A request without Host is refused by our own check (src/server/plugins/errors.ts), in
    // the error shape, instead of Node's bare 400.
    http: { headersTimeout: env.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(1_000, env.REQUEST_TIMEOUT_MS / 2), requireHostHeader: false },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  // Closing the app closes idle connections, and those the front holds are idle.
  app.addHook('preClose', async () => closeHeld(app.server));
  // Beyond this many open connections new ones are closed at once, so a flood of slow
  // clients cannot use up the process's file descriptors.
  app.server.maxConnections = env.MAX_CONNECTIONS;
  // Nor can one address take them all (each may hold MAX_CONNECTIONS_PER_ADDRESS), nor many
  // addresses together: above 75 % of MAX_CONNECTIONS a request must arrive within a tenth
  // of REQUEST_TIMEOUT_MS, and the slowest connection makes room for each new one.
  limitConnections(app.server, {
    max: env.MAX_CONNECTIONS,
    maxPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    pressureRequestMs: env.REQUEST_TIMEOUT_MS / 10,
    exempt: clientAddress.isProxy,
  });
  // Node keeps the first 2000 header lines and silently drops the rest (a Host among them);
  // kept whole, the size check of src/server/plugins/errors.ts sees every header.
  app.server.maxHeadersCount = 0;

  // Every route declares its payloads with the shared Zod schemas: they validate the
  // input, check the output, and make the OpenAPI document served at /api/docs.
  app.setValidatorCompiler(validatorCompiler);
  // The JSON of a frozen answer is written once (src/server/http/kept-answers.ts).
  app.setSerializerCompiler(keepingFrozenAnswers(serializerCompiler));
  await registerApiDocument(app);

  // Cross-cutting: cookies, headers, errors, anti-forgery.
  await app.register(cookie);
  // Served over https: HSTS, and every cookie the server sets is Secure.
  const https = env.PUBLIC_URL.startsWith('https:');
  // JSON only: a body sent as text/plain is refused with 415 rather than read as a string.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  // The built site is read first: the content security policy allows its inline stylesheet and loader.
  const distDir = deps.distDir ?? path.join(projectRoot, 'dist');
  const pages = createPagesService({ distDir, publicUrl: env.PUBLIC_URL, log: app.log });
  const securityHeaders = securityHeadersOf(pages.inlineCode());
  registerSecurityHeaders(app, { https, headers: securityHeaders });
  registerErrorHandler(app);
  registerTextInputGuard(app);
  registerXsrf(app, { serverKey: env.SECRET_KEY, secureCookies: https });
  registerRateLimit(app, { db: database.db, limits: { mailForms: { max: env.MAIL_FORMS_PER_HOUR, windowSeconds: 3600 } } });
  // The audit log (docs/product/audit-log.md): every module records its staff changes there,
  // in the transaction of the change; the staff session check records the refused calls.
  // Its pruning is a background job like the others: its runs are counted (metrics.timedJob).
  const metrics = createMetrics();
  const audit = createAuditService({
    db: database.db,
    secretKey: env.SECRET_KEY,
    log: app.log,
    timed: (run) => metrics.timedJob('prune-audit-log', run),
  });
  app.decorate('audit', audit);
  if (deps.startWorkers) app.addHook('onReady', async () => audit.start());
  app.addHook('onClose', async () => audit.stop());
  registerStaffSession(app, {
    findSession: createStaffSessionCheckService({ db: database.db }).findSession,
    secondFactorPolicy: env.STAFF_MFA,
    secureCookies: https,
    recordRefusal: ({ staff, method, address, needed }) =>
      audit.record(
        staff,
        {
          action: 'access.refused',
          target: { kind: 'call', id: `${method} ${address}` },
          outcome: 'refused',
          summary: needed === 'secondFactor' ? 'needs a second factor (STAFF_MFA=required)' : `needs the role ${needed}, has ${staff.role}`,
        },
        database.db,
      ),
  });
  // GET /metrics, and what it counts: every answer and 429 here, the rest where it happens below.
  // The modules queue their mails in the outbox, in the transactions of the changes that cause them; the metrics read its backlog.
  const outbox = createOutboxService();
  registerMetrics(app, { metrics, token: env.METRICS_TOKEN, readOutbox: () => outbox.backlog(database.db) });
  // The requests being answered, which the mail worker gives way to.
  const requestsInFlight = countRequestsInFlight(app);
  database.watchWaits((wait, seconds) => metrics.databaseWaited(wait, seconds));
  // The pages answered before Fastify are counted and logged here, as Fastify's hooks do for the rest.
  // Their line is at info: at a quieter level there is no writer to call.
  const logPage = ['trace', 'debug', 'info'].includes(app.log.level) ? pageLineWriter(app.log) : undefined;
  const readyPages = createReadyPages({
    pages,
    securityHeaders,
    secureCookies: https,
    isHttps: (request, forwardedProto) => {
      if (https) return true;
      if (forwardedProto === undefined) return false;
      if (!clientAddress.isProxy(request.socket.remoteAddress)) return false;
      return forwardedProto.split(',').at(-1)?.trim() === 'https';
    },
    answered: (method, status, seconds, requestId) => {
      metrics.requestAnswered(method, pageRoute, status, seconds);
      logPage?.({ method, route: pageRoute, id: requestId }, status, seconds * 1000);
    },
  });
  front.readyPages = readyPages;
  // Every file compressed once, after the start, in zlib's threads.
  if (deps.startWorkers) {
    app.addHook('onListen', async () => {
      void pages.precompress();
    });
  }

  // The services, then the API's routes that answer from them.
  const services = createServices({
    app,
    env,
    database,
    metrics,
    audit,
    outbox,
    startWorkers: deps.startWorkers ?? false,
    signInDelay: deps.signInDelay,
    mailTransport: deps.mailTransport,
    requestsInFlight,
  });
  await registerApiRoutes(app, services);

  // Pages and the app shell; their 404 page answers every unknown path outside /api.
  const appPages = createAppPages({ distDir, inlineCode: pages.inlineCode(), log: app.log });
  const site = registerSiteRoutes(app, { pages, readyPages, appPages, secureCookies: https });
  // The cart's and the checkout's renderer loaded once the server has answered its first
  // calls (loading it holds the event loop for about a third of a second), not by the first
  // visitor of those pages.
  if (deps.startWorkers) {
    let loadRenderer: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      loadRenderer = setTimeout(() => void appPages.prepare(), rendererLoadDelayMs).unref();
    });
    app.addHook('onClose', async () => clearTimeout(loadRenderer));
  }
  app.setNotFoundHandler((request, reply) => {
    // `//api//orders` is an API address too: slashes are folded before the prefix is read.
    const address = request.url.replace(/\/{2,}/g, '/');
    if (address.startsWith('/api') || address.startsWith('/captcha') || request.method !== 'GET') {
      return sendError(reply, new AppError('notFound'));
    }
    return site.sendNotFoundPage(request, reply);
  });

  return app;
}
