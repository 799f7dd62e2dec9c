import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
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
