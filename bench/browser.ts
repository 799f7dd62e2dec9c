import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath, visitorBrowserArgs } from '../tests/chromium.ts';
import { startServer } from './server.ts';

/**
 * Browser figures: Lighthouse (mobile preset) for the marketing pages, and how long the
 * captcha widget takes to solve a puzzle at the default difficulty in Chromium.
 * Targets: every Lighthouse category ≥ 98; captcha median ≤ 1.5 s.
 */

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (result?.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const categories = result?.lhr.categories ?? {};
    return Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]));
  } finally {
    chrome.kill();
  }
}

async function captchaSolveTimes(base: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: visitorBrowserArgs,
  });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      await page.goto(`${base}/web/en-US/`);
      await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
      const checkbox = page.getByRole('checkbox', { name: 'I am not a robot' });
      await checkbox.waitFor();
      const started = Date.now();
      await checkbox.click();
      await page.getByText('Verified. You are not a robot.').waitFor({ timeout: 60_000 });
      times.push(Date.now() - started);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return times.sort((a, b) => a - b);
}

/** JS and CSS a page really loads (entry, preloads and the islands it mounts), gzip-compressed. */
async function pageWeights(url: string): Promise<{ js: number; css: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const weights = { js: 0, css: 0 };
  try {
    const page = await browser.newPage();
    const bodies: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(
        response.body().then((body) => {
          weights[type === 'script' ? 'js' : 'css'] += gzipSync(body).length;
        }),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(bodies);
  } finally {
    await browser.close();
  }
  return weights;
}

async function main() {
  const server = await startServer({ port: 3212 });
  const rows: Record<string, string>[] = [];
  try {
    for (const path of ['/web/en-US/', '/web/de-CH/', '/web/en-US/trainings', '/web/de-CH/privacy-policy']) {
      const scores = await lighthouseScores(server.url + path);
      const met = Object.values(scores).every((score) => score >= 98);
      rows.push({ what: `Lighthouse mobile ${path}`, figure: JSON.stringify(scores), target: 'each ≥ 98', met: met ? 'yes' : 'NO' });
    }
    for (const path of ['/web/en-US/', '/web/en-US/trainings']) {
      const { js, css } = await pageWeights(server.url + path);
      rows.push({
        what: `page weight ${path} (all JS and CSS loaded, gzip)`,
        figure: `JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB`,
        target: 'JS ≤ 80 KB, CSS ≤ 20 KB',
        met: js <= 80 * 1024 && css <= 20 * 1024 ? 'yes' : 'NO',
      });
    }
    const times = await captchaSolveTimes(server.url, 15);
    const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
    rows.push({
      what: 'captcha solve in Chromium, default difficulty (15 runs)',
      figure: `median ${(median / 1000).toFixed(2)} s, min ${((times[0] ?? 0) / 1000).toFixed(2)} s, max ${((times.at(-1) ?? 0) / 1000).toFixed(2)} s`,
      target: 'median ≤ 1.5 s',
      met: median <= 1500 ? 'yes' : 'NO',
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
