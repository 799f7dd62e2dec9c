import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '#server/http/periodic-job.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * The periodic jobs of the orders module: abandoning idle carts, at start and then every
 * `intervalMs` (default hourly). Started with the other workers (`startWorkers`).
 */
export function createOrderJobsService(deps: { orders: Pick<OrdersService, 'abandonIdleCarts'>; log: FastifyBaseLogger; intervalMs?: number }) {
  return createPeriodicJob(
    () =>
      deps.orders
        .abandonIdleCarts()
        .then((count) => {
          if (count > 0) deps.log.info({ count }, 'idle carts abandoned');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'abandoning idle carts failed')),
    deps.intervalMs ?? 60 * 60 * 1000,
  );
}
