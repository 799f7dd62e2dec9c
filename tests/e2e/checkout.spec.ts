import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

async function addToCartAndOpenCheckout(page: Page, language: 'en-US' | 'de-CH', currency: 'EUR' | 'CHF', addLabel: string, checkoutLabel: string) {
  await page.goto(`/web/${language}/trainings`);
  await page.locator('.header-currency select').selectOption(currency);
  const offer = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_champion_v1"][data-payment-frequency="MONTHLY"]');
  await offer.getByRole('button', { name: addLabel }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.locator('.cart-drawer__items li')).toHaveCount(1);
  await drawer.locator('a.button').first().click();
  const seats = page.locator('.cart-line input[type="number"]').first();
  await seats.fill('5');
  await seats.press('Enter');
  await page.getByRole('link', { name: checkoutLabel }).click();
  await expect(page).toHaveURL(/\/checkout(\?step=[a-z-]+)?$/);
}

test('en-US, EUR, a German company: reverse charge, VAT number asked for, order placed and tracked', async ({ page }) => {
  await addToCartAndOpenCheckout(page, 'en-US', 'EUR', 'Add to cart', 'Go to checkout');

  // Invoice info: the company, no VAT number yet.
  await expect(page.getByRole('heading', { name: /Invoice info/ })).toBeVisible();
  await page.getByLabel('Company name').fill('Beispiel GmbH');
  await page.getByRole('button', { name: 'Next' }).click();

  // Address in Germany: the VAT number becomes required and the visitor is sent back.
  await expect(page.getByRole('heading', { name: /Address/ }).first()).toBeVisible();
  await expect(page.getByLabel('Street and number')).toHaveAttribute('autocomplete', /address-line1|street-address/);
  await page.getByLabel('Street and number').fill('Unter den Linden 5');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('City').fill('Berlin');
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('DE');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: /Invoice info/ })).toBeVisible();
  await expect(page.getByText(/Please enter the VAT number of your company/)).toBeVisible();
  await page.getByLabel('VAT number').fill('DE123456789');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Street and number')).toHaveValue('Unter den Linden 5');
  await page.getByRole('button', { name: 'Next' }).click();

  // Billing address: the same.
  await expect(page.getByLabel('The billing address is the same as the address')).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  // Contact details, with the phone rule.
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill('Mustermann');
  const email = `erika.${Date.now()}@example.de`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('combobox', { name: 'Country code' }).selectOption('DE');
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill('(030) 123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Only use numbers, space, and minus.', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill('30 1234567');
  await page.getByRole('button', { name: 'Next' }).click();

  // Review: reverse charge, net = gross; billed now the first month (5 seats × 39.90 EUR), then each month.
  await expect(page.getByText('Reverse charge', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('order-gross')).toHaveText('199,50 EUR');
  await expect(page.getByTestId('order-per-month')).toHaveText('199,50 EUR');
  await page.getByLabel('I have read and agree to the terms and conditions and the privacy policy.').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Confirmation: captcha, then the binding order.
  const submit = page.getByRole('button', { name: 'Place order and pay' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();

  // Thank you: the number, the cookie gone, a link to tracking.
  await expect(page.getByText('Thank you for your order!')).toBeVisible();
  const number = await page.locator('.thank-you__number, [data-testid="order-number"]').first().textContent();
  expect(number).toMatch(/\d{4}-\d{6}/);
  expect((await page.context().cookies()).find((c) => c.name === 'shopping_cart')).toBeUndefined();
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByRole('heading', { name: `Order ${number?.trim()}` })).toBeVisible();
  await expect(page.getByText('Ordered').first()).toBeVisible();

  const mail = await waitForMail(email, number?.trim());
  expect(mail.subject).toContain(`Your order ${number?.trim()}`);
  // The order confirmation: the invoice follows when the order is invoiced.
  expect(mail.attachments).toEqual([]);
});

test('de-CH, CHF, a Swiss company: 8.1 % VAT, a reload resumes at the saved step', async ({ page }) => {
  await addToCartAndOpenCheckout(page, 'de-CH', 'CHF', 'In den Warenkorb', 'Zur Kasse');

  await page.getByLabel('Firmenname').fill('Muster AG');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Strasse und Hausnummer').fill('Bahnhofstrasse 10');
  await page.getByLabel('PLZ').fill('8001');
  await page.getByLabel('Ort').fill('Zürich');
  await page.getByRole('combobox', { name: 'Land', exact: true }).selectOption('CH');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Muster');
  const email = `anna.${Date.now()}@example.ch`;
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill('44 668 18 00');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // The review step was saved: a reload comes back to it, with what was typed.
  await expect(page.getByRole('heading', { name: /Bestellung prüfen/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Bestellung prüfen/ })).toBeVisible();
  // The first month: 5 × 38.90 CHF = 194.50 net, VAT 8.1 % = 15.75, total 210.25 CHF.
  await expect(page.getByTestId('order-gross')).toHaveText('210.25 CHF');
  await expect(page.getByText('MWST 8.1 %', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByLabel(/Ich habe die Allgemeinen Geschäftsbedingungen/).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('checkbox', { name: 'Ich bin kein Roboter' }).click();
  const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByText('Vielen Dank für Ihre Bestellung!')).toBeVisible();
  await page.getByRole('link', { name: 'Bestellung verfolgen' }).click();
  await expect(page.getByText('Bestellt').first()).toBeVisible();

  const mail = await waitForMail(email, 'Ihre Bestellung');
  expect(mail.text).toContain('Total: 210.25 CHF');
  expect(mail.text).toContain('Danach pro Monat, inkl. MWST: 210.25 CHF');
  // Die Bestellbestätigung ohne Rechnung: Diese folgt mit INVOICE.
  expect(mail.text).toContain('Ihre Rechnung folgt in einer separaten E-Mail');
  expect(mail.attachments).toEqual([]);
});
