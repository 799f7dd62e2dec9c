import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';
import { askForSignInLink } from './support/shop-api.ts';
import { invoiceAndPay, inviteEditor, placeOrder, signInAsStaff } from './support/staff.ts';

/**
 * Seat changes on a running monthly plan (docs/product/seat-changes.md): the buyer adds
 * seats in the account on a phone and finds the prorated invoice in the account and on
 * tracking; staff reduce seats on the order page, pending until the next period, which the
 * dashboard lists.
 */

const phone = { width: 390, height: 844 };
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A staff member (the journeys' admin, or `account`) signed in on the orders desk, in a browser context of their own. */
async function staffDesk(browser: Browser, account?: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  const desk = await context.newPage();
  await desk.goto('/app/admin-panel/orders');
  await signInAsStaff(desk, account);
  await expect(desk.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  return desk;
}

/** A monthly plan of 5 seats, ordered through the API, invoiced and paid in full by staff: ACTIVE. */
async function activePlan(page: Page, desk: Page, company: string, email: string): Promise<{ id: string; number: string }> {
  const order = await placeOrder(page.request, { company, email, paymentFrequency: 'MONTHLY', quantity: 5 });
  await invoiceAndPay(desk.request, order.id);
  return order;
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, locale: 'en-US' });

  test('a buyer signs in from the mail, adds 5 seats and finds the prorated invoice in the account and on tracking', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = `seats.${Date.now()}@example.ch`;
    const desk = await staffDesk(browser);
    const order = await activePlan(page, desk, 'Sitzplatz AG', email);
    await desk.context().close();

    await askForSignInLink(page.request, email);
    const mail = await waitForMail(email, 'Your sign-in link');
    const link = /https?:\/\/\S+(\/app\/account\/sign-in\/[A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    await page.goto(link![1]!);
    await expect(page).toHaveURL(/\/app\/account$/);

    const card = page.getByRole('article', { name: `Order ${order.number}` });
    const plan = card.getByRole('region', { name: 'Monthly plan' });
    await expect(plan.getByRole('definition').first()).toHaveText('5');
    await plan.getByRole('button', { name: 'Change seats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change seats' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Seats from now on/).fill('10');
    await dialog.getByRole('button', { name: 'Show what it costs' }).click();
    const preview = dialog.getByRole('status');
    await expect(preview).toContainText('From today 10 seats.');
    // Paid today, the plan's period starts today: the 5 added seats are billed for the whole of it.
    await expect(preview).toContainText(/Invoice now for the added seats, .+ – .+: 72\.50 CHF net, 5\.87 CHF VAT, 78\.37 CHF in total\./);
    await expect(preview).toContainText(/each month: 145\.00 CHF net, 11\.75 CHF VAT, 156\.75 CHF in total\./);
    // The account with the dialog open: nothing for axe, nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Change to 10 seats' }).click();
    const done = dialog.getByRole('status');
    await expect(done).toContainText('Done: 10 seats from');
    const invoiceNumber = /Invoice (\S+) of/.exec((await done.textContent()) ?? '')?.[1];
    expect(invoiceNumber).toBeTruthy();
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect(plan.getByRole('definition').first()).toHaveText('10');
    await expect(card.getByRole('row').filter({ hasText: invoiceNumber! })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/app/orders/${order.id}/tracking`);
    await expect(page.getByRole('region', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoiceNumber! })).toBeVisible();
  });
});

test('an editor reduces the seats on the order page: the reduction is pending there, on the dashboard and on tracking', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await staffDesk(browser);
  const order = await activePlan(page, admin, 'Weniger AG', `fewer.${Date.now()}@example.ch`);
  const editor = await inviteEditor(admin.request, page.request, `erika.editor.${Date.now()}@example.ch`);
  await admin.context().close();
  const desk = await staffDesk(browser, editor);

  await desk.goto(`/app/admin-panel/orders/${order.id}`);
  await expect(desk.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(desk.getByText('The plan has 5 seats now.', { exact: true })).toBeVisible();
  await desk.getByRole('button', { name: 'Change seats' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Change seats' });
  await dialog.getByLabel(/^Seats from now on/).fill('3');
  await dialog.getByRole('button', { name: 'Show what it costs' }).click();
  await expect(dialog.getByRole('status')).toContainText(/From .+ 3 seats; until then the 5 seats stay in use, without credit\./);
  await expectNoAxeViolations(desk);
  await dialog.getByRole('button', { name: 'Change to 3 seats' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toContainText('Done: 3 seats from');
  await done.getByRole('button', { name: 'Close' }).click();

  const pending = /From .+: 3 seats \(reduction pending\)\./;
  await expect(desk.getByText(pending)).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Withdraw the reduction' })).toBeVisible();

  // The dashboard lists it, the order's number leading to its page; axe finds nothing there.
  await desk.goto('/app/admin-panel/');
  const reductions = desk.getByRole('region', { name: 'Pending seat reductions' });
  const entry = reductions.getByRole('listitem').filter({ hasText: order.number });
  await expect(entry).toContainText(/5 → 3 seats from/);
  await expectNoAxeViolations(desk);
  await entry.getByRole('link', { name: order.number }).click();
  await expect(desk.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await desk.context().close();

  await page.goto(`/app/orders/${order.id}/tracking`);
  await expect(page.getByText(pending)).toBeVisible();
});
