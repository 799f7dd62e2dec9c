import type { Calls } from '../contract.ts';
import { xsrfTokenSchema } from '../schemas/common.ts';

/** The anti-forgery token (src/server/plugins/xsrf.ts, docs/product/cookies.md). */
export const xsrfCalls = {
  token: {
    method: 'GET',
    path: '/xsrf/token',
    answer: xsrfTokenSchema,
    summary: 'Issues the anti-forgery token (also set as the XSRF-TOKEN cookie)',
  },
} as const satisfies Calls;
