import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';
import { createCart, saveCart, subscribeToNewsletter } from './support/shop-api.ts';
import { placeOrder } from './support/staff.ts';

/**
 * The buyer's path end to end, as a buyer tries it in both languages on a laptop and a
 * phone: one currency control, what was typed kept, the choices they made winning over
 * guesses, the newsletter link that confirms, a clean console and link previews.
 */

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** A new browser in `locale`, with the `locale` cookie the marketing pages would have set. */
async function browserIn(context: BrowserContext, language: 'en-US' | 'de-CH', baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'locale', value: language, url: baseURL }]);
}

test('a cart saved in CHF and restored from its mail shows CHF in the header, the one currency control; changing it re-prices the cart', async ({ browser, request, baseURL }) => {
  const email = `nina.${Date.now()}@example.ch`;
  const cartId = await createCart(request, 'CHF');
  await saveCart(request, cartId, { firstName: 'Nina', lastName: 'Keller', email, companyName: 'Keller AG' });
  const link = (await waitForMail(email)).text.match(/https?:\/\/\S+\/restore-shopping-cart/)?.[0] ?? '';
  expect(link).toContain(cartId);

  // Another browser, whose currency was EUR.
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: 'currency', value: 'EUR', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(page.getByTestId('cart-due-today')).toHaveText("1'450.– CHF");
  const header = page.getByRole('banner');
  await expect(header.getByRole('combobox', { name: 'Currency' })).toHaveValue('CHF');
  // No second switch on the cart page.
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Currency' })).toHaveCount(0);

  await header.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await expect(page.getByTestId('cart-due-today')).toHaveText(/EUR$/);
  expect((await context.cookies()).find((cookie) => cookie.name === 'currency')?.value).toBe('EUR');
  await context.close();
});

test('the checkout starts with what was given when saving the cart; choosing Switzerland sets +41; a Change link goes back from the review; the save-cart form starts at +41 too', async ({ browser, baseURL }) => {
  // An English browser without a location from its address: the country is guessed (United States).
  const context = await browser.newContext({ locale: 'en-US' });
  await browserIn(context, 'en-US', baseURL!);
  const page = await context.newPage();
  const email = `sara.${Date.now()}@example.ch`;
  const cartId = await createCart(page.request, 'CHF');
  await saveCart(page.request, cartId, { firstName: 'Sara', lastName: 'Brunner', email, companyName: 'Brunner Treuhand AG' });

  await page.goto(`/app/orders/${cartId}/checkout`);
  await expect(stepHeading(page, 'Step 1 of 7: Invoice info')).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Brunner Treuhand AG');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Step 2 of 7: Address')).toBeVisible();
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await expect(country).toHaveValue('US');
  await page.getByLabel('Street and number').fill('Bahnhofstrasse 10');
  await page.getByLabel('Postal code').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await country.selectOption('CH');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Step 3 of 7: Billing address')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Step 4 of 7: Contact details')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Sara');
  await expect(page.getByLabel('Last name')).toHaveValue('Brunner');
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  // The country chosen for the address wins over the guessed one.
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('CH');
  await expect(page.getByRole('combobox', { name: 'Country code' }).locator('option:checked')).toHaveText(/\+41/);
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill('44 668 18 00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page, 'Step 5 of 7: Review order')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Change / })).toHaveCount(4);
  await page.getByRole('link', { name: 'Change Address' }).click();
  await expect(stepHeading(page, 'Step 2 of 7: Address')).toBeFocused();
  await expect(page).toHaveURL(/\?step=address$/);
  await expect(page.getByLabel('City')).toHaveValue('Zürich');
  await page.goBack();
  await expect(stepHeading(page, 'Step 5 of 7: Review order')).toBeVisible();
  await page.getByLabel('I have read and agree to the terms and conditions and the privacy policy.').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // The confirmation shows what is bought and what is due, and asks only for the captcha.
  await expect(stepHeading(page, 'Step 6 of 7: Order confirmation')).toBeVisible();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByRole('table', { name: 'Your trainings' })).toContainText('Cyber Security Training Foundation');
  await expect(order.getByTestId('order-gross')).toHaveText(/CHF$/);
  await expect(page.getByText('To order, complete the anti-robot verification.')).toBeAttached();
  await expect(page.getByText(/agree to the terms and conditions/)).toHaveCount(0);

  // A new cart in the same browser: its save-cart form starts with the country chosen.
  const second = await createCart(page.request, 'CHF');
  await context.addCookies([{ name: 'shopping_cart', value: second, url: baseURL! }]);
  await page.goto(`/app/orders/${second}/shopping-cart`);
  const form = page.locator('.save-cart');
  await expect(form.getByRole('combobox', { name: 'Country code' })).toHaveValue('CH');
  await context.close();
});

test('on a 390 px phone the checkout shows its steps as one compact line', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-CH', viewport: { width: 390, height: 844 } });
  await browserIn(context, 'de-CH', baseURL!);
  const page = await context.newPage();
  const cartId = await createCart(page.request, 'CHF', 'de-CH');
  await page.goto(`/app/orders/${cartId}/checkout`);
  await expect(stepHeading(page, 'Schritt 1 von 7: Rechnungsangaben')).toBeVisible();
  // The steps' list carries no name of its own: the step's heading names where the visitor is.
  const steps = page.locator('ol.checkout-steps');
  const box = await steps.boundingBox();
  expect(box?.height).toBeLessThan(16);
  expect(box?.width).toBeLessThanOrEqual(390);
  await context.close();
});

test('typed values survive side requests that answer late (site key, countries, the visitor country)', async ({ page, request }) => {
  const [webinar] = (await (await request.get('/api/webinars/?language=en-US')).json()) as { id: string }[];
  const late = /\/api\/(captcha\/site-key|contact-form\/site-key|country\/|geolocation\/)/;
  await page.route(late, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });

  await page.goto(`/app/webinar/${webinar?.id}/en-US`);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('E-mail address').fill('nora@example.ch');
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nora');
  await expect(page.getByLabel('E-mail address')).toHaveValue('nora@example.ch');
  await expect(page.getByRole('checkbox', { name: /privacy policy/ })).toBeChecked();

  await page.goto('/app/contact-us');
  await page.getByLabel('First name').fill('Nora');
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill('44 668 18 00');
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Country code' })).not.toHaveValue('');
  await expect(page.getByLabel('First name')).toHaveValue('Nora');
  await expect(page.getByRole('textbox', { name: 'Number', exact: true })).toHaveValue('44 668 18 00');
});

test('opening the newsletter confirmation link in a browser confirms the subscription', async ({ page, request }) => {
  const email = `tim.${Date.now()}@example.ch`;
  await subscribeToNewsletter(request, 'Tim', email);
  const link = new URL((await waitForMail(email, 'Please confirm your newsletter subscription')).text.match(/https?:\/\/\S+\/app\/newsletter\/[A-Za-z0-9_-]{43}\//)?.[0] ?? '');
  await page.goto(link.pathname);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you: your subscription is confirmed.' })).toBeVisible();
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
  // The preferences are right there.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
});

test('the cart drawer is editable: seats, remove with undo, continue shopping; the badge counts products', async ({ page }) => {
  await page.goto('/web/en-US/trainings');
  const basic = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_basic_v1"][data-payment-frequency="MONTHLY"]');
  await basic.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('4,90 EUR');
  const badge = page.locator('.cart-button .badge');
  await expect(badge).toHaveText('1');

  const seats = drawer.getByRole('spinbutton', { name: 'Seats for Cyber Security Training Basic' });
  await seats.fill('3');
  await seats.press('Enter');
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('14,70 EUR');
  await expect(badge).toHaveText('1');

  await drawer.getByRole('button', { name: 'Remove Cyber Security Training Basic' }).click();
  await expect(drawer.getByText('Cyber Security Training Basic was removed.')).toBeVisible();
  await expect(badge).toHaveText('0');
  await drawer.getByRole('button', { name: 'Undo' }).click();
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('14,70 EUR');
  await expect(badge).toHaveText('1');

  await drawer.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('.cart-button')).toBeFocused();
});

test('the cart page keeps its columns in place when a line is struck through', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/web/en-US/trainings');
  await page.getByRole('radio', { name: 'One-time' }).check();
  for (const tier of ['basic', 'foundation']) {
    await page.locator(`[data-island="add-to-cart"][data-product-code="cyber_security_training_${tier}_v1"][data-payment-frequency="ONE_TIME"]`).getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
  }
  const cartId = (await context.cookies()).find((cookie) => cookie.name === 'shopping_cart')?.value;
  await page.goto(`/app/orders/${cartId}/shopping-cart`);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Cyber Security Training Basic' }).click();
  await expect(page.locator('.cart-line.is-removed')).toHaveCount(1);
  const columns = async (selector: string) => Promise.all((await page.locator(selector).all()).map(async (cell) => (await cell.boundingBox())?.x));
  for (const selector of ['.cart-line-quantity', '.cart-line-total', '.cart-line-actions']) {
    const [first, second] = await columns(selector);
    expect(first, selector).toBeDefined();
    expect(Math.abs((first ?? 0) - (second ?? 0)), selector).toBeLessThan(1);
  }
});

test('shared links show a preview: Open Graph tags on the marketing and the app pages, with a picture that exists', async ({ page, request, baseURL }) => {
  for (const path of ['/web/de-CH/trainings', '/web/en-US/terms', '/app/webinars', '/app/contact-us']) {
    await page.goto(path);
    const content = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');
    expect(await content('og:title'), path).toBeTruthy();
    expect(await content('og:description'), path).toBeTruthy();
    expect(await content('og:url'), path).toBe(`${baseURL}${path}`);
    expect(await content('og:locale'), path).toMatch(/^(en_US|de_CH)$/);
    const image = await content('og:image');
    expect(image, path).toMatch(/^https?:\/\/.+\.png$/);
    const picture = await request.get(new URL(image ?? '').pathname);
    expect(picture.status(), path).toBe(200);
    expect(picture.headers()['content-type'], path).toContain('image/png');
  }
  await page.goto('/web/en-US/terms');
  await expect(page).toHaveTitle('General terms and conditions | CyberSafe Academy');
  await page.goto('/web/de-CH/privacy-policy');
  expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeLessThanOrEqual(170);
});

/** The pages a buyer reaches, marketing and app, with the data they need. */
async function everyPage(page: Page): Promise<string[]> {
  const [webinar] = (await (await page.request.get('/api/webinars/?language=en-US')).json()) as { id: string; language: string }[];
  const cartId = await createCart(page.request, 'CHF');
  const { id: orderId } = await placeOrder(page.request, { company: 'Console AG' });
  const email = `console.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.ch`;
  await subscribeToNewsletter(page.request, 'Console', email);
  const preferences = new URL((await waitForMail(email, '')).text.match(/https?:\/\/\S+\/app\/newsletter\/[A-Za-z0-9_-]{43}\//)?.[0] ?? '').pathname;
  return [
    ...['', 'trainings', 'terms', 'privacy-policy', 'imprint'].flatMap((name) => ['en-US', 'de-CH'].map((language) => `/web/${language}/${name}`)),
    '/app/webinars',
    `/app/webinar/${webinar?.id}/${webinar?.language}`,
    '/app/contact-us',
    '/app/no-shopping-cart',
    '/app/downloadable-content/guide/en-US',
    `/app/orders/${cartId}/shopping-cart`,
    `/app/orders/${cartId}/checkout`,
    `/app/orders/${orderId}/tracking`,
    preferences,
  ];
}

for (const language of ['en-US', 'de-CH'] as const) {
  test(`no script error or warning in the console on any page, in ${language}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ locale: language });
    await browserIn(context, language, baseURL!);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      problems.push(`${page.url()}: ${message.type()}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
    for (const path of await everyPage(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Widgets load after the first paint: give them their moment.
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
