import { expect, test } from '@playwright/test';

test('the favicon is served at /favicon.svg and the app pages link to it', async ({ page, request }) => {
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  expect(await favicon.text()).toContain('<svg');

  await page.goto('/app/no-shopping-cart');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBeTruthy();
  expect((await request.get(href ?? '')).status()).toBe(200);
});

test('an /app address without a page answers 404 and shows the not-found page; real pages answer 200', async ({ page }) => {
  const missing = await page.goto('/app/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

  const badId = await page.goto('/app/orders/not-an-order/checkout');
  expect(badId?.status()).toBe(404);

  const known = await page.goto('/app/no-shopping-cart');
  expect(known?.status()).toBe(200);
});

test('the company has one address: imprint, terms and footer agree', async ({ page }) => {
  for (const slug of ['imprint', 'terms']) {
    await page.goto(`/web/en-US/${slug}`);
    await expect(page.locator('main')).toContainText('Seefeldstrasse 42');
    await expect(page.locator('main')).toContainText('8008 Zürich');
    await expect(page.locator('footer')).toContainText('Seefeldstrasse 42');
    await expect(page.locator('body')).not.toContainText('Bahnhofstrasse');
  }
  await page.goto('/web/de-CH/imprint');
  await expect(page.locator('main')).toContainText('CHE-123.456.788 MWST');
});
