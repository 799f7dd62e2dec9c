import type { Calls } from '../contract.ts';
import { dashboardSchema } from '../schemas/orders-admin.ts';

/** The back office's start page (src/server/modules/dashboard/dashboard.routes.ts). */
export const dashboardCalls = {
  dashboard: {
    method: 'GET',
    path: '/admin/dashboard',
    answer: dashboardSchema,
    summary: 'Order figures of the last 12 months and the open orders',
    tags: ['back office'],
    staff: true,
    role: 'viewer',
  },
} as const satisfies Calls;
