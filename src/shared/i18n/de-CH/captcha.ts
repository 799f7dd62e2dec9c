import type { captcha as reference } from '../en-US/captcha.ts';

export const captcha = {
} satisfies Record<keyof typeof reference, string>;
