/**
 * The four form families, each with a captcha site key of its own, so that a solution
 * made for one kind of form is refused by the others. Each family's site key is served
 * by the call named here (a path under /api).
 */
export const formFamilies = ['contact', 'signIn', 'checkout', 'forms'] as const;
export type FormFamily = (typeof formFamilies)[number];

export const siteKeyPaths: Record<FormFamily, string> = {
  forms: '/captcha/site-key',
  contact: '/contact-form/site-key',
  signIn: '/users/captcha/site-key',
  checkout: '/orders/captcha/site-key',
};
