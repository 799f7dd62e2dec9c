import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currencies } from '#shared/locales.ts';
import { currencyListSchema } from '#shared/schemas/common.ts';

export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/currency/available-currencies',
    { schema: { summary: 'The currency codes the shop sells in', response: { 200: currencyListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return [...currencies];
    },
  );
};
