import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '#shared/schemas/orders-admin.ts';
import type { DashboardService } from './dashboard.service.ts';

export type DashboardRoutesOptions = { dashboard: DashboardService };

/** GET /api/admin/dashboard, staff only (registered with `registerStaffRoutes`). */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, options) => {
  app.get(
    '/api/admin/dashboard',
    { schema: { tags: ['back office'], summary: 'Order figures of the last 12 months and the open orders', response: { 200: dashboardSchema } } },
    async () => options.dashboard.dashboard(),
  );
};
