import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { staffAccount } from './support/staff-account.ts';
import { placeOrder, signInAsStaff } from './support/staff.ts';

/**
 * The staff desk: the orders list as a work queue with one search box and keyboard
 * shortcuts, the order page's money and history, a delete refused once money moved, and
 * every back-office page checked by axe with its dialog open.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// Each journey solves captchas (the order's and the sign-in's): one at a time, so they
// do not starve each other of the processor.
test.describe.configure({ mode: 'serial' });

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
}

test('staff find an order by the buyer’s e-mail with the keyboard alone, open it, and see the payment in its history; deleting it is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `lara.frei.${stamp}@example.ch`;
  const order = await placeOrder(page.request, { company: `Alpenblick Treuhand AG ${stamp}`, email });

  await page.goto('/app/admin-panel/orders');
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Needs action \d+$/ })).toBeVisible();

  // `/` puts the focus into the one search box; the list follows as typing pauses.
  await page.locator('body').press('/');
  const search = page.getByLabel('Search');
  await expect(search).toBeFocused();
  await page.keyboard.type(email.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email.toUpperCase()).replace(/\./g, '\\.')}`));
  const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order.number);

  // Escape leaves the box; `j` goes to the first row, Enter opens it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: order.number })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  // The next lifecycle step is the primary button; Cancel is red; nothing to pay yet.
  await expect(page.getByRole('button', { name: 'Start work' })).toHaveClass('admin-button');
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveClass(/admin-button--danger/);
  await expect(page.getByRole('button', { name: 'Record a payment' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Invoice' }).click();
  await page.getByRole('dialog', { name: 'Invoice' }).getByRole('button', { name: 'Invoice' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Invoiced');
  // Once invoiced, the order can no longer be deleted: the button is gone.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByLabel(/Amount/).fill('52.97');
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByText('Done: Record a payment.')).toBeVisible();

  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByRole('definition').nth(1)).toHaveText('52.97 CHF');
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.filter({ hasText: 'Record a payment' }).first()).toContainText(new RegExp(`Payment of 52\\.97 CHF on .+ by ${staffAccount.email.replace(/\./g, '\\.')}`));

  // The API refuses the delete too, in both languages.
  const { token } = (await (await page.request.get('/api/xsrf/token')).json()) as { token: string };
  const refused = await page.request.delete(`/api/orders/admin/${order.id}/`, { headers: { 'x-xsrf-token': token }, data: { reason: 'tidy up' } });
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { error: { messagesByLanguage: Record<string, string> } };
  expect(body.error.messagesByLanguage['en-US']).toContain('can no longer be deleted');
  expect(body.error.messagesByLanguage['de-CH']).toContain('nicht mehr gelöscht');

  // Back to the list it came from, with the search kept.
  await page.getByRole('link', { name: 'Back to the orders' }).click();
  await expect(page.getByLabel('Search')).toHaveValue(email.toUpperCase());
});

test('a monthly plan: Invoice says what it mails to whom, Renew waits behind "More actions" and names the month it bills, and an early termination asks why', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `ap.${Date.now()}@muster.example`;
  const order = await placeOrder(page.request, { company: `Monatsplan AG ${Date.now()}`, email, paymentFrequency: 'MONTHLY' });
  await page.goto(`/app/admin-panel/orders/${order.id}`);
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Invoice' }).click();
  const invoice = page.getByRole('dialog', { name: 'Invoice' });
  await expect(invoice).toContainText(new RegExp(`Its invoice of [0-9.']+ CHF is issued now and mailed as a PDF with a QR-bill to ${email.replace(/\./g, '\\.')}`));
  await expectNoAxeViolations(page, 'order with the invoice dialog');
  await invoice.getByRole('button', { name: 'Invoice' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Invoiced');
  await page.getByRole('button', { name: 'Record a payment' }).click();
  await page.getByRole('dialog', { name: 'Record a payment' }).getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Active');

  // The running plan's next step is the billing job's: Renew is no button of its own.
  await expect(page.getByRole('button', { name: 'Renew' })).toBeHidden();
  await page.getByText('More actions').click();
  await page.getByRole('button', { name: 'Renew' }).click();
  const renew = page.getByRole('dialog', { name: 'Renew' });
  await expect(renew).toContainText(new RegExp(`Renewing now bills .+ – .+ at once: an invoice of [0-9.']+ CHF is issued and mailed to ${email.replace(/\./g, '\\.')}`));
  await expectNoAxeViolations(page, 'order with the renew dialog');
  await renew.getByRole('button', { name: 'Close without changes' }).click();

  // After notice, ending the plan before its notice takes effect is "Terminate early", with a reason.
  await page.getByRole('button', { name: 'Start termination' }).click();
  await page.getByRole('dialog', { name: 'Start termination' }).getByRole('button', { name: 'Start termination' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Being terminated');
  await page.getByRole('button', { name: 'Terminate early' }).click();
  const terminate = page.getByRole('dialog', { name: 'Terminate' });
  await expect(terminate).toContainText('Terminating it now ends the plan early');
  await expect(terminate.getByLabel(/^Why it ends early/)).toHaveAttribute('required', '');
  await expectNoAxeViolations(page, 'order with the terminate early dialog');
  await terminate.getByLabel(/^Why it ends early/).fill('The company closed.');
  await terminate.getByRole('button', { name: 'Terminate early' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Terminated');
});

test('the sign-in page names the shop; the shortcuts are listed under ? and can be turned off', async ({ page }) => {
  await page.goto('/app/admin-panel/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('main').getByText('CyberSafe Academy')).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in');
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Next order in the list');
  await help.getByLabel('Keyboard shortcuts on').uncheck();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.locator('body').press('/');
  await expect(page.getByLabel('Search')).not.toBeFocused();
  // On again, for the journeys after this one in the same browser profile.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByLabel('Keyboard shortcuts on').check();
});

test('axe finds nothing on any back-office page, with its dialog open', async ({ page }) => {
  // Ten pages, each read through by axe.
  test.setTimeout(240_000);
  const order = await placeOrder(page.request, { company: `Axe AG ${Date.now()}` });
  await page.goto('/app/admin-panel/home');
  await signInAsStaff(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expectNoAxeViolations(page, 'home');

  await page.goto('/app/admin-panel/orders');
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expectNoAxeViolations(page, 'orders');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expectNoAxeViolations(page, 'orders with the shortcuts dialog');
  await page.keyboard.press('Escape');

  await page.goto(`/app/admin-panel/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expectNoAxeViolations(page, 'order');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel' })).toContainText('cannot be undone');
  await expectNoAxeViolations(page, 'order with the cancel dialog');
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['messages', 'Messages'],
    ['webinars', 'Webinars'],
    ['create-webinar', 'New webinar'],
    ['contacts', 'Contacts'],
    ['account', 'Your account'],
  ] as const) {
    await page.goto(`/app/admin-panel/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
});
