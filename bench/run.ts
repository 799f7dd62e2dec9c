import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startServer } from './server.ts';

/**
 * `npm run bench`: load and budget figures of the platform, printed as a table.
 * Targets (2-core machine): marketing page ≥ 10,000 req/s with p99 ≤ 20 ms; marketing
 * page JS ≤ 80 KB and CSS ≤ 20 KB gzip. Lighthouse and captcha solve times come from
 * bench/browser.ts, which needs Chromium.
 */
interface Row {
  what: string;
  figure: string;
  target: string;
  ok: boolean;
}
const rows: Row[] = [];

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  // Warm up (first use compresses the file), then measure.
  await autocannon({ url, connections: 10, duration: 2, ...options });
  return autocannon({ url, connections: 50, pipelining: 1, duration: 10, ...options });
}

async function pageWeights(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const modulePreloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const gz = async (paths: string[]) => {
    let total = 0;
    for (const p of new Set(paths)) total += gzipSync(Buffer.from(await (await fetch(base + p)).arrayBuffer())).length;
    return total;
  };
  return { js: await gz([...scripts, ...modulePreloads]), css: await gz(styles) };
}

async function main() {
  const server = await startServer({ port: 3210 });
  try {
    const page = await load(`${server.url}/web/en-US/trainings`, { headers: { 'accept-encoding': 'br' } });
    rows.push({
      what: 'marketing page /web/en-US/trainings (br)',
      figure: `${Math.round(page.requests.average)} req/s, p99 ${page.latency.p99} ms, ${page.non2xx} non-2xx`,
      target: '≥ 10000 req/s, p99 ≤ 20 ms',
      ok: page.requests.average >= 10_000 && page.latency.p99 <= 20 && page.non2xx === 0,
    });
    const apiCall = await load(`${server.url}/api/currency/available-currencies`);
    rows.push({
      what: 'API GET /api/currency/available-currencies',
      figure: `${Math.round(apiCall.requests.average)} req/s, p99 ${apiCall.latency.p99} ms`,
      target: 'reported',
      ok: apiCall.non2xx === 0,
    });
    const weights = await pageWeights(server.url, '/web/en-US/trainings');
    rows.push({
      what: 'marketing page JavaScript (gzip, entry + preloads)',
      figure: `${(weights.js / 1024).toFixed(1)} KB`,
      target: '≤ 80 KB',
      ok: weights.js <= 80 * 1024,
    });
    rows.push({
      what: 'marketing page CSS (gzip)',
      figure: `${(weights.css / 1024).toFixed(1)} KB`,
      target: '≤ 20 KB',
      ok: weights.css <= 20 * 1024,
    });
  } finally {
    await server.stop();
  }
  console.table(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
