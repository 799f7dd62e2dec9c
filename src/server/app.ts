import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { captchaRoutes } from '#captcha/captcha.routes.ts';
import { defaultMaxNumber } from '#captcha/puzzle.ts';
import { AppError } from '#shared/errors.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { orderMailComposers } from './modules/checkout/order-mail-composers.ts';
import type { InvoiceDocument } from './modules/invoices/invoice-pdf.ts';
import { createInvoiceRenderer } from './modules/invoices/invoice-renderer.ts';
import { captchaSiteKeyRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaService, type CaptchaService } from './modules/captcha/captcha.service.ts';
import { currencyRoutes } from './modules/currency/currency.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMailWorker, type MailWorker } from './modules/mail/mail.worker.ts';
import { fileTransport, smtpTransport, type MailTransport } from './modules/mail/transport.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { registerSiteRoutes } from './modules/pages/pages.routes.ts';
import { registerErrorHandler, sendError } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerXsrf } from './plugins/xsrf.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppDependencies {
  env: Env;
  database: Database;
  /** Where the built client and prerendered pages are; default `dist/`. */
  distDir?: string;
  /** Pino logger options, or false in tests. */
  logger?: boolean | { level: string };
  /** Start background work (the mail worker); tests drive it themselves. */
  startWorkers?: boolean;
  /** Overrides the transport chosen from SMTP_URL (tests). */
  mailTransport?: MailTransport;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Site keys and the single-use check of solutions, for the form modules. */
    captcha: CaptchaService;
    /** Delivers the outbox. */
    mailWorker: MailWorker;
  }
}

/** Request bodies above this are refused with 413; no form of ours comes near it. */
export const bodyLimit = 64 * 1024;

/** Builds the whole server: cross-cutting plugins first, then the modules, in order. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: env.LOG_LEVEL },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: env.TRUST_PROXY,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
  });

  // Every route declares its payloads with the shared Zod schemas: they validate the
  // input, check the output, and make the OpenAPI document served at /api/docs.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      info: { title: 'CyberSafe Academy shop API', version: '1.0.0' },
      components: { securitySchemes: { xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Cross-cutting: cookies, headers, errors, anti-forgery.
  await app.register(cookie);
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerXsrf(app, { serverKey: env.SECRET_KEY, secureCookies: env.PUBLIC_URL.startsWith('https:') });

  // The puzzle provider: its own module and secret, mounted under /captcha.
  const captcha = createCaptchaService({
    db: database.db,
    secretKey: env.SECRET_KEY,
    maxNumber: env.CAPTCHA_MAX_NUMBER ?? defaultMaxNumber,
  });
  await app.register(captchaRoutes(captcha.providerOptions), { prefix: '/captcha' });
  app.decorate('captcha', captcha);

  // Invoice PDFs are rendered in a thread of their own (CPU-heavy).
  const invoices = createInvoiceRenderer();
  app.addHook('onClose', async () => invoices.close());
  const renderPdf = (invoice: InvoiceDocument) => invoices.render(invoice);

  // E-mail: queued in the outbox by the modules, delivered by the worker.
  const mail = { from: env.MAIL_FROM, domain: env.MAIL_FROM.split('@')[1] ?? 'localhost' };
  const mailWorker = createMailWorker({
    db: database.db,
    from: env.MAIL_FROM,
    domain: mail.domain,
    composers: orderMailComposers({ db: database.db, publicUrl: env.PUBLIC_URL, renderPdf }),
    log: app.log,
    transport:
      deps.mailTransport ??
      (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(path.join(env.DATA_DIR, 'mail'), (m) => app.log.info(m))),
  });
  app.decorate('mailWorker', mailWorker);
  if (deps.startWorkers) app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());

  // API modules.
  const db = database.db;
  await app.register(healthRoutes, { database });
  await app.register(captchaSiteKeyRoutes, { captcha });
  await app.register(geoRoutes);
  await app.register(currencyRoutes);
  await app.register(newsletterRoutes, { db, captcha });
  await app.register(cartRoutes, { db, env, mail, onMailQueued: () => mailWorker.wake() });
  await app.register(checkoutRoutes, { db, env, mail, renderPdf, onMailQueued: () => mailWorker.wake() });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Pages and the app shell; their 404 page answers every unknown path outside /api.
  const site = registerSiteRoutes(app, { distDir: deps.distDir ?? path.join(projectRoot, 'dist'), publicUrl: env.PUBLIC_URL });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/captcha') || request.method !== 'GET') {
      return sendError(reply, new AppError('notFound'));
    }
    return site.sendNotFoundPage(request, reply);
  });

  return app;
}
