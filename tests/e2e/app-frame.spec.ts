import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const bodyFont = (page: Page) => page.evaluate(() => getComputedStyle(document.body).fontFamily);

/** The site's header and footer as the marketing pages have them, in English, with the cart's count. */
async function expectSiteFrame(page: Page, { count, font }: { count: string; font: string }) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'CyberSafe Academy' })).toHaveAttribute('href', '/web/en-US/');
  await expect(header.locator('svg.logo')).toBeVisible();
  const nav = header.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Trainings' })).toHaveAttribute('href', '/web/en-US/trainings');
  await expect(nav.getByRole('link', { name: 'Webinars' })).toHaveAttribute('href', '/app/webinars');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/app/contact-us');
  await expect(header.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' })).toBeVisible();
  await expect(header.getByRole('combobox', { name: 'Currency' })).toBeVisible();
  await expect(header.locator('.cart-button .badge')).toHaveText(count);
  await expect(header.getByRole('link', { name: `Shopping cart, ${count} item` })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('address')).toContainText('Seefeldstrasse 42');
  await expect(footer.locator('address')).toContainText('8008 Zürich');
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/web/en-US/terms');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/web/en-US/privacy-policy');
  await expect(footer.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', '/web/en-US/imprint');
  await expect(footer.getByRole('button', { name: 'Subscribe to the newsletter' })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} CyberSafe Academy AG`);

  expect(await bodyFont(page)).toBe(font);
  // The skip link is the first stop of the keyboard and leads to the page's content.
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectNoAxeViolations(page);
}

test('the app\'s cart, checkout and not-found pages have the site\'s header, footer and font', async ({ page }) => {
  await page.goto('/web/en-US/trainings');
  const font = await bodyFont(page);
  const basic = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_basic_v1"][data-payment-frequency="MONTHLY"]');
  await basic.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
  await expect(page.locator('.cart-button .badge')).toHaveText('1');
  await drawer.getByRole('link', { name: 'Go to shopping cart' }).click();

  await expect(page).toHaveURL(/\/app\/orders\/[0-9a-f-]+\/shopping-cart$/);
  await expect(page.getByRole('heading', { name: 'Shopping cart', level: 1 })).toBeVisible();
  await expectSiteFrame(page, { count: '1', font });

  // The header's cart button opens the same drawer as on the marketing pages.
  await page.getByRole('banner').locator('.cart-button').click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Cyber Security Training Basic')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').locator('.cart-button')).toBeFocused();

  // The header's currency, the one currency control, re-prices the cart, as on the marketing pages.
  const headerCurrency = page.getByRole('banner').getByRole('combobox', { name: 'Currency' });
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Currency' })).toHaveCount(0);
  await headerCurrency.selectOption('CHF');
  await expect(page.getByTestId('cart-due-today')).toContainText('CHF');
  await headerCurrency.selectOption('EUR');
  await expect(page.getByTestId('cart-due-today')).toContainText('EUR');

  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectSiteFrame(page, { count: '1', font });

  const response = await page.goto('/app/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectSiteFrame(page, { count: '1', font });
});

test('in the app, the header marks the page shown and switches the language without leaving it', async ({ page }) => {
  await page.goto('/app/contact-us');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webinars' })).not.toHaveAttribute('aria-current');

  // The footer's newsletter button opens the same form as on the marketing pages.
  const newsletter = page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe to the newsletter' });
  await newsletter.click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newsletter).toBeFocused();

  // Following a link of the header stays in the app.
  await header.getByRole('link', { name: 'Webinars' }).click();
  await expect(page).toHaveURL(/\/app\/webinars$/);
  await expect(header.getByRole('link', { name: 'Webinars' })).toHaveAttribute('aria-current', 'page');

  await header.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/app\/webinars$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
  await expect(header.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kontakt' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'CyberSafe Academy' })).toHaveAttribute('href', '/web/de-CH/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/web/de-CH/terms');
  await expectNoAxeViolations(page);

  // The currency chosen in the app's header is the one of the marketing pages.
  await header.getByRole('combobox', { name: 'Währung' }).selectOption('CHF');
  await page.goto('/web/de-CH/trainings');
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Währung' })).toHaveValue('CHF');
});
