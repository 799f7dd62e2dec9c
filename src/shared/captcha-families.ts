/**
 * The four form families, each with a captcha site key of its own, so that a solution
 * made for one kind of form is refused by the others. Each family's site key is served
 * by its call of `siteKeyCalls` (src/shared/contract/captcha.ts).
 */
export const formFamilies = ['contact', 'signIn', 'checkout', 'forms'] as const;
export type FormFamily = (typeof formFamilies)[number];
