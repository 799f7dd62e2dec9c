import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaRoutes } from '#captcha/captcha.routes.ts';
import { defaultMaxNumber } from '#captcha/puzzle.ts';
import { apiDocumentCalls } from '#shared/contract/api-document.ts';
import { AppError } from '#shared/errors.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService, type AuditService } from './modules/audit/audit.service.ts';
import { captchaSiteKeyRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaService, type CaptchaService } from './modules/captcha/captcha.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createSaveCartService } from './modules/cart/save-cart.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { inboxRoutes } from './modules/messages/inbox.routes.ts';
import { contactFormRoutes } from './modules/messages/contact-form.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { createContactsService } from './modules/contacts/contacts.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { currencyRoutes } from './modules/currency/currency.routes.ts';
import { createDemoService, type DemoService } from './modules/demo/demo.service.ts';
import { downloadablesRoutes } from './modules/downloadables/downloadables.routes.ts';
import { createDownloadablesService } from './modules/downloadables/downloadables.service.ts';
import { createPublicFormService } from './modules/forms/public-form.service.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createInvoiceRecordsService } from './modules/invoices/invoice-records.service.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingJobService } from './modules/billing/billing-job.service.ts';
import { createBillingFiguresService } from './modules/billing/billing-figures.service.ts';
import { createBillingNoticesService } from './modules/billing/billing-notices.service.ts';
import { createBillingRemindersService } from './modules/billing/billing-reminders.service.ts';
import { createBillingService, type BillingService } from './modules/billing/billing.service.ts';
import { createCreditNotesService } from './modules/billing/credit-notes.service.ts';
import { createOrderInvoicesService } from './modules/billing/order-invoices.service.ts';
import { mailSettingsFor } from './modules/mail/mail-senders.rules.ts';
import { createMailService, type MailService, type MailTransport } from './modules/mail/mail.service.ts';
import { createOutboxService } from './modules/mail/outbox.service.ts';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter-admin.routes.ts';
import { createNewsletterIssuesService, createNewsletterSendingJob } from './modules/newsletter/newsletter-issues.service.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { createNewsletterOptInService } from './modules/newsletter/newsletter-opt-in.service.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { createOrderActionsService } from './modules/orders/order-actions.service.ts';
import { createOrderJobsService } from './modules/orders/order-jobs.service.ts';
import { createOrderPageService } from './modules/orders/order-page.service.ts';
import { createOrdersTableService } from './modules/orders/orders-table.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { registerSiteRoutes } from './modules/pages/pages.routes.ts';
import { createAppPages } from './modules/pages/app-pages.service.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { createReadyPages, pageRoute, type ReadyPages } from './modules/pages/ready-pages.service.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.ts';
import { createStaffAdminService } from './modules/staff/staff-admin.service.ts';
import { createStaffAccountsService, type StaffAccountsService } from './modules/staff/staff-accounts.service.ts';
import { createStaffDirectoryService } from './modules/staff/staff-directory.service.ts';
import { createStaffErasureService } from './modules/staff/staff-erasure.service.ts';
import { createStaffSessionCheckService } from './modules/staff/staff-session-check.service.ts';
import { createMessagesPersonalDataService } from './modules/messages/messages-personal-data.service.ts';
import { createNewsletterPersonalDataService } from './modules/newsletter/newsletter-personal-data.service.ts';
import { createWebinarsPersonalDataService } from './modules/webinars/webinars-personal-data.service.ts';
import { createStaffSecondFactorService } from './modules/staff/staff-second-factor.service.ts';
import { createStaffSignInService } from './modules/staff/staff-sign-in.service.ts';
import { createStaffThrottleService, type SignInDelay } from './modules/staff/staff-throttle.service.ts';
import { webinarsAdminRoutes } from './modules/webinars/webinars-admin.routes.ts';
import { webinarsRoutes } from './modules/webinars/webinars.routes.ts';
import { createWebinarsService } from './modules/webinars/webinars.service.ts';
import { registerCall } from './http/register-call.ts';
import { registerApiDocument } from './plugins/api-document.ts';
import { clientAddressRules } from './plugins/client-address.ts';
import { limitConnections } from './plugins/connection-limits.ts';
import { answeredSafely, clientErrorHandler, frameworkErrorHandler, registerErrorHandler, sendError, watchRequestMethods } from './plugins/errors.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders, securityHeadersOf } from './plugins/security-headers.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { loggerOptions, type LogOptions } from './plugins/request-log.ts';
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
  const answerBeforeFastify = answeredSafely(
    (request, response) => front.readyPages?.answer(request, response) ?? false,
    (request, id, err) => app.log.error({ req: { method: request.method ?? 'GET', route: pageRoute, id }, err }, 'unexpected error'),
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
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      return server;
    },
    // Request logs name the method, the route pattern and the request id: addresses carry
    // values (`?email=…`, order ids) and client addresses are personal data. The id is
    // always our own; a client's `X-Request-ID` is logged beside it, when it looks like an id.
    // A failing serializer or stream cannot end the process (src/server/plugins/request-log.ts).
    logger: deps.logger === false ? false : loggerOptions({ level: env.LOG_LEVEL, ...deps.logger }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: clientAddress.trustProxy,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Slow clients are dropped: the whole request (headers and body) must arrive within
    // REQUEST_TIMEOUT_MS, checked every second; idle keep-alive connections close after 5 s.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    // A request without Host is refused by our own check (src/server/plugins/errors.ts), in
    // the error shape, instead of Node's bare 400.
    http: { headersTimeout: env.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(1_000, env.REQUEST_TIMEOUT_MS / 2), requireHostHeader: false },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
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
  app.setSerializerCompiler(serializerCompiler);
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
  database.watchWaits((wait, seconds) => metrics.databaseWaited(wait, seconds));
  // The pages answered before Fastify are counted and logged here, as Fastify's hooks do for the rest.
  const logPages = ['trace', 'debug', 'info'].includes(app.log.level);
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
    answered: (request, status, seconds, requestId) => {
      metrics.requestAnswered(request.method ?? 'GET', pageRoute, status, seconds);
      if (logPages) app.log.info({ req: { method: request.method ?? 'GET', route: pageRoute, id: requestId }, res: { statusCode: status }, responseTime: seconds * 1000 }, 'request completed');
    },
  });
  front.readyPages = readyPages;
  // Every file compressed once, after the start, in zlib's threads.
  if (deps.startWorkers) {
    app.addHook('onListen', async () => {
      void pages.precompress();
    });
  }

  // The services, each made once with what it depends on, and made after the services
  // it uses. The route plugins below get them; no module builds another's service.
  const db = database.db;
  const mailSettings = mailSettingsFor(env.MAIL_FROM);
  // The mail service is made last, as it sends the mails the checkout service composes;
  // requests that queue mails call this only once everything is made.
  const onMailQueued = () => mail.wake();
  const health = createHealthService({ database });
  const captchaService = createCaptchaService({
    db,
    secretKey: env.SECRET_KEY,
    maxNumber: env.CAPTCHA_MAX_NUMBER ?? defaultMaxNumber,
  });
  // Every form's check of a solution is counted, accepted or refused.
  const captcha: CaptchaService = { ...captchaService, verify: metrics.countCaptcha(captchaService.verify) };
  const geo = createGeoService();
  const catalog = createCatalogService({ db });
  const orders = createOrdersService({ db });
  const cart = createCartService({ db, catalog, orders, writeCount: database.writeCount });
  // Everyone who leaves an address through a form: one contact each, with their consents;
  // their erasure reaches the orders, the staff tables and the audit log through their services.
  const contacts = createContactsService({
    db,
    orders,
    staff: createStaffErasureService(),
    messages: createMessagesPersonalDataService({ db }),
    webinars: createWebinarsPersonalDataService({ db }),
    newsletter: createNewsletterPersonalDataService({ db }),
    outbox,
    mail: mailSettings,
    publicUrl: env.PUBLIC_URL,
    onMailQueued,
    audit,
  });
  // The newsletter's double opt-in, which every public form starts; its mails go out from NEWSLETTER_FROM.
  const newsletterOptIn = createNewsletterOptInService({ contacts, outbox, mail: mailSettingsFor(env.NEWSLETTER_FROM), publicUrl: env.PUBLIC_URL });
  // The steps every public form shares, in one transaction: captcha, contact, consent, double opt-in, mails.
  const forms = createPublicFormService({ db, captcha, contacts, newsletter: newsletterOptIn, outbox, mail: mailSettings, onMailQueued });
  // The newsletter's form and preference centre.
  const newsletter = createNewsletterService({ db, forms, contacts });
  // Its issues, written in the back office and sent by their job at NEWSLETTER_MAILS_PER_MINUTE.
  const newsletterIssues = createNewsletterIssuesService({
    db,
    outbox,
    mail: mailSettingsFor(env.NEWSLETTER_FROM),
    publicUrl: env.PUBLIC_URL,
    mailsPerMinute: env.NEWSLETTER_MAILS_PER_MINUTE,
    onMailQueued,
    audit,
  });
  const newsletterSending = createNewsletterSendingJob({ issues: newsletterIssues, log: app.log });
  if (deps.startWorkers) app.addHook('onReady', async () => newsletterSending.start());
  app.addHook('onClose', async () => newsletterSending.stop());
  const saveCart = createSaveCartService({ cart, forms, orders, publicUrl: env.PUBLIC_URL });
  // The contact form and the back office's inbox; each recipient's address falls back to ORDERS_EMAIL.
  const messages = createMessagesService({
    db,
    forms,
    addresses: {
      MESSAGE_CENTRAL: env.CONTACT_EMAIL_MESSAGE_CENTRAL ?? env.ORDERS_EMAIL,
      EDUCATION_EXPERT: env.CONTACT_EMAIL_EDUCATION_EXPERT ?? env.ORDERS_EMAIL,
      DATA_PRIVACY_OFFICER: env.CONTACT_EMAIL_DATA_PRIVACY_OFFICER ?? env.ORDERS_EMAIL,
      INFORMATION_SECURITY_OFFICER_SECURITY_ISSUES_ONLY: env.CONTACT_EMAIL_SECURITY ?? env.ORDERS_EMAIL,
    },
    publicUrl: env.PUBLIC_URL,
    audit,
  });
  // Webinars: the public list, the sign-up with its confirmation and calendar entry, the admin.
  const webinars = createWebinarsService({ db, forms, outbox, mail: mailSettings, onMailQueued, audit, contacts });
  // Downloadable content: the free guide and other documents, mailed as a link signed with SECRET_KEY.
  const downloadables = createDownloadablesService({ db, forms, publicUrl: env.PUBLIC_URL, secretKey: env.SECRET_KEY });
  // Staff sign-in: every password check through one throttle; the second factor; the own sessions and password.
  const staffThrottle = createStaffThrottleService({ db, signInDelay: deps.signInDelay });
  const secondFactor = createStaffSecondFactorService({ db, throttle: staffThrottle, secretKey: env.SECRET_KEY });
  const signIn = createStaffSignInService({ db, captcha, throttle: staffThrottle, secondFactor, secondFactorPolicy: env.STAFF_MFA, audit });
  // Staff accounts: the admins' staff page with its invitations, and the accounts of the start (main.ts).
  const staffAdmin = createStaffAdminService({ db, audit, outbox, mail: mailSettings, publicUrl: env.PUBLIC_URL, onMailQueued });
  app.decorate('staffAccounts', createStaffAccountsService({ db, audit }));
  // Invoice PDFs are rendered in a thread of their own (CPU-heavy), started by the first
  // invoice and ended when idle: the invoices are made by the mail worker and by jobs, never
  // while a visitor waits, and an idle server keeps its memory (invoice-renderer.ts).
  const invoices = createInvoicesService();
  app.addHook('onClose', async () => invoices.close());
  // The invoices as records: issued once per order and period, their PDFs kept once rendered.
  const invoiceRecords = createInvoiceRecordsService({ db, renderer: invoices });
  const checkout = createCheckoutService({
    db,
    cart,
    orders,
    captcha,
    contacts,
    invoiceRecords,
    outbox,
    ordersEmail: env.ORDERS_EMAIL,
    publicUrl: env.PUBLIC_URL,
    onMailQueued,
  });
  // The back office's orders (the table, an order's page, the staff actions) and start page;
  // the order jobs (idle carts are abandoned).
  const ordersTable = createOrdersTableService({
    db,
    audit,
    overdueOrders: () => invoiceRecords.overdueOrders(env.REMINDER_DAYS.length),
    staff: createStaffDirectoryService({ db }),
  });
  const orderPage = createOrderPageService({ db, checkout, audit, outbox });
  // Billing: the first invoice at INVOICE, a renewal with its invoice per period, end dates, reminders;
  // notice from the customer, credit notes and the figures each a service of their own.
  const billingSettings = { paymentTermDays: env.PAYMENT_TERMS_DAYS, reminderDays: env.REMINDER_DAYS };
  const billingReminders = createBillingRemindersService({ db, orders, invoiceRecords, outbox, settings: billingSettings, publicUrl: env.PUBLIC_URL });
  const billing = createBillingService({
    db,
    orders,
    invoiceRecords,
    checkout,
    outbox,
    reminders: billingReminders,
    settings: billingSettings,
    publicUrl: env.PUBLIC_URL,
    onMailQueued,
    log: app.log,
  });
  const billingNotices = createBillingNoticesService({ db, orders, outbox, mail: mailSettings, publicUrl: env.PUBLIC_URL, secretKey: env.SECRET_KEY, onMailQueued });
  const orderInvoices = createOrderInvoicesService({ orders, invoiceRecords });
  const creditNotes = createCreditNotesService({ db, orders, invoiceRecords, orderInvoices, outbox, audit, publicUrl: env.PUBLIC_URL, onMailQueued });
  const billingFigures = createBillingFiguresService({ db, orders, invoiceRecords, settings: billingSettings });
  // What an order's actions do to its invoices: billing's hooks of the transition table
  // (orders/order-state-machine.ts); orders calls no billing code of its own.
  orders.listen(billing.transitionListeners);
  const orderActions = createOrderActionsService({ orders, orderPage, renewals: billing, audit });
  app.decorate('billing', billing);
  const dashboard = createDashboardService({ orders: ordersTable, messages, webinars });
  // Demo orders, made by main.ts on a first start through the services above.
  app.decorate('demo', createDemoService({ db, cart, checkout, orders, orderPage, orderActions, billing }));
  const orderJobs = createOrderJobsService({ orders: { abandonIdleCarts: metrics.timedJob('abandon-idle-carts', () => orders.abandonIdleCarts()) }, log: app.log });
  if (deps.startWorkers) app.addHook('onReady', async () => orderJobs.start());
  app.addHook('onClose', async () => orderJobs.stop());
  // Timed in the metrics, which count what a run renewed, terminated and reminded of.
  const billingJob = createBillingJobService({
    billing: {
      run: async () => {
        let report: Awaited<ReturnType<typeof billing.run>> | undefined;
        await metrics.timedJob('billing', async () => {
          report = await billing.run();
          return report.renewed.length + report.terminated.length + report.reminded.length;
        })();
        if (!report) throw new Error('billing run answered no report');
        return report;
      },
    },
    log: app.log,
  });
  if (deps.startWorkers && env.BILLING === 'on') app.addHook('onReady', async () => billingJob.start());
  app.addHook('onClose', async () => billingJob.stop());
  // E-mail: queued in the outbox by the services, delivered by the mail service's worker.
  const mail = createMailService({
    db,
    settings: mailSettings,
    smtpUrl: env.SMTP_URL,
    dkim: env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY } : undefined,
    dataDir: env.DATA_DIR,
    composers: { ...checkout.mailComposers, ...billing.mailComposers, ...billingReminders.mailComposers, ...creditNotes.mailComposers },
    log: app.log,
    transport: deps.mailTransport,
    onDelivery: (outcome) => metrics.mailDelivered(outcome),
  });
  app.decorate('mailWorker', mail);
  if (deps.startWorkers) app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());

  // The puzzle provider: its own module and secret, mounted under /captcha.
  await app.register(captchaRoutes(captcha.providerOptions), { prefix: '/captcha' });
  app.decorate('captcha', captcha);

  // API modules.
  await app.register(healthRoutes, { health });
  await app.register(captchaSiteKeyRoutes, { captcha });
  await app.register(geoRoutes, { geo });
  await app.register(currencyRoutes);
  await app.register(newsletterRoutes, { newsletter });
  await app.register(contactFormRoutes, { messages });
  await app.register(webinarsRoutes, { webinars });
  await app.register(downloadablesRoutes, { downloadables });
  await app.register(staffRoutes, { signIn, secondFactor });
  await app.register(staffAdminRoutes, { staffAdmin });
  await app.register(cartRoutes, { cart, saveCart });
  await app.register(checkoutRoutes, { checkout });
  await app.register(billingRoutes, { orderInvoices, notices: billingNotices, creditNotes, figures: billingFigures });
  // The back office: staff calls, each guarded by the staff session its contract entry asks for.
  await app.register(ordersAdminRoutes, { ordersTable, orderPage, orderActions });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(inboxRoutes, { messages });
  await app.register(contactsRoutes, { contacts });
  await app.register(webinarsAdminRoutes, { webinars });
  await app.register(auditRoutes, { audit });
  await app.register(newsletterAdminRoutes, { issues: newsletterIssues, wakeSending: () => newsletterSending.wake() });
  registerCall(app.withTypeProvider<ZodTypeProvider>(), apiDocumentCalls.document, async () => app.swagger());

  // Pages and the app shell; their 404 page answers every unknown path outside /api.
  const site = registerSiteRoutes(app, { pages, readyPages, appPages: createAppPages({ distDir, log: app.log }) });
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
