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

/** What the back office (src/client/admin) shows: loaded before its first render (src/client/lib/start-spa.tsx). */
export const catalogue = { ...common, ...errors, ...forms, ...lines, ...captcha, ...admin, ...orders, ...contactsAdmin, ...webinarsAdmin, ...webinarFacts, ...staffAdmin, ...newsletterAdmin, ...billingAdmin, ...seats };
