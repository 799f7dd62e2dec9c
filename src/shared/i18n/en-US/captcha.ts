export const captcha = {
} as const;
