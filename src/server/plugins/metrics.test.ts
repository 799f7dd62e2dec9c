import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { createMetrics } from './metrics.ts';

/** The samples of one metric in the exposition, as a Prometheus text parser reads them. */
async function samplesOf(metrics: ReturnType<typeof createMetrics>, name: string) {
  const families = parsePrometheusTextFormat((await metrics.exposition()).text);
  return families.find((family) => family.name === name)?.metrics ?? [];
}

describe('the figures of background jobs', () => {
  it('show nothing for a job that has not run yet', async () => {
    const metrics = createMetrics();
    metrics.timedJob('billing', async () => 0);
    expect(await samplesOf(metrics, 'shop_job_last_run_items')).toEqual([]);
    expect(await samplesOf(metrics, 'shop_job_last_success_timestamp_seconds')).toEqual([]);
  });

  it('record when a run ended, how long it took, what it handled, and whether it failed', async () => {
    const metrics = createMetrics();
    const billing = metrics.timedJob('billing', async () => 7);
    const before = Date.now() / 1000;
    expect(await billing()).toBe(7);
    expect(await samplesOf(metrics, 'shop_job_last_run_items')).toEqual([{ labels: { name: 'billing' }, value: '7' }]);
    const [success] = await samplesOf(metrics, 'shop_job_last_success_timestamp_seconds');
    expect(Number(success?.value)).toBeGreaterThanOrEqual(before - 1);
    expect(Number((await samplesOf(metrics, 'shop_job_last_run_duration_seconds'))[0]?.value)).toBeGreaterThanOrEqual(0);

    const failing = metrics.timedJob('billing', async () => {
      throw new Error('no invoices today');
    });
    await expect(failing()).rejects.toThrow('no invoices today');
    expect(await samplesOf(metrics, 'shop_job_runs_total')).toEqual([
      { labels: { name: 'billing', outcome: 'ok' }, value: '1' },
      { labels: { name: 'billing', outcome: 'failed' }, value: '1' },
    ]);
    // A failed run leaves the last success and its items as they were.
    expect((await samplesOf(metrics, 'shop_job_last_success_timestamp_seconds'))[0]?.value).toBe(success?.value);
    expect((await samplesOf(metrics, 'shop_job_last_run_items'))[0]?.value).toBe('7');
  });
});

describe('the answered requests', () => {
  it('are printed as prom-client prints a Counter and a Histogram of the same answers', async () => {
    const metrics = createMetrics();
    const registry = new Registry();
    const counter = new Counter({ name: 'shop_http_requests_total', help: 'h', labelNames: ['method', 'route', 'status'], registers: [registry] });
    const histogram = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'h',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // Every bucket's bound itself, values between, beyond the last, and a label value to escape.
    const answers: [string, string, number, number][] = [
      ['GET', '/web/*', 200, 0.000_02],
      ['GET', '/web/*', 200, 0.005],
      ['HEAD', '/web/*', 304, 0.01],
      ['GET', '/api/orders/:orderId', 404, 0.3],
      ['POST', '/api/"quoted"\\path', 500, 12],
      ...[0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 0.051, 7].map((seconds): [string, string, number, number] => ['GET', '/api/health', 200, seconds]),
    ];
    for (const [method, route, status, seconds] of answers) {
      metrics.requestAnswered(method, route, status, seconds);
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
    }
    const families = (text: string) =>
      parsePrometheusTextFormat(text)
        .filter((family) => family.name.startsWith('shop_http_request'))
        .map((family) => ({ ...family, help: undefined }));
    const ours = families((await metrics.exposition()).text);
    expect(ours.map((family) => family.name).sort()).toEqual(['shop_http_request_duration_seconds', 'shop_http_requests_total']);
    expect(ours).toEqual(families(await registry.metrics()));
  });
});
