import type { FastifyInstance } from 'fastify';
import { currencies } from '#shared/locales.ts';

export async function currencyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/currency/available-currencies', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return [...currencies];
  });
}
