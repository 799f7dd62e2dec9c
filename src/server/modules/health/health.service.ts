import type { Database } from '#server/db/client.ts';
import { AppError } from '#shared/errors.ts';

export function createHealthService(deps: { database: Pick<Database, 'ping' | 'kind'> }) {
  const { database } = deps;

  return {
    /** Ready: the database answers too; otherwise a 503. */
    async checkReady(): Promise<{ status: 'ready'; database: Database['kind'] }> {
      if (!(await database.ping())) throw new AppError('unavailable');
      return { status: 'ready', database: database.kind };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
