import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';

export async function healthRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  /** Alive: the process answers. */
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  /** Ready: the database answers too. */
  app.get('/api/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!(await options.database.ping())) throw new AppError('unavailable');
    return { status: 'ready', database: options.database.kind };
  });
}
