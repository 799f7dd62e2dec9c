import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** The app under test, as playwright.config.ts starts it. */
const baseUrl = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** A cart made through the API, as the site's add button makes it, and put into the browser's cookie. */
async function cartThroughApi(page: Page): Promise<{ id: string; itemId: string; send: (method: 'put', url: string, data: object) => Promise<void> }> {
  const { token } = (await (await page.request.get('/api/xsrf/token')).json()) as { token: string };
  const headers = { 'x-xsrf-token': token };
  const created = await page.request.post('/api/orders/', {
    headers,
    data: { productCode: 'cyber_security_training_foundation_v1', quantity: 3, currency: 'CHF', language: 'en-US', paymentFrequency: 'ONE_TIME' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const cart = (await (await page.request.get(`/api/orders/${id}/shopping-cart/`)).json()) as { items: { id: string }[] };
  await page.context().addCookies([{ name: 'shopping_cart', value: id, url: baseUrl() }]);
  return {
    id,
    itemId: cart.items[0]?.id ?? '',
    send: async (method, url, data) => {
      const response = await page.request[method](url, { headers, data });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
}


test.describe('a Swiss visitor on the en-US site', () => {
  // On loopback the geolocation takes the browser's region: a Swiss browser.
  test.use({ locale: 'de-CH' });

  test('gets Switzerland by default, 8.1 % VAT, a monthly plan billed today and per month everywhere, steps in the history, a reload that keeps the review, and the thank-you page', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/web/en-US/trainings');
    await page.locator('.header-currency select').selectOption('CHF');
    const offer = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_champion_v1"][data-payment-frequency="MONTHLY"]');
    await offer.getByRole('button', { name: 'Add to cart' }).click();
    // The drawer: the monthly line at its price per month with its term; today and per month apart.
    const drawer = page.getByRole('dialog');
    await expect(drawer.locator('.cart-drawer__items li')).toHaveCount(1);
    await expect(drawer.locator('.cart-drawer__items li')).toContainText('1 seat · per month, minimum term 12 months');
    await expect(drawer.locator('.cart-drawer__items li')).toContainText('38.90 CHF per month');
    await expect(drawer.getByTestId('cart-due-today')).toHaveText('38.90 CHF');
    await expect(drawer.getByTestId('cart-per-month')).toHaveText('38.90 CHF');
    await drawer.locator('a.button').first().click();
    const seats = page.locator('.cart-line input[type="number"]').first();
    await seats.fill('5');
    await seats.press('Enter');
    // The cart page: 5 × 38.90 CHF is due today (the first month), and then each month.
    await expect(page.getByTestId('cart-due-today')).toHaveText('194.50 CHF');
    await expect(page.getByTestId('cart-per-month')).toHaveText('194.50 CHF');
    await expect(page.getByText('Monthly trainings are billed month by month, for at least their minimum term.')).toBeVisible();
    // The term: 12, 24 or 36 months; a choice is kept.
    const term = page.getByRole('combobox', { name: 'Minimum term for Cyber Security Training Champion' });
    await expect(term).toHaveValue('12');
    await expect(term.locator('option')).toHaveText(['12 months', '24 months', '36 months']);
    await term.selectOption('24');
    // The select shows what the server saved.
    await expect(term).toHaveValue('24');
    await page.reload();
    await expect(term).toHaveValue('24');
    await expect(page.getByTestId('cart-per-month')).toHaveText('194.50 CHF');
    await term.selectOption('12');
    await expect(term).toHaveValue('12');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to checkout' }).click();

    // Step 1, in the address; the order stands beside it.
    await expect(stepHeading(page, 'Step 1 of 7: Invoice info')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\?step=invoice-info$/);
    const summary = page.getByRole('complementary', { name: 'Your order' });
    await expect(summary.getByRole('table', { name: 'Your trainings' })).toBeVisible();
    await expect(summary.getByText('Cyber Security Training Champion')).toBeVisible();
    await expect(summary.getByText('5 seats · per month, minimum term 12 months')).toBeVisible();
    await expect(summary.getByTestId('order-per-month')).toHaveText('194.50 CHF');
    await expectNoAxeViolations(page);
    await page.getByLabel('Company name').fill('Muster AG');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the country is the visitor's, not the site's.
    await expect(stepHeading(page, 'Step 2 of 7: Address')).toBeVisible();
    await expect(page).toHaveURL(/\?step=address$/);
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await expect(country).toHaveValue('CH');
    await page.getByLabel('Street and number').fill('Bahnhofstrasse 10');
    await page.getByLabel('Postal code').fill('8001');
    await page.getByLabel('City').fill('Zürich');
    await expectNoAxeViolations(page);

    // The browser's Back leaves the step, not the checkout; Forward comes back with what was typed.
    await page.goBack();
    await expect(stepHeading(page, 'Step 1 of 7: Invoice info')).toBeFocused();
    await expect(page.getByLabel('Company name')).toHaveValue('Muster AG');
    await page.goForward();
    await expect(stepHeading(page, 'Step 2 of 7: Address')).toBeFocused();
    await expect(page.getByLabel('City')).toHaveValue('Zürich');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(stepHeading(page, 'Step 3 of 7: Billing address')).toBeVisible();
    await expect(page.getByLabel('The billing address is the same as the address')).toBeChecked();
    // The billing country decides the VAT: the summary shows the Swiss 8.1 % already.
    await expect(summary.getByText('VAT 8.1 %')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: the phone country is the visitor's too.
    await expect(stepHeading(page, 'Step 4 of 7: Contact details')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('CH');
    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Last name').fill('Muster');
    const email = `anna.journey.${Date.now()}@example.ch`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('textbox', { name: 'Number', exact: true }).fill('44 668 18 00');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();

    // Review: billed now is the first month, 5 × 38.90 CHF = 194.50 net, VAT 8.1 % = 15.75,
    // total 210.25 CHF; then 210.25 CHF per month.
    await expect(stepHeading(page, 'Step 5 of 7: Review order')).toBeVisible();
    await expect(page).toHaveURL(/\?step=review$/);
    await expect(summary.getByText('VAT 8.1 %')).toBeVisible();
    await expect(summary.getByTestId('order-gross')).toHaveText('210.25 CHF');
    await expect(summary.getByTestId('order-per-month')).toHaveText('210.25 CHF');
    await expect(summary.getByText('Billed now: the one-time trainings and the first month of the monthly ones.')).toBeVisible();
    await expect(page.getByText('Switzerland', { exact: true })).toBeVisible();
    const terms = page.getByLabel('I have read and agree to the terms and conditions and the privacy policy.');
    await terms.check();
    await expectNoAxeViolations(page);

    // A reload keeps the step and the ticked box.
    await page.reload();
    await expect(stepHeading(page, 'Step 5 of 7: Review order')).toBeVisible();
    await expect(page.getByLabel('I have read and agree to the terms and conditions and the privacy policy.')).toBeChecked();
    // The page's Back, then the browser's Forward, back to the review.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeading(page, 'Step 4 of 7: Contact details')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Anna');
    await page.goForward();
    await expect(stepHeading(page, 'Step 5 of 7: Review order')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    // Confirmation: the captcha, never kept over a reload.
    await expect(stepHeading(page, 'Step 6 of 7: Order confirmation')).toBeVisible();
    await expect(page).toHaveURL(/\?step=confirmation$/);
    await expectNoAxeViolations(page);
    const submit = page.getByRole('button', { name: 'Place order and pay' });
    await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toMatch(/captcha|solution/i);
    await submit.click();

    // Thank you: the number, what was bought, what happens next, the invoice and the tracking.
    await expect(stepHeading(page, 'Step 7 of 7: Thank you')).toBeFocused();
    await expect(page).toHaveURL(/\?step=thank-you$/);
    const number = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    await expect(page.getByRole('table', { name: 'What you ordered' }).getByText('Cyber Security Training Champion')).toBeVisible();
    await expect(page.getByTestId('order-gross')).toHaveText('210.25 CHF');
    await expect(page.getByTestId('order-per-month')).toHaveText('210.25 CHF');
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText(`by e-mail to ${email}`);
    await expect(next).toContainText('within five working days');
    await expectNoAxeViolations(page);
    // No invoice yet: it is issued by INVOICE and mailed on its own.
    await expect(page.getByRole('link', { name: /invoice \(PDF\)/i })).toHaveCount(0);
    await expect(next).toContainText('The invoice follows in its own e-mail');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    // The confirmation is the order's summary, without invoice; tracking does not say "Invoiced" yet.
    const mail = await waitForMail(email, number);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('Cyber Security Training Champion, 5 seats, per month, minimum term 12 months: 194.50 CHF');
    expect(mail.text).toContain('Total: 210.25 CHF');
    expect(mail.text).toContain('Then per month, incl. VAT: 210.25 CHF');
    // The tracking page shows the same split, and no invoice until the order is invoiced.
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.locator('.tracking-milestone', { hasText: 'Invoiced' })).toContainText('Not yet');
    await expect(page.getByRole('region', { name: 'Invoices' })).toContainText('No invoice yet');
    await expect(page.locator('.tracking-milestone', { hasText: 'Ordered' })).toContainText('Done on');
    await expect(page.getByTestId('order-per-month')).toHaveText('210.25 CHF');
  });
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'de-CH' });

  test('the order summary is a disclosure above the form, collapsed at first', async ({ page }) => {
    // A German browser: the app is in English because the visitor read the English site.
    await page.goto('/web/en-US/');
    const { id } = await cartThroughApi(page);
    await page.goto(`/app/orders/${id}/checkout`);
    await expect(stepHeading(page, 'Step 1 of 7: Invoice info')).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Your order' });
    const toggle = summary.locator('summary');
    await expect(toggle).toContainText("Trainings and amounts");
    await expect(summary.getByRole('table', { name: 'Your trainings' })).toBeHidden();
    await expectNoAxeViolations(page);
    await toggle.click();
    await expect(summary.getByRole('table', { name: 'Your trainings' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('the checkout of an empty cart lands on the cart page, which says the cart is empty', async ({ page }) => {
  await page.goto('/web/en-US/');
  const cart = await cartThroughApi(page);
  await cart.send('put', `/api/orders/${cart.id}/shopping-cart/${cart.itemId}`, { status: 'REMOVED' });
  await page.goto(`/app/orders/${cart.id}/checkout`);
  await expect(page).toHaveURL(new RegExp(`/app/orders/${cart.id}/shopping-cart$`));
  await expect(page.getByRole('alert')).toHaveText('Your shopping cart is empty, so there is nothing to check out yet. Please add a training first.');
  await expect(page.getByRole('link', { name: 'Go to checkout' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the no-cart page offers the cart of a valid cookie, and forgets one that is gone', async ({ page, context }) => {
  await page.goto('/web/en-US/');
  const cart = await cartThroughApi(page);
  await page.goto('/app/no-shopping-cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your shopping cart' })).toBeVisible();
  await expect(page.getByText('This browser has a shopping cart with 1 training.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to shopping cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/orders/${cart.id}/shopping-cart$`));
  await expect(page.getByTestId('cart-due-today')).toBeVisible();

  // Leave the cart page first: it renews the cart cookie when its cart loads, and would write the valid id back.
  await page.goto('about:blank');
  await context.addCookies([{ name: 'shopping_cart', value: '00000000-0000-4000-8000-000000000000', url: baseUrl() }]);
  await page.goto('/app/no-shopping-cart');
  await expect(page.getByRole('heading', { level: 1, name: 'No shopping cart' })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'shopping_cart')).toBeUndefined();
});
