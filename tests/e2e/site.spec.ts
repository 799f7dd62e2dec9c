import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const pages = ['', 'trainings', 'terms', 'privacy-policy', 'imprint'];
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const language of ['en-US', 'de-CH'] as const) {
  for (const slug of pages) {
    test(`${language} /${slug} renders, hydrates and has no WCAG 2.2 AA violations`, async ({ page, baseURL }) => {
      const errors = collectErrors(page);
      const response = await page.goto(`/web/${language}/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator(`link[rel="alternate"][hreflang="${language === 'en-US' ? 'de-CH' : 'en-US'}"]`)).toHaveCount(1);
      // Absolute links follow the server's PUBLIC_URL, not the one of the build.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/web/${language}/${slug}`);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
}

test('a marketing page is styled by its inline stylesheet and loads its widgets through its inline loader, both let through by the content security policy', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/web/de-CH/trainings');
  const html = (await response?.text()) ?? '';
  // Nothing holds up the first paint: the stylesheet is in the page, not linked, and no script is referenced.
  expect(html).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
  expect(html.match(/<style[\s>]/g)).toHaveLength(1);
  expect(html).not.toMatch(/<script[^>]*\ssrc=/);
  // Applied, not refused: the site stylesheet lays the body out as a column.
  await expect(page.locator('body')).toHaveCSS('display', 'flex');
  await expect(page.locator('body')).toHaveCSS('flex-direction', 'column');
  // Run, not refused: the loader imported the widgets, and the currency select works.
  await expect(page.getByLabel('Währung')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  // A refused style or script shows here as "Refused to apply inline style…" or "Refused to execute inline script…".
  expect(errors).toEqual([]);
});

test('an unknown /web path answers 404 with the not-found text, in the language of the path', async ({ page }) => {
  const response = await page.goto('/web/en-US/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expectNoAxeViolations(page);
  const german = await page.goto('/web/de-CH/keine-seite');
  expect(german?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
});

test('an unknown app path shows the not-found page', async ({ page }) => {
  await page.goto('/app/no/such/route');
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('/ redirects by the locale cookie, then Accept-Language', async ({ browser }) => {
  const german = await browser.newContext({ locale: 'de-CH' });
  const page = await german.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/web\/de-CH\/$/);
  await page.waitForLoadState('networkidle');
  await german.addCookies([{ name: 'locale', value: 'en-US', domain: new URL(page.url()).hostname, path: '/' }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/web\/en-US\/$/);
  await german.close();
});

test('the language switch goes to the same page in the other language', async ({ page }) => {
  await page.goto('/web/en-US/trainings');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/web\/de-CH\/trainings$/);
  await expect(page.locator('h1')).toHaveText('Trainings und Preise');
});

test('the currency selector switches prices without reload and keeps the choice', async ({ page }) => {
  await page.goto('/web/en-US/trainings');
  await page.getByLabel('Currency').selectOption('CHF');
  await expect(page.locator('body')).toHaveAttribute('data-selected-currency', 'CHF');
  // Monthly is the default frequency: the champion seat costs 38.90 CHF a month.
  await expect(page.getByText('38.90 CHF').first()).toBeVisible();
  await expect(page.getByText('39.90 EUR').first()).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Currency')).toHaveValue('CHF');
});

test('sitemap.xml lists every page with its alternates; robots.txt points at it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const language of ['en-US', 'de-CH']) {
    for (const slug of pages) expect(xml).toContain(`<loc>${baseURL}/web/${language}/${slug}</loc>`);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /api/');
});
