import type { FormFamily } from '../captcha-families.ts';
import type { Call } from '../contract.ts';
import { siteKeySchema } from '../schemas/common.ts';

/**
 * The captcha site key of each form family (src/shared/captcha-families.ts,
 * src/server/modules/captcha/captcha.routes.ts): a solution made for one family's
 * forms is refused by the others.
 */
export const siteKeyCalls = {
  forms: { method: 'GET', path: '/captcha/site-key', answer: siteKeySchema, summary: 'Captcha site key of the forms form family' },
  contact: { method: 'GET', path: '/contact-form/site-key', answer: siteKeySchema, summary: 'Captcha site key of the contact form family' },
  signIn: { method: 'GET', path: '/users/captcha/site-key', answer: siteKeySchema, summary: 'Captcha site key of the signIn form family' },
  checkout: { method: 'GET', path: '/orders/captcha/site-key', answer: siteKeySchema, summary: 'Captcha site key of the checkout form family' },
} as const satisfies Record<FormFamily, Call>;

/** The site-key call of any family. */
export type SiteKeyCall = (typeof siteKeyCalls)[FormFamily];
