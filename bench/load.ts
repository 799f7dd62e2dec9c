import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  errors: number;
  /** Responses with a 2xx status. */
  succeeded: number;
}

/** The p-th percentile of ascending figures (nearest rank); NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs autocannon against one call and computes exact percentiles from every response
 * time (autocannon's own summary has no p95). A short warm-up comes first. With `amount`
 * every request is answered before it returns (a run by `duration` leaves requests in
 * flight), so `succeeded` counts exactly what the server did.
 */
export async function load(options: autocannon.Options & { warmupSeconds?: number }): Promise<LoadResult> {
  if (options.warmupSeconds !== 0) await autocannon({ ...options, duration: options.warmupSeconds ?? 2 });
  if (options.workers) return loadFromWorkers(options);
  const times: number[] = [];
  let errors = 0;
  let succeeded = 0;
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const result = await autocannon({
    ...options,
    setupClient(client) {
      client.on('response', (status, _bytes, responseTime) => {
        lastResponseAt = performance.now();
        times.push(responseTime);
        if (status >= 400) errors++;
        if (status >= 200 && status < 300) succeeded++;
      });
      options.setupClient?.(client);
    },
  });
  times.sort((a, b) => a - b);
  return {
    // A run by amount can be shorter than the one-second buckets of `requests.average`, and
    // autocannon's `duration` ends at the next whole second after the last answer: the
    // time from the start to the last answer is what the requests took.
    requestsPerSecond: options.amount ? result.requests.total / ((lastResponseAt - startedAt) / 1000) : result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p97_5: percentile(times, 97.5),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
    succeeded,
  };
}

/**
 * With `workers`, autocannon sends from that many threads: for answers of several KB, one
 * sending thread reads them more slowly than the server writes them (autocannon parses
 * every byte in JavaScript), and the figure would be the client's. Workers cannot report
 * each response, so the percentiles are autocannon's own, which have no p95.
 */
async function loadFromWorkers(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: Number.NaN,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    succeeded: result['2xx'],
  };
}

export function describeLoad(result: LoadResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const percentiles = (['p50', 'p95', 'p97_5', 'p99'] as const)
    .filter((key) => !Number.isNaN(result[key]))
    .map((key) => `${key.replace('_', '.')} ${ms(result[key])}`);
  return `${Math.round(result.requestsPerSecond)} req/s, ${percentiles.join(', ')}${result.errors ? `, ${result.errors} errors` : ''}`;
}
