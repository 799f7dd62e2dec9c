import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-blink-features=AutomationControlled'] });
const page = await browser.newPage();
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
const delayMs = Number(process.env.DELAY ?? 3000);
const pattern = new RegExp(process.env.PATTERN ?? 'site-key|geo|countr');
await page.route(process.env.ROUTE ?? '**/api/**', async (route) => {
  if (pattern.test(route.request().url())) { logs.push('delaying ' + route.request().url()); await new Promise((r) => setTimeout(r, delayMs)); }
  await route.continue();
});
await page.goto(process.env.URL);
const first = page.getByLabel('First name');
await first.waitFor();
await first.fill('Nora');
await page.getByLabel('E-mail address').fill('nora@example.ch');
await page.waitForTimeout(delayMs + 1500);
console.log('first', await first.inputValue(), 'email', await page.getByLabel('E-mail address').inputValue());
console.log(logs.join('\n'));
await browser.close();
