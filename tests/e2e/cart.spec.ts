import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

test('a visitor fills a cart in de-CH with CHF, changes it, saves it by e-mail and reopens it elsewhere', async ({ page, browser }) => {
  await page.goto('/web/de-CH/trainings');
  await page.getByLabel('Währung').selectOption('CHF');
  await page.getByRole('radio', { name: 'Einmalig' }).check();

  // Add the Foundation training, one-time: the drawer opens with the line in CHF.
  const foundation = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_foundation_v1"][data-payment-frequency="ONE_TIME"]');
  await foundation.getByRole('button', { name: 'In den Warenkorb' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Cyber-Security-Training Foundation')).toBeVisible();
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('145.– CHF');
  await expect(page.locator('.cart-button .badge')).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.locator('.cart-button')).toBeFocused();

  // A monthly Basic line too.
  await page.getByRole('radio', { name: 'Monatlich' }).check();
  const basic = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_basic_v1"][data-payment-frequency="MONTHLY"]');
  await basic.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(drawer.getByText('1 Platz · pro Monat, Mindestlaufzeit 12 Monate')).toBeVisible();
  await expect(page.locator('.cart-button .badge')).toHaveText('2');
  await drawer.getByRole('link', { name: 'Zum Warenkorb' }).click();

  // The cart page: one-time and monthly lines told apart, CHF with apostrophes.
  await expect(page.getByRole('heading', { name: 'Warenkorb', level: 1 })).toBeVisible();
  const seats = page.getByLabel('Plätze für Cyber-Security-Training Foundation');
  await seats.fill('12');
  await seats.press('Enter');
  // Due today: the one-time line and the first month of the monthly one; then 4.90 CHF a month.
  await expect(page.getByTestId('cart-due-today')).toHaveText("1'744.90 CHF");
  await expect(page.getByTestId('cart-per-month')).toHaveText('4.90 CHF');
  await expect(page.getByText("1'740.– CHF").first()).toBeVisible();

  // Remove and undo.
  await page.getByRole('button', { name: 'Cyber-Security-Training Basic entfernen' }).click();
  await expect(page.locator('.cart-line.is-removed s').first()).toHaveText('Cyber-Security-Training Basic');
  await expect(page.getByTestId('cart-due-today')).toHaveText("1'740.– CHF");
  await expect(page.getByTestId('cart-per-month')).toHaveCount(0);
  await page.getByRole('button', { name: 'Rückgängig: Cyber-Security-Training Basic wieder in den Warenkorb legen' }).click();
  await expect(page.getByTestId('cart-due-today')).toHaveText("1'744.90 CHF");

  // Save by e-mail: the shared form with consent and captcha.
  const email = `anna.${Date.now()}@example.ch`;
  const form = page.locator('.save-cart');
  await form.getByLabel('Vorname').fill('Anna');
  await form.getByLabel('E-Mail', { exact: false }).first().fill(email);
  const submit = form.getByRole('button', { name: 'Warenkorb speichern' });
  await expect(submit).toBeDisabled();
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  // Ticking the captcha starts the puzzle; it shows as ticked once solved.
  await form.getByRole('checkbox', { name: /Roboter/ }).click();
  await expect(form.getByRole('checkbox', { name: /Roboter/ })).toBeChecked({ timeout: 30_000 });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByText('Dieser Warenkorb ist gespeichert.', { exact: false })).toBeVisible();

  // The mail arrives in German with the restore link; a fresh browser opens the same cart.
  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Ihr gespeicherter Warenkorb bei der CyberSafe Academy');
  const link = mail.text.match(/https?:\/\/\S+\/restore-shopping-cart/)?.[0];
  expect(link).toBeTruthy();
  const elsewhere = await browser.newContext({ locale: 'de-CH' });
  const other = await elsewhere.newPage();
  await other.goto(link ?? '');
  await expect(other).toHaveURL(/\/app\/orders\/[0-9a-f-]+\/shopping-cart$/);
  await expect(other.getByTestId('cart-due-today')).toHaveText("1'744.90 CHF");
  expect((await elsewhere.cookies()).find((c) => c.name === 'shopping_cart')?.value).toBe(link?.split('/').at(-2));
  await elsewhere.close();
});

test('a cart that no longer exists is forgotten', async ({ page, context }) => {
  await context.addCookies([{ name: 'shopping_cart', value: '00000000-0000-4000-8000-000000000000', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/app/orders/00000000-0000-4000-8000-000000000000/shopping-cart');
  await expect(page.getByText('This shopping cart does no longer exists')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'shopping_cart')).toBeUndefined();
});

test('without a cart, the cart button leads to the no-cart page', async ({ page }) => {
  await page.goto('/app/no-shopping-cart');
  await expect(page.getByRole('heading', { name: 'No shopping cart' })).toBeVisible();
});

test('the first add makes a 90-day cart cookie; changing the currency re-prices the cart', async ({ page, context }) => {
  await page.goto('/web/en-US/trainings');
  const basic = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_basic_v1"][data-payment-frequency="MONTHLY"]');
  await basic.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('4,90 EUR');
  const cookie = (await context.cookies()).find((c) => c.name === 'shopping_cart');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(89.9);
  expect(days).toBeLessThan(90.1);
  await page.keyboard.press('Escape');

  await page.getByLabel('Currency').selectOption('USD');
  await page.locator('.cart-button').click();
  await expect(drawer.getByTestId('cart-due-today')).toHaveText('5.40 USD');
  const currency = (await context.cookies()).find((c) => c.name === 'currency');
  expect(((currency?.expires ?? 0) - Date.now() / 1000) / 86_400).toBeGreaterThan(364);
});
