import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a visitor finds a webinar from the site, signs up, and the confirmation with its calendar invitation arrives', async ({ page }) => {
  const email = `nora.${Date.now()}@example.ch`;
  await page.goto('/web/en-US/');
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Webinars' }).click();
  await expect(page).toHaveURL(/\/app\/webinars$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  // Upcoming webinars in the page's language only, each with its zone and UTC offset.
  const list = page.getByRole('main').getByRole('list').first();
  await expect(list.getByRole('link', { name: 'Phishing defence for teams' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Ransomware: der Notfallplan für KMU' })).toHaveCount(0);
  await expect(list).toContainText(/\d{2}:\d{2} (CET|CEST) \(UTC\+[12]\)/);
  await expectNoAxeViolations(page);

  await list.getByRole('link', { name: 'Phishing defence for teams' }).click();
  await expect(page).toHaveURL(/\/app\/webinar\/[0-9a-f-]{36}\/en-US$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Phishing defence for teams' })).toBeVisible();
  await expectNoAxeViolations(page);

  const submit = page.getByRole('button', { name: 'Sign up' });
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Company').fill('Keller Treuhand AG');
  await page.getByLabel('Role').selectOption('HEAD_OF_IT');
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByRole('status', { name: 'You are signed up' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email, 'You are signed up: Phishing defence for teams');
  expect(mail.text).toContain('https://');
  expect(mail.html).toContain('calendar.google.com');
  expect(mail.attachments).toEqual(expect.arrayContaining([expect.objectContaining({ contentType: expect.stringMatching(/^text\/calendar/), filename: expect.stringMatching(/\.ics$/) })]));
});

test('the list follows the language of the page: German webinars in German', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto('/web/de-CH/');
  await page.getByRole('navigation', { name: /haupt|main/i }).getByRole('link', { name: 'Webinare' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webinare' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ransomware: der Notfallplan für KMU' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Phishing defence for teams' })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(/\d{2}:\d{2} (MEZ|MESZ) \(UTC\+[12]\)/);
  await expectNoAxeViolations(page);
  await context.close();
});

test('signing up with an error shows it at its field', async ({ page }) => {
  await page.goto('/app/webinars');
  await page.getByRole('link', { name: 'Phishing defence for teams' }).click();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});
