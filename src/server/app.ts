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
import { captchaSiteKeyRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaService, type CaptchaService } from './modules/captcha/captcha.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createSaveCartService } from './modules/cart/save-cart.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { currencyRoutes } from './modules/currency/currency.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createMailService, type MailService, type MailSettings, type MailTransport } from './modules/mail/mail.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { registerSiteRoutes } from './modules/pages/pages.routes.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
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
    mailWorker: MailService;
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

  // The services, each made once with what it depends on, and made after the services
  // it uses. The route plugins below get them; no module builds another's service.
  const db = database.db;
  const mailSettings: MailSettings = { from: env.MAIL_FROM, domain: env.MAIL_FROM.split('@')[1] ?? 'localhost' };
  // The mail service is made last, as it sends the mails the checkout service composes;
  // requests that queue mails call this only once everything is made.
  const onMailQueued = () => mail.wake();
  const health = createHealthService({ database });
  const captcha = createCaptchaService({
    db,
    secretKey: env.SECRET_KEY,
    maxNumber: env.CAPTCHA_MAX_NUMBER ?? defaultMaxNumber,
  });
  const geo = createGeoService();
  const catalog = createCatalogService({ db });
  const orders = createOrdersService({ db });
  const cart = createCartService({ db, catalog, orders });
  const saveCart = createSaveCartService({ db, cart, captcha, mail: mailSettings, publicUrl: env.PUBLIC_URL, onMailQueued });
  const newsletter = createNewsletterService({ db, captcha });
  // Invoice PDFs are rendered in a thread of their own (CPU-heavy).
  const invoices = createInvoicesService();
  app.addHook('onClose', async () => invoices.close());
  const checkout = createCheckoutService({
    db,
    cart,
    orders,
    captcha,
    invoices,
    mail: mailSettings,
    ordersEmail: env.ORDERS_EMAIL,
    publicUrl: env.PUBLIC_URL,
    onMailQueued,
  });
  // E-mail: queued in the outbox by the services, delivered by the mail service's worker.
  const mail = createMailService({
    db,
    settings: mailSettings,
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    composers: checkout.mailComposers,
    log: app.log,
    transport: deps.mailTransport,
  });
  app.decorate('mailWorker', mail);
  if (deps.startWorkers) app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  const pages = createPagesService({ distDir: deps.distDir ?? path.join(projectRoot, 'dist'), publicUrl: env.PUBLIC_URL, log: app.log });

  // The puzzle provider: its own module and secret, mounted under /captcha.
  await app.register(captchaRoutes(captcha.providerOptions), { prefix: '/captcha' });
  app.decorate('captcha', captcha);

  // API modules.
  await app.register(healthRoutes, { health });
  await app.register(captchaSiteKeyRoutes, { captcha });
  await app.register(geoRoutes, { geo });
  await app.register(currencyRoutes);
  await app.register(newsletterRoutes, { newsletter });
  await app.register(cartRoutes, { cart, saveCart });
  await app.register(checkoutRoutes, { checkout });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Pages and the app shell; their 404 page answers every unknown path outside /api.
  const site = registerSiteRoutes(app, { pages });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/captcha') || request.method !== 'GET') {
      return sendError(reply, new AppError('notFound'));
    }
    return site.sendNotFoundPage(request, reply);
  });

  return app;
}
