import { z } from 'zod';
import type { Calls } from '../contract.ts';

/** Whether the process runs and the database answers (src/server/modules/health/health.routes.ts). */
export const healthCalls = {
  health: {
    method: 'GET',
    path: '/health',
    answer: z.object({ status: z.literal('ok') }),
    summary: 'Alive',
  },
  ready: {
    method: 'GET',
    path: '/ready',
    answer: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
    summary: 'Ready: the database answers',
    // 503 while the database does not answer.
    refusals: ['unavailable'],
  },
} as const satisfies Calls;
