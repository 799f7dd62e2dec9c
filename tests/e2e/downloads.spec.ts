import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The download link of a mail, as an address of the server under test. */
function downloadLinkOf(text: string): URL {
  const match = /https?:\/\/\S+\/api\/downloadables\/by-code\/guide\/file\?\S+/.exec(text);
  if (!match) throw new Error(`no download link in: ${text}`);
  return new URL(match[0]);
}

/** Fills the request form (in the dialog, or in the page's main part) and solves the captcha. */
async function fillRequestForm(form: Locator, email: string): Promise<void> {
  await form.getByLabel('First name').fill('Lea');
  await form.getByLabel('Last name').fill('Brunner');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Company', { exact: true }).fill('Brunner Logistik AG');
  await form.getByLabel('Role').selectOption('EXECUTIVE');
  await form.getByRole('checkbox', { name: /privacy policy/ }).check();
  await form.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(form.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
}

/** The server's key, which it keeps in its DATA_DIR when SECRET_KEY is unset (playwright.config.ts). */
function serverKey(): string {
  return readFileSync(`tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/secret-key`, 'utf8').trim();
}

test('from the home page, the guide is requested in a dialog and the mailed link downloads the PDF', async ({ page }) => {
  const email = `lea.${Date.now()}@example.ch`;
  await page.goto('/web/en-US/');
  const section = page.getByRole('region', { name: 'The cybersecurity education guide' });
  await expect(section.locator('img')).toHaveAttribute('src', '/api/downloadables/by-code/guide/cover.svg?language=en-US');
  // The cover is served by the API, as an image.
  const cover = await page.request.get('/api/downloadables/by-code/guide/cover.svg?language=en-US');
  expect(cover.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
  // Far below the first screen, the section is laid out and its cover loaded once it comes near.
  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => section.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  const opener = section.getByRole('button', { name: 'Get the free guide' });
  await expect(opener).toBeEnabled();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Get your free copy' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The cybersecurity education guide')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expectNoAxeViolations(page);

  await fillRequestForm(dialog, email);
  await dialog.getByRole('button', { name: 'Send me the link' }).click();
  await expect(dialog.getByRole('status')).toContainText(`is on its way to ${email}`);
  await expectNoAxeViolations(page);
  // The exit-intent popup will not offer the guide to this visitor again.
  expect(await page.evaluate(() => localStorage.getItem('exit-intent.guide-requested'))).not.toBeNull();

  const mail = await waitForMail(email, 'Your download: The cybersecurity education guide');
  const link = downloadLinkOf(mail.text);
  expect(link.searchParams.get('language')).toBe('en-US');
  const download = await page.request.get(link.toString());
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toContain('attachment; filename="cybersecurity-education-guide.pdf"');
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a changed or expired link shows the guide page, which sends a fresh link', async ({ page }) => {
  const email = `marc.${Date.now()}@example.ch`;
  // A changed link: the signature no longer fits.
  await page.goto('/api/downloadables/by-code/guide/file?language=de-CH&expires=4102444800&signature=changed');
  await expect(page).toHaveURL(/\/app\/downloadable-content\/guide\/de-CH\?link=invalid$/);
  await expect(page.getByRole('alert')).toContainText('Dieser Download-Link ist ungültig');
  await expect(page.getByRole('heading', { level: 1, name: 'Der Leitfaden zur Cybersecurity-Ausbildung' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link zusenden' })).toBeVisible();

  // An expired link, signed by the server: expired a day ago.
  const expires = Math.floor(Date.now() / 1000) - 86_400;
  const signature = createHmac('sha256', serverKey()).update(`downloadable-link/v1\nguide\nen-US\n${expires}`).digest('base64url');
  const expired = await page.request.get(`/api/downloadables/by-code/guide/file?language=en-US&expires=${expires}&signature=${signature}`, { maxRedirects: 0 });
  expect(expired.status()).toBe(303);
  expect(expired.headers()['content-type'] ?? '').not.toContain('pdf');
  await page.goto(`/api/downloadables/by-code/guide/file?language=en-US&expires=${expires}&signature=${signature}`);
  await expect(page).toHaveURL(/\/app\/downloadable-content\/guide\/en-US\?link=expired$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This download link has expired: links work for 7 days. Fill in the form below and we send you a fresh link.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'The cybersecurity education guide' })).toBeVisible();
  await expect(page.getByText(/^\d pages$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await fillRequestForm(page.getByRole('main'), email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('status', { name: 'The link is on its way' })).toBeVisible();
  await expectNoAxeViolations(page);
  const mail = await waitForMail(email, 'Your download');
  const fresh = await page.request.get(downloadLinkOf(mail.text).toString());
  expect(fresh.headers()['content-type']).toBe('application/pdf');
});
