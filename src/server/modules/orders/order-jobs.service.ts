import type { FastifyBaseLogger } from 'fastify';
import type { OrdersService } from './orders.service.ts';

/**
 * The periodic jobs of the orders module: abandoning idle carts, at start and then every
 * `intervalMs` (default hourly). Started with the other workers (`startWorkers`).
 */
export function createOrderJobsService(deps: { orders: Pick<OrdersService, 'abandonIdleCarts'>; log: FastifyBaseLogger; intervalMs?: number }) {
  const intervalMs = deps.intervalMs ?? 60 * 60 * 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runOnce = () => {
    if (running) return running;
    running = deps.orders
      .abandonIdleCarts()
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'idle carts abandoned');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'abandoning idle carts failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    start(): void {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a run in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
