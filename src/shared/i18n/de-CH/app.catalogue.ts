import { account } from './account.ts';
import type { catalogue as reference } from '../en-US/app.catalogue.ts';
import { billing } from './billing.ts';
import { captcha } from './captcha.ts';
import { cart } from './cart.ts';
import { checkout } from './checkout.ts';
import { common } from './common.ts';
import { downloadables } from './downloadables.ts';
import { errors } from './errors.ts';
import { forms } from './forms.ts';
import { lines } from './lines.ts';
import { frame } from './frame.ts';
import { orders } from './orders.ts';
import { preferences } from './preferences.ts';
import { shop } from './shop.ts';
import { webinarFacts } from './webinar-facts.ts';
import { webinars } from './webinars.ts';
import { seats } from './seats.ts';

/** Was die App des Shops (src/client/app) zeigt, mit den Dialogen, die sie mit den Marketing-Seiten teilt: geladen vor ihrer ersten Darstellung. */
export const catalogue = { ...common, ...frame, ...errors, ...forms, ...lines, ...captcha, ...cart, ...shop, ...checkout, ...orders, ...downloadables, ...webinars, ...webinarFacts, ...preferences, ...billing, ...account, ...seats } satisfies Record<keyof typeof reference, string>;
