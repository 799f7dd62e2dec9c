import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, options) => {
  /** Alive: the process answers. */
  app.get(
    '/api/health',
    { schema: { summary: 'Alive', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  /** Ready: the database answers too. */
  app.get(
    '/api/ready',
    {
      // 503 while the database does not answer.
      config: { refusals: ['unavailable'] },
      schema: {
        summary: 'Ready: the database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.health.checkReady();
    },
  );
};
