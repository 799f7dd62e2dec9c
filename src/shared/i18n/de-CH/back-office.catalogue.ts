import type { catalogue as reference } from '../en-US/back-office.catalogue.ts';
import { admin } from './admin.ts';
import { billingAdmin } from './billing-admin.ts';
import { captcha } from './captcha.ts';
import { common } from './common.ts';
import { contactsAdmin } from './contacts-admin.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { lines } from './lines.ts';
import { newsletterAdmin } from './newsletter-admin.ts';
import { orders } from './orders.ts';
import { staffAdmin } from './staff-admin.ts';
import { webinarFacts } from './webinar-facts.ts';
import { webinarsAdmin } from './webinars-admin.ts';
import { seats } from './seats.ts';

/** Was das Backoffice (src/client/admin) zeigt: geladen vor seiner ersten Darstellung. */
export const catalogue = { ...common, ...errors, ...forms, ...lines, ...captcha, ...admin, ...orders, ...contactsAdmin, ...webinarsAdmin, ...webinarFacts, ...staffAdmin, ...newsletterAdmin, ...billingAdmin, ...seats } satisfies Record<keyof typeof reference, string>;
