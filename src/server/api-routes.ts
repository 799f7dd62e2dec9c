import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaRoutes } from '#captcha/captcha.routes.ts';
import { apiDocumentCalls } from '#shared/contract/api-document.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { captchaSiteKeyRoutes } from './modules/captcha/captcha.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { inboxRoutes } from './modules/messages/inbox.routes.ts';
import { contactFormRoutes } from './modules/messages/contact-form.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { currencyRoutes } from './modules/currency/currency.routes.ts';
import { downloadablesRoutes } from './modules/downloadables/downloadables.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { seatChangeRoutes } from './modules/billing/seat-changes.routes.ts';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter-admin.routes.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.ts';
import { webinarsAdminRoutes } from './modules/webinars/webinars-admin.routes.ts';
import { webinarsRoutes } from './modules/webinars/webinars.routes.ts';
import { registerCall } from './http/register-call.ts';

import type { App } from './app.ts';
import type { Services } from './services.ts';

/** The API's routes: every module's route plugin with the services it answers from, and the puzzle provider under /captcha. */
export async function registerApiRoutes(app: App, services: Services): Promise<void> {
  const { health, captcha, geo, newsletter, messages, webinars, downloadables, signIn, secondFactor, staffAdmin, cart, saveCart, checkout } = services;
  const { orderInvoices, billingNotices, creditNotes, billingFigures, ordersTable, orderPage, orderActions, dashboard, contacts, audit, newsletterIssues, newsletterSending } = services;
  const { accountSignIn, accountOrders, billingDetails, seatChanges } = services;
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
  await app.register(accountRoutes, { signIn: accountSignIn, accountOrders, billingDetails });
  await app.register(seatChangeRoutes, { seatChanges });
  // The back office: staff calls, each guarded by the staff session its contract entry asks for.
  await app.register(ordersAdminRoutes, { ordersTable, orderPage, orderActions });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(inboxRoutes, { messages });
  await app.register(contactsRoutes, { contacts });
  await app.register(webinarsAdminRoutes, { webinars });
  await app.register(auditRoutes, { audit });
  await app.register(newsletterAdminRoutes, { issues: newsletterIssues, wakeSending: () => newsletterSending.wake() });
  registerCall(app.withTypeProvider<ZodTypeProvider>(), apiDocumentCalls.document, async () => app.swagger());

}
