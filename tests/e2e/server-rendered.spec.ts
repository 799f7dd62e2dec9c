import { expect, test } from '@playwright/test';
import { createCart } from './support/shop-api.ts';
import { consoleProblems } from './support/console.ts';

/**
 * The cart and the checkout come rendered by the server (src/client/app/render-on-server.tsx):
 * a visitor sees them before the app's script, and the app takes over that markup without
 * building the page again and without a word in the console.
 */

test('without JavaScript, the cart and the checkout show the visitor their order', async ({ browser, request }) => {
  const cartId = await createCart(request, 'CHF', 'de-CH');
  const context = await browser.newContext({ locale: 'de-CH', javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto(`/app/orders/${cartId}/shopping-cart`);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  // The cart's lines are the list under its heading, which names the page (no name of their own).
  await expect(page.locator('ul.cart-lines').getByText('Cyber-Security-Training Foundation')).toBeVisible();
  await expect(page.getByTestId('cart-due-today')).toHaveText(/CHF$/);
  // The way on is a plain link.
  await expect(page.getByRole('link', { name: 'Zur Kasse' })).toHaveAttribute('href', `/app/orders/${cartId}/checkout`);
  // Its controls wait for the app.
  await expect(page.getByRole('spinbutton', { name: /Plätze/ })).toBeDisabled();

  await page.goto(`/app/orders/${cartId}/checkout`);
  await expect(page.getByRole('heading', { level: 2, name: 'Schritt 1 von 7: Rechnungsangaben' })).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Cyber-Security-Training Foundation')).toBeAttached();
  await context.close();
});

test('the app takes over the cart the server rendered: the same markup, live controls, a clean console', async ({ page, request }) => {
  const cartId = await createCart(request, 'EUR');
  const problems = consoleProblems(page);
  await page.goto(`/app/orders/${cartId}/shopping-cart`);
  const lines = page.locator('ul.cart-lines');
  // The line the server rendered is the one the app keeps (hydrated, not rendered again).
  await lines.getByRole('listitem').first().evaluate((line) => line.setAttribute('data-server-line', ''));
  const seats = page.getByRole('spinbutton', { name: /Seats/ });
  await expect(seats).toBeEnabled();
  await expect(lines.locator('[data-server-line]')).toHaveCount(1);
  // Opening a cart's page makes it this browser's cart, though the app did not load it itself.
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'shopping_cart')?.value).toBe(cartId);
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');

  await seats.fill('12');
  // The reload comes once the cart has taken the change: sooner, it would cancel the call.
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(`/api/orders/${cartId}/shopping-cart/`));
  await seats.press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(seats).toHaveValue('12');
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: /Seats/ })).toHaveValue('12');
  await expect(page.getByRole('spinbutton', { name: /Seats/ })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('a checkout the server rendered keeps what the visitor typed over a reload, and its console stays clean', async ({ page, request }) => {
  const cartId = await createCart(request, 'USD');
  const problems = consoleProblems(page);
  await page.goto(`/app/orders/${cartId}/checkout`);
  const company = page.getByRole('textbox', { name: /Company name/ });
  await expect(company).toBeEnabled();
  await company.fill('Muster Ltd');
  await page.reload();
  // The tab's draft comes back once the page is live (the server cannot know it).
  await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue('Muster Ltd');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});
