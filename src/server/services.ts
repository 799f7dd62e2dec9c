import { defaultMaxNumber } from '#captcha/puzzle.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { type AuditService } from './modules/audit/audit.service.ts';
import { createAccountOrdersService } from './modules/account/account-orders.service.ts';
import { createAccountSignInService } from './modules/account/account-sign-in.service.ts';
import { createBillingDetailsService } from './modules/checkout/billing-details.service.ts';
import { registerAccountSession } from './plugins/account-session.ts';
import { createCaptchaService, type CaptchaService } from './modules/captcha/captcha.service.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createSaveCartService } from './modules/cart/save-cart.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { createContactsService } from './modules/contacts/contacts.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDemoService } from './modules/demo/demo.service.ts';
import { createDownloadablesService } from './modules/downloadables/downloadables.service.ts';
import { createPublicFormService } from './modules/forms/public-form.service.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createInvoiceRecordsService } from './modules/invoices/invoice-records.service.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createBillingJobService } from './modules/billing/billing-job.service.ts';
import { createBillingFiguresService } from './modules/billing/billing-figures.service.ts';
import { createBillingNoticesService } from './modules/billing/billing-notices.service.ts';
import { createBillingRemindersService } from './modules/billing/billing-reminders.service.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createCreditNotesService } from './modules/billing/credit-notes.service.ts';
import { createSeatChangesService } from './modules/billing/seat-changes.service.ts';
import { createOrderInvoicesService } from './modules/billing/order-invoices.service.ts';
import { mailSettingsFor } from './modules/mail/mail-senders.rules.ts';
import { createMailService, type MailTransport } from './modules/mail/mail.service.ts';
import { createNewsletterIssuesService, createNewsletterSendingJob } from './modules/newsletter/newsletter-issues.service.ts';
import { createNewsletterOptInService } from './modules/newsletter/newsletter-opt-in.service.ts';
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts';
import { createOrderActionsService } from './modules/orders/order-actions.service.ts';
import { createOrderJobsService } from './modules/orders/order-jobs.service.ts';
import { createOrderPageService } from './modules/orders/order-page.service.ts';
import { createOrdersTableService } from './modules/orders/orders-table.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createStaffAdminService } from './modules/staff/staff-admin.service.ts';
import { createStaffAccountsService } from './modules/staff/staff-accounts.service.ts';
import { createStaffDirectoryService } from './modules/staff/staff-directory.service.ts';
import { createStaffErasureService } from './modules/staff/staff-erasure.service.ts';
import { createMessagesPersonalDataService } from './modules/messages/messages-personal-data.service.ts';
import { createNewsletterPersonalDataService } from './modules/newsletter/newsletter-personal-data.service.ts';
import { createWebinarsPersonalDataService } from './modules/webinars/webinars-personal-data.service.ts';
import { createStaffSecondFactorService } from './modules/staff/staff-second-factor.service.ts';
import { createStaffSignInService } from './modules/staff/staff-sign-in.service.ts';
import { createStaffThrottleService, type SignInDelay } from './modules/staff/staff-throttle.service.ts';
import { createWebinarsService } from './modules/webinars/webinars.service.ts';

import type { App } from './app.ts';
import type { Metrics } from './plugins/metrics.ts';
import type { OutboxService } from './modules/mail/outbox.service.ts';

/** What the services are made with: the app (for its hooks, decorations and log), the settings, and the cross-cutting parts `buildApp` makes first. */
export interface ServiceContext {
  app: App;
  env: Env;
  database: Database;
  metrics: Metrics;
  audit: AuditService;
  outbox: OutboxService;
  /** Start background work (mail worker, jobs) when the app is ready; tests drive it themselves. */
  startWorkers: boolean;
  signInDelay?: Partial<SignInDelay> | undefined;
  mailTransport?: MailTransport | undefined;
  /** The requests being answered now (plugins/requests-in-flight.ts), which the mail worker gives way to. */
  requestsInFlight: () => number;
}

/**
 * Every service of the modules, each made once with what it depends on, after the services
 * it uses; its background jobs start with the app and stop when it closes. The route
 * plugins get them (api-routes.ts); no module builds another's service.
 */
export function createServices(context: ServiceContext) {
  const { app, env, database, metrics, audit, outbox, startWorkers, signInDelay, mailTransport, requestsInFlight } = context;
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
  if (startWorkers) app.addHook('onReady', async () => newsletterSending.start());
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
  const staffThrottle = createStaffThrottleService({ db, signInDelay: signInDelay });
  const secondFactor = createStaffSecondFactorService({ db, throttle: staffThrottle, secretKey: env.SECRET_KEY });
  const signIn = createStaffSignInService({ db, captcha, throttle: staffThrottle, secondFactor, secondFactorPolicy: env.STAFF_MFA, audit });
  // Staff accounts: the admins' staff page with its invitations, and the accounts of the start (main.ts).
  const staffAdmin = createStaffAdminService({ db, audit, outbox, mail: mailSettings, publicUrl: env.PUBLIC_URL, onMailQueued });
  app.decorate('staffAccounts', createStaffAccountsService({ db, audit }));
  // Invoice PDFs are rendered in a pool of threads (CPU-heavy; INVOICE_THREADS), started by
  // the invoices waiting and ended when idle: the invoices are made by the mail worker and by
  // jobs, never while a visitor waits, and an idle server keeps its memory (invoice-renderer.ts).
  const invoices = createInvoicesService({ threads: env.INVOICE_THREADS });
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
  const billingNotices = createBillingNoticesService({ db, orders, outbox, mail: mailSettings, ordersEmail: env.ORDERS_EMAIL, publicUrl: env.PUBLIC_URL, secretKey: env.SECRET_KEY, onMailQueued });
  const orderInvoices = createOrderInvoicesService({ orders, invoiceRecords });
  const creditNotes = createCreditNotesService({ db, orders, invoiceRecords, orderInvoices, outbox, audit, publicUrl: env.PUBLIC_URL, onMailQueued });
  const seatChanges = createSeatChangesService({ db, orders, renewals: billing, checkout, invoiceRecords, outbox, audit, settings: billingSettings, publicUrl: env.PUBLIC_URL, onMailQueued });
  const billingFigures = createBillingFiguresService({ db, orders, invoiceRecords, settings: billingSettings });
  // The buyer's account: the sign-in link by e-mail, its session (the check every buyer's call makes), the orders of the address.
  const accountSignIn = createAccountSignInService({ db, captcha, orders, outbox, mail: mailSettings, publicUrl: env.PUBLIC_URL, onMailQueued });
  registerAccountSession(app, { findSession: accountSignIn.findSession, ownsOrder: accountSignIn.ownsOrder, secureCookies: env.PUBLIC_URL.startsWith('https:') });
  const accountOrders = createAccountOrdersService({ orders, checkout, orderInvoices });
  const billingDetails = createBillingDetailsService({ db, orders, audit });
  // What an order's actions do to its invoices: billing's hooks of the transition table
  // (orders/order-state-machine.ts); orders calls no billing code of its own.
  orders.listen(billing.transitionListeners);
  const orderActions = createOrderActionsService({ orders, orderPage, renewals: billing, audit });
  app.decorate('billing', billing);
  const dashboard = createDashboardService({ orders: ordersTable, messages, webinars });
  // Demo orders, made by main.ts on a first start through the services above.
  app.decorate('demo', createDemoService({ db, cart, checkout, orders, orderPage, orderActions, billing }));
  const orderJobs = createOrderJobsService({ orders: { abandonIdleCarts: metrics.timedJob('abandon-idle-carts', () => orders.abandonIdleCarts()) }, log: app.log });
  if (startWorkers) app.addHook('onReady', async () => orderJobs.start());
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
  if (startWorkers && env.BILLING === 'on') app.addHook('onReady', async () => billingJob.start());
  app.addHook('onClose', async () => billingJob.stop());
  // E-mail: queued in the outbox by the services, delivered by the mail service's worker.
  const mail = createMailService({
    db,
    settings: mailSettings,
    smtpUrl: env.SMTP_URL,
    dkim: env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY } : undefined,
    dataDir: env.DATA_DIR,
    composers: { ...checkout.mailComposers, ...billing.mailComposers, ...billingReminders.mailComposers, ...creditNotes.mailComposers, ...seatChanges.mailComposers },
    log: app.log,
    transport: mailTransport,
    onDelivery: (outcome) => metrics.mailDelivered(outcome),
    requestsInFlight,
  });
  app.decorate('mailWorker', mail);
  if (startWorkers) app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());


  return {
    health,
    captcha,
    geo,
    newsletter,
    messages,
    webinars,
    downloadables,
    signIn,
    secondFactor,
    staffAdmin,
    cart,
    saveCart,
    checkout,
    orderInvoices,
    billingNotices,
    creditNotes,
    seatChanges,
    billingFigures,
    ordersTable,
    orderPage,
    orderActions,
    dashboard,
    contacts,
    audit,
    newsletterIssues,
    newsletterSending,
    accountSignIn,
    accountOrders,
    billingDetails,
  };
}

export type Services = ReturnType<typeof createServices>;
