import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '#server/http/periodic-job.ts';
import type { BillingService } from './billing.service.ts';

/**
 * The billing job inside the server: a run at start and then every `intervalMs` (default
 * hourly), started with the other workers unless BILLING=off. A run bills what is due
 * today (Europe/Zurich); running it again the same day finds nothing new, and copies of
 * the server running it at once bill each period once (billing.service.ts says how).
 */
export function createBillingJobService(deps: { billing: Pick<BillingService, 'run'>; log: FastifyBaseLogger; intervalMs?: number }) {
  return createPeriodicJob(
    () =>
      deps.billing
        .run()
        .then((report) => {
          const counts = { renewed: report.renewed.length, terminated: report.terminated.length, reminded: report.reminded.length };
          if (counts.renewed + counts.terminated + counts.reminded > 0) deps.log.info(counts, 'billing run');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'billing run failed')),
    deps.intervalMs ?? 60 * 60 * 1000,
  );
}
