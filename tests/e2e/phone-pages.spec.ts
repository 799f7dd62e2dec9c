import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { placeOrder, signInAsStaff } from './support/staff.ts';

/**
 * The buyer's pages on a 390 × 844 phone: nothing is wider than the screen (the tracking
 * and thank-you pages, their order lines and invoices), and the checkout opened from the
 * cart drawer starts at its top.
 */

const phone = { width: 390, height: 844 };
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page scrolls no sideways, and each element given ends inside the screen. */
async function expectWithinPhone(page: Page, ...elements: Locator[]): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  for (const element of elements) {
    const box = await element.boundingBox();
    expect(box, String(element)).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), String(element)).toBeLessThanOrEqual(phone.width);
    // Every cell of it too: none is cut off by a scrolling frame.
    const widest = await element.evaluate((root) => Math.max(0, ...[...root.querySelectorAll('th, td')].map((cell) => cell.getBoundingClientRect().right)));
    expect(widest, String(element)).toBeLessThanOrEqual(phone.width);
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, locale: 'de-CH' });

  test('the checkout from the cart drawer starts at its top; the review shows the phone number in international form; thank-you fits the screen', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/web/de-CH/trainings');
    // Down the page: the last offer's add button opens the cart drawer.
    const add = page.getByRole('button', { name: 'In den Warenkorb' }).last();
    await expect(add).toBeEnabled();
    await add.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await add.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Zum Warenkorb' }).click();
    // The cart page, read to its end: its checkout button opens the checkout at the top.
    const checkout = page.getByRole('link', { name: 'Zur Kasse' });
    await expect(checkout).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await checkout.click();
    await expect(page.getByRole('heading', { level: 2, name: /Schritt 1 von 7/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectWithinPhone(page);

    await page.getByRole('textbox', { name: 'Firmenname', exact: true }).fill('Zürcher Muster AG');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('textbox', { name: 'Strasse und Hausnummer', exact: true }).fill('Bahnhofstrasse 10');
    await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('8001');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Anna');
    await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Muster');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(`anna.phone.${Date.now()}@example.ch`);
    await expect(page.getByRole('combobox', { name: 'Landesvorwahl' })).toHaveValue('CH');
    await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill('079 123 45 67');
    await page.getByRole('button', { name: 'Weiter' }).click();

    await expect(page.getByRole('heading', { level: 2, name: /Schritt 5 von 7/ })).toBeVisible();
    await expect(page.getByText('+41 79 123 45 67', { exact: true })).toBeVisible();
    await expectWithinPhone(page);
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Schritt 6 von 7/ })).toBeVisible();
    await page.getByRole('checkbox', { name: /Ich bin kein Roboter/ }).click();
    const submit = page.locator('form button[type="submit"]').last();
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    await submit.click();

    await expect(page.getByRole('heading', { level: 2, name: /Schritt 7 von 7/ })).toBeVisible();
    await expectWithinPhone(page, page.locator('.order-summary table, table').first());
    await expectNoAxeViolations(page);
  });

  test('tracking fits the screen: the order lines and the invoices, amounts and statuses whole', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.goto('/web/de-CH/');
    const { id } = await placeOrder(page.request, { company: 'Zürcher Phone AG' });
    // Staff invoice it, so the tracking page lists an invoice.
    const staff = await browser.newContext({ locale: 'en-US' });
    const desk = await staff.newPage();
    await desk.goto('/app/admin-panel/orders');
    await signInAsStaff(desk);
    await expect(desk.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const { token } = (await (await desk.request.get('/api/xsrf/token')).json()) as { token: string };
    const invoiced = await desk.request.post(`/api/orders/admin/${id}/status`, { headers: { 'x-xsrf-token': token }, data: { action: 'INVOICE' } });
    expect(invoiced.ok(), await invoiced.text()).toBe(true);
    await staff.close();

    await page.goto(`/app/orders/${id}/tracking`);
    const invoices = page.getByRole('region', { name: /Rechnungen/ });
    await expect(invoices.getByRole('table')).toBeVisible();
    await expect(invoices.getByRole('table')).toContainText('CHF');
    await expectWithinPhone(page, page.getByRole('table').first(), invoices.getByRole('table'));
    await expectNoAxeViolations(page);

    // Under the invoices, folded: what their PDFs carry (the e-invoice, the QR-bill) and whom to ask, in either language.
    const formats = invoices.locator('details');
    await formats.getByText('Zu diesen Rechnungen: E-Rechnung und QR-Rechnung').click();
    await expect(formats).toContainText('Factur-X / ZUGFeRD (europäische Norm EN 16931)');
    await expect(formats).toContainText('Schweizer QR-Rechnung');
    await expect(formats.getByRole('link', { name: 'billing@cybersafe-academy.example' })).toBeVisible();
    await expectWithinPhone(page, formats);
    await expectNoAxeViolations(page);

    await page.context().addCookies([{ name: 'locale', value: 'en-US', url: page.url() }]);
    await page.reload();
    const inEnglish = page.getByRole('region', { name: 'Invoices' }).locator('details');
    await inEnglish.getByText('About these invoices: e-invoice and QR-bill').click();
    await expect(inEnglish).toContainText('Factur-X / ZUGFeRD (European standard EN 16931), which accounting software reads');
    await expect(inEnglish).toContainText('Swiss QR-bill');
    await expectWithinPhone(page, inEnglish);
    await expectNoAxeViolations(page);
  });
});
