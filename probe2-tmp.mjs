import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-blink-features=AutomationControlled'] });
const page = await browser.newPage();
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 20) });
const delayMs = Number(process.env.DELAY ?? 0);
await page.route('**/api/**', async (route) => {
  const u = route.request().url();
  if (delayMs && !/webinars\//.test(u)) { logs.push('delaying ' + u); await new Promise((r) => setTimeout(r, delayMs)); }
  await route.continue();
});
await page.goto(process.env.URL);
if (process.env.CLICK) await page.getByRole('link', { name: process.env.CLICK }).click();
const first = page.getByLabel('First name');
await first.waitFor();
await first.pressSequentially('Nora');
await page.getByLabel('E-mail address').pressSequentially('nora@example.ch');
for (let i = 0; i < 10; i++) { await page.waitForTimeout(1000); console.log(i, 'first', await first.inputValue(), 'email', await page.getByLabel('E-mail address').inputValue()); }
console.log(logs.join('\n'));
await browser.close();
