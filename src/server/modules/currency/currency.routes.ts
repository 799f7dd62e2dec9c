import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCall } from '#server/http/register-call.ts';
import { currencyCalls } from '#shared/contract/currency.ts';
import { currencies } from '#shared/locales.ts';

export const currencyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, currencyCalls.currencies, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return [...currencies];
  });
};
