import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';

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

/** Whether wrk (Debian's package) is on this machine: a load generator in C, which costs the machine far less per request than autocannon. */
export const wrkInstalled = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/**
 * One run of wrk (one thread, `connections` kept open, `seconds` long) against `url`. Its
 * latency percentiles are p50, p75, p90 and p99: p95 and p97.5 are left NaN. Every answer
 * is counted as succeeded but those wrk reports as non-2xx or failed.
 */
export function wrk(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): LoadResult {
  const headerFlags = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const run = spawnSync('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...headerFlags, url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? Number.NaN);
  const ms = (percent: string) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
    if (!match) return Number.NaN;
    return Number(match[1]) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[match[2] ?? 'ms']!;
  };
  const total = number(/(\d+) requests in/);
  const errors = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)?.slice(1).reduce((sum, n) => sum + Number(n), 0) ?? 0;
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: ms('50'),
    p95: Number.NaN,
    p97_5: Number.NaN,
    p99: ms('99'),
    errors: errors + socketErrors,
    succeeded: total - errors,
  };
}
