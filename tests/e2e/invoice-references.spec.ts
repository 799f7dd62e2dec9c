import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsStaff } from './support/staff.ts';

/**
 * The buyer's reference and purchase order number (docs/product/invoices.md): typed in the
 * checkout's first step, changed by staff on the order page until it is invoiced, and then
 * each invoice as XRechnung on the order page and on tracking.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const leitwegId = '04011000-12345-06';

test('a buyer gives a Leitweg-ID and a purchase order number at checkout; staff change it before invoicing; both get the XRechnung', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/web/de-CH/trainings');
  const offer = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_champion_v1"][data-payment-frequency="MONTHLY"]');
  await offer.getByRole('button', { name: 'In den Warenkorb' }).click();
  await page.getByRole('dialog').locator('a.button').first().click();
  await page.getByRole('link', { name: 'Zur Kasse' }).click();

  // The invoice-info step: both fields optional, at most 50 characters.
  await page.getByLabel('Firmenname').fill('Muster AG');
  const reference = page.getByLabel('Ihre Referenz');
  await expect(reference).toHaveAttribute('maxlength', '50');
  await reference.fill(leitwegId);
  await page.getByLabel('Bestellnummer').fill('BE-0815');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Strasse und Hausnummer').fill('Bahnhofstrasse 10');
  await page.getByLabel('PLZ').fill('8001');
  await page.getByLabel('Ort').fill('Zürich');
  await page.getByRole('combobox', { name: 'Land', exact: true }).selectOption('CH');
  await page.getByRole('button', { name: 'Weiter' }).click();
  // Back to the first step: what was saved is there.
  await page.getByRole('button', { name: 'Zurück' }).click();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByLabel('Ihre Referenz')).toHaveValue(leitwegId);
  await expect(page.getByLabel('Bestellnummer')).toHaveValue('BE-0815');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Muster');
  await page.getByLabel('E-Mail-Adresse').fill(`anna.${Date.now()}@example.ch`);
  await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill('44 668 18 00');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel(/Ich habe die Allgemeinen Geschäftsbedingungen/).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('checkbox', { name: 'Ich bin kein Roboter' }).click();
  const submit = page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await page.getByRole('link', { name: 'Bestellung verfolgen' }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  const trackingUrl = page.url();
  const orderId = /\/orders\/([^/]+)\/tracking$/.exec(trackingUrl)?.[1] ?? '';

  // Staff see both on the order page and change the purchase order number before invoicing.
  // In a browser of their own, in English.
  const deskContext = await browser.newContext({ locale: 'en-US', baseURL: test.info().project.use.baseURL });
  const desk = await deskContext.newPage();
  await desk.goto(`/app/admin-panel/orders/${orderId}`);
  await signInAsStaff(desk);
  await expect(desk.getByText(`Their reference: ${leitwegId}`)).toBeVisible();
  await expect(desk.getByText('Their purchase order: BE-0815')).toBeVisible();
  await desk.getByRole('button', { name: 'Edit references' }).click();
  const dialog = desk.getByRole('dialog', { name: 'References on the invoices' });
  await expect(dialog.getByLabel('Purchase order number')).toHaveValue('BE-0815');
  await expectNoAxeViolations(desk);
  await dialog.getByLabel('Purchase order number').fill('BE-0816');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByText('Their purchase order: BE-0816')).toBeVisible();

  // Invoiced: the references are fixed, and each invoice is also an XRechnung.
  await desk.getByRole('button', { name: 'Invoice' }).click();
  await desk.getByRole('dialog', { name: 'Invoice' }).getByRole('button', { name: 'Invoice' }).click();
  await expect(desk.locator('.admin-page-head .admin-status')).toHaveText('Invoiced');
  await expect(desk.getByRole('button', { name: 'Edit references' })).toHaveCount(0);
  const staffLink = desk.getByRole('link', { name: /^XML INV-/ });
  await expect(staffLink).toBeVisible();
  await expectNoAxeViolations(desk);
  const staffXml = await desk.request.get(String(await staffLink.getAttribute('href')));
  expect(staffXml.status()).toBe(200);
  expect(await staffXml.text()).toContain(`<ram:BuyerReference>${leitwegId}</ram:BuyerReference>`);

  await deskContext.close();

  await page.goto(trackingUrl);
  const buyerLink = page.getByRole('region', { name: 'Rechnungen' }).getByRole('link', { name: /^INV-.+ \(XML\)$/ }).first();
  await expect(buyerLink).toBeAttached();
  await expectNoAxeViolations(page);
  const buyerXml = await page.request.get(String(await buyerLink.getAttribute('href')));
  expect(buyerXml.status()).toBe(200);
  expect(buyerXml.headers()['content-disposition']).toMatch(/^attachment; filename="xrechnung-INV-.+\.xml"$/);
  expect(await buyerXml.text()).toContain('<ram:IssuerAssignedID>BE-0816</ram:IssuerAssignedID>');
});
