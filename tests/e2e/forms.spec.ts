import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the newsletter form in the footer: shared layout, captcha reaching completed, confirmation', async ({ page }) => {
  await page.goto('/web/en-US/');
  await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
  await expect(dialog).toBeVisible();

  const submit = dialog.getByRole('button', { name: 'Subscribe' });
  await dialog.getByLabel('First name').fill('Max');
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByLabel('Number', { exact: true }).fill('+41 (79)');
  await expect(submit).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();
  await expect(submit).toBeDisabled();

  const captcha = dialog.getByRole('checkbox', { name: 'I am not a robot' });
  await captcha.click();
  await expect(dialog.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await expect(captcha).toBeChecked();
  await expect(submit).toBeEnabled();

  // The form checks with the server's schema: errors under their fields, in English.
  await submit.click();
  await expect(dialog.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(
    dialog.getByText('Only use numbers, space, and minus. Please use the international phone number format with your selected country code.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('E-mail address').fill(`max.${Date.now()}@example.com`);
  await dialog.getByLabel('Number', { exact: true }).fill('79 123 45 67');
  await submit.click();
  await expect(dialog.getByText(/Thank you|subscribed/i)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('the phone country defaults to the visitor country; de-CH shows German texts', async ({ browser }) => {
  // On loopback the country comes from the browser's region: a Swiss browser.
  const context = await browser.newContext({ locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto('/web/de-CH/');
  await page.getByRole('button', { name: 'Newsletter abonnieren' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Landesvorwahl')).toHaveValue('CH');
  await expect(dialog.getByRole('checkbox', { name: 'Ich bin kein Roboter' })).toBeVisible();
  await context.close();
});

test('a browser that declares automation is refused by the captcha', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => true }));
  await page.goto('/web/en-US/');
  await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  await expect(page.getByText('Browser check failed, try a different browser')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I am not a robot' })).toBeDisabled();
});
