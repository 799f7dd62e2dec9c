import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { staffAccount } from './support/staff-account.ts';
import { waitForMail } from './support/mailbox.ts';
import { placeOrder } from './support/staff.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// The admin's invitation is followed by the invitee, then read back in the audit log.
test.describe.configure({ mode: 'serial' });

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/app/admin-panel/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/admin-panel\/home$/);
}

const invitee = `vivian.viewer.${Date.now()}@example.ch`;
const inviteePassword = 'Copper-Meadow-Signal-58';

test('an admin invites a viewer by mail; the invitee sets name and password, signs in and sees nothing to change', async ({ page, browser }) => {
  await signIn(page, staffAccount.email, staffAccount.password);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: staffAccount.email })).toContainText('(you)');
  await expectNoAxeViolations(page);

  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  await page.getByLabel('Language of the e-mail').selectOption('en-US');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`The invitation to ${invitee} is on its way.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open invitations' }).getByRole('row').filter({ hasText: invitee })).toContainText('Viewer');

  const mail = await waitForMail(invitee, 'invitation');
  const link = /https?:\/\/\S+\/app\/admin-panel\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // The invitee, in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(new URL(link ?? '').pathname);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeVisible();
  await expect(theirs.getByText(`You were invited as ${invitee}, with the role Viewer.`)).toBeVisible();
  await expectNoAxeViolations(theirs);
  await theirs.getByLabel('Your name').fill('Vivian Viewer');
  await theirs.getByLabel('Password').fill('too-short');
  await theirs.getByRole('button', { name: 'Create my account' }).click();
  await expect(theirs.getByText('12 to 128 characters', { exact: false }).first()).toBeVisible();
  await theirs.getByLabel('Password').fill(inviteePassword);
  await theirs.getByRole('button', { name: 'Create my account' }).click();
  await expect(theirs.getByText('Your account is ready.')).toBeVisible();
  await theirs.getByRole('link', { name: 'Sign in' }).click();
  await signIn(theirs, invitee, inviteePassword);
  await theirs.locator('header summary', { hasText: 'Vivian Viewer' }).click();
  await expect(theirs.getByRole('link', { name: 'Signed in as Vivian Viewer (Viewer)' })).toBeVisible();
  const nav = theirs.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  // What a viewer cannot do is said as such, naming the role: on an order, on the staff page
  // opened by its address, and no "New issue" to be refused at save.
  const order = await placeOrder(theirs.request, { company: `Viewer Test AG ${Date.now()}` });
  await theirs.goto(`/app/admin-panel/orders/${order.id}`);
  await expect(theirs.getByText('Your role (Viewer) cannot change orders.')).toBeVisible();
  await theirs.goto('/app/admin-panel/staff');
  await expect(theirs.getByRole('alert')).toContainText('Your role (Viewer) does not allow this.');
  await expect(theirs.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await theirs.goto('/app/admin-panel/newsletter');
  await expect(theirs.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(theirs.getByRole('link', { name: 'New issue' })).toHaveCount(0);
  // The link works once.
  await theirs.goto(new URL(link ?? '').pathname);
  await expect(theirs.getByRole('alert')).toContainText('This invitation link is unknown');
  await context.close();

  // The admin sees the new account, with one open session.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: invitee })).toContainText('Vivian Viewer');
});

test('the admin finds the invitation, the new account and its sign-in in the audit log, and exports them as CSV', async ({ page }) => {
  await signIn(page, staffAccount.email, staffAccount.password);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Who (part of the e-mail)').fill(invitee);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/actor=vivian\.viewer/);
  // The filtered entries, not the list before them (shown dimmed while it loads).
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'staff.acceptInvitation' })).toContainText(invitee);
  await expect(rows.filter({ hasText: 'signIn' }).first()).toContainText('Done');
  await expectNoAxeViolations(page);

  // The invitation itself was the admin's.
  await page.getByLabel('Who (part of the e-mail)').fill(staffAccount.email);
  await page.getByLabel('Action (ends with a dot: all starting so)').fill('staff.invite');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows.filter({ hasText: `${invitee} invited as viewer` })).toContainText(staffAccount.email);

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  const [header, ...lines] = parse(await response.text(), { bom: true }) as string[][];
  expect(header?.[0]).toBe('When (UTC)');
  expect(lines.some((line) => line[1] === staffAccount.email && line[4] === 'staff.invite' && line[8]?.includes(invitee))).toBe(true);
});
