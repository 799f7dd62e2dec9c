import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { dashboardCalls } from '#shared/contract/dashboard.ts';
import type { DashboardService } from './dashboard.service.ts';

export type DashboardRoutesOptions = { dashboard: DashboardService };

/** The back office's start page, staff only (src/shared/contract/dashboard.ts). */
export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, options) => {
  registerCall(app, dashboardCalls.dashboard, async () => options.dashboard.dashboard());
};
