import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { healthCalls } from '#shared/contract/health.ts';
import type { HealthService } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, options) => {
  /** Alive: the process answers. */
  registerCall(app, healthCalls.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  /** Ready: the database answers too. */
  registerCall(app, healthCalls.ready, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return options.health.checkReady();
  });
};
