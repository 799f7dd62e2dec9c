import { admin } from './admin.ts';
import { buyerDetails } from './buyer-details.ts';
import { captcha } from './captcha.ts';
import { checkout } from './checkout.ts';
import { common } from './common.ts';
import { contact } from './contact.ts';
import { contactsAdmin } from './contacts-admin.ts';
import { downloads } from './downloads.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { frame } from './frame.ts';
import { invoice } from './invoice.ts';
import { newsletter } from './newsletter.ts';
import { ordersAdmin } from './orders-admin.ts';
import { preferences } from './preferences.ts';
import { shop } from './shop.ts';
import { users } from './users.ts';
import { webinarMails } from './webinar-mails.ts';
import { webinars } from './webinars.ts';
import { widgets } from './widgets.ts';

/** The reference catalogue: its keys are the type of every message key. */
export const enUS = { ...common, ...frame, ...errors, ...forms, ...captcha, ...shop, ...invoice, ...checkout, ...buyerDetails, ...ordersAdmin, ...admin, ...users, ...contact, ...contactsAdmin, ...webinars, ...webinarMails, ...downloads, ...newsletter, ...preferences, ...widgets };
