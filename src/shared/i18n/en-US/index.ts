import { admin } from './admin.ts';
import { apiErrors } from './api-errors.ts';
import { captcha } from './captcha.ts';
import { cart } from './cart.ts';
import { checkout } from './checkout.ts';
import { common } from './common.ts';
import { contact } from './contact.ts';
import { contactsAdmin } from './contacts-admin.ts';
import { downloadMails } from './download-mails.ts';
import { downloads } from './downloads.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { frame } from './frame.ts';
import { invoice } from './invoice.ts';
import { newsletter } from './newsletter.ts';
import { orders } from './orders.ts';
import { ordersAdmin } from './orders-admin.ts';
import { preferences } from './preferences.ts';
import { shop } from './shop.ts';
import { shopMails } from './shop-mails.ts';
import { webinarFacts } from './webinar-facts.ts';
import { webinarMails } from './webinar-mails.ts';
import { webinars } from './webinars.ts';
import { webinarsAdmin } from './webinars-admin.ts';
import { widgets } from './widgets.ts';

/** The reference catalogue: its keys are the type of every message key. */
export const enUS = { ...common, ...frame, ...errors, ...apiErrors, ...forms, ...captcha, ...cart, ...shop, ...shopMails, ...invoice, ...checkout, ...orders, ...admin, ...ordersAdmin, ...contact, ...contactsAdmin, ...webinars, ...webinarFacts, ...webinarsAdmin, ...webinarMails, ...downloads, ...downloadMails, ...newsletter, ...preferences, ...widgets };
