import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
// Relative imports: Playwright's loader does not read package.json's `#…` import map.
import type { Puzzle } from '../../src/captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '../../src/captcha/solve.ts';
import { waitForMail } from './support/mailbox.ts';
import { staffAccount } from './support/staff-account.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** The page's own markup; the preview frames hold the mail as sent, which runs no script (axe could not enter them). */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).options({ iframes: false }).exclude('iframe').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The smallest PNG: one transparent pixel. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * A confirmed subscriber, made through the public API as the footer's form and the
 * confirmation link make one (the footer journey is newsletter.spec.ts).
 */
async function confirmedSubscriber(request: APIRequestContext, person: { email: string; language: 'en-US' | 'de-CH'; role: string }): Promise<void> {
  const { token: xsrf } = (await (await request.get('/api/xsrf/token')).json()) as { token: string };
  const { siteKey } = (await (await request.get('/api/captcha/site-key')).json()) as { siteKey: string };
  const puzzle = (await (await request.get(`/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, { headers: { 'x-captcha-client': 'e2e@1.0.0' } })).json()) as Puzzle;
  const subscribed = await request.post('/api/newsletter/', {
    headers: { 'x-xsrf-token': xsrf },
    data: {
      firstName: 'Mara',
      email: person.email,
      agreeWithDataPrivacy: true,
      preferredLanguage: person.language,
      role: person.role,
      topicIds: [],
      captchaSolution: encodeSolution(puzzle, solvePuzzle(puzzle).number),
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const mail = await waitForMail(person.email);
  const token = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(mail.text)?.[1] ?? '';
  expect((await request.post(`/api/newsletter/${token}/confirm`, { headers: { 'x-xsrf-token': xsrf } })).status()).toBe(200);
}

test('staff write an issue in both languages with an image, choose its recipients, preview it, test it and send it to exactly them', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ciso = `ciso.${stamp}@example.ch`;
  const developer = `dev.${stamp}@example.com`;
  await confirmedSubscriber(request, { email: ciso, language: 'de-CH', role: 'CISO' });
  await confirmedSubscriber(request, { email: developer, language: 'en-US', role: 'SOFTWARE_DEVELOPER' });

  await page.goto('/app/admin-panel/newsletter');
  await page.getByLabel('E-mail address').fill(staffAccount.email);
  await page.getByLabel('Password').fill(staffAccount.password);
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter issues' })).toBeVisible();

  await page.getByRole('link', { name: 'New issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
  const english = page.getByRole('group', { name: 'Issue in English' });
  const german = page.getByRole('group', { name: 'Issue in German' });
  await english.getByLabel('Subject').fill(`Phishing season ${stamp}`);
  await english.getByLabel('Preheader').fill('Fake invoices are back');
  await english.getByLabel('Text').fill('# Phishing season\n\nCheck the **sender** before you pay.');
  await german.getByLabel('Subject').fill(`Phishing-Saison ${stamp}`);
  await german.getByLabel('Text').fill('# Phishing-Saison\n\nPrüfen Sie den **Absender**, bevor Sie zahlen.');
  await german.getByLabel(/Add an image/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(german.getByText('The image was added at the end of the text.')).toBeVisible();
  await expect(german.getByLabel('Text')).toHaveValue(/!\[logo\]\(\/api\/newsletter\/images\/[0-9a-f-]{36}\)$/);

  // The count follows the choice of recipients.
  const recipients = page.getByRole('group', { name: 'Recipients', exact: true });
  await expect(recipients.getByRole("status")).toHaveText(/This reaches \d+ confirmed subscribers? now\./);
  await recipients.getByRole('group', { name: 'Roles' }).getByRole('checkbox', { name: 'Chief information security officer (CISO)' }).check();
  await recipients.getByRole('group', { name: 'Languages' }).getByRole('checkbox', { name: 'English' }).uncheck();
  await expect(recipients.getByRole("status")).toHaveText(/This reaches \d+ confirmed subscribers? now\./);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save draft' }).click();

  await expect(page.getByText('The draft was saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Phishing season ${stamp}` })).toBeVisible();
  // The preview shows the German edition, the only one the recipients read.
  await expect(page.getByText(`Subject: Phishing-Saison ${stamp}`)).toBeVisible();
  const frame = page.frameLocator('iframe[title="Preview of the issue in German"]');
  await expect(frame.getByRole('heading', { name: 'Phishing-Saison' })).toBeVisible();
  await expect(frame.getByRole('img', { name: 'logo' })).toBeAttached();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`A test of each language was sent to ${staffAccount.email}.`)).toBeVisible();
  const testMail = await waitForMail(staffAccount.email, `[Test] Phishing-Saison ${stamp}`);
  expect(testMail.listUnsubscribe).toBe('');

  await page.getByRole('button', { name: 'Send now' }).click();
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText(/Send this issue now to \d+ confirmed subscribers?\?/);
  await confirmation.getByRole('button', { name: 'Yes, send now' }).click();

  const sent = await waitForMail(ciso, `Phishing-Saison ${stamp}`);
  expect(sent.listUnsubscribe).toMatch(/\/api\/newsletter\/[A-Za-z0-9_-]{43}\/unsubscribe$/);
  expect(sent.html).toContain('<strong>Absender</strong>');
  expect(sent.html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/images\/[0-9a-f-]{36}" alt="logo"/);
  // The page follows the sending until it is done.
  await expect(page.getByText(/^Sent · Written by/)).toBeVisible({ timeout: 30_000 });
  const stats = page.getByRole('region', { name: 'Sending' });
  await expect(stats).toContainText(/Recipients\s*1/);
  await expect(stats).toContainText(/Sent\s*1/);
  await expectNoAxeViolations(page);

  // The developer, of another role and language, got nothing.
  const mails = (await (await fetch(`http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT}/mails`)).json()) as { to: string; subject: string }[];
  expect(mails.filter((mail) => mail.subject.includes(String(stamp)) && mail.to.includes(developer))).toEqual([]);
  expect(mails.filter((mail) => mail.subject === `Phishing-Saison ${stamp}` && mail.to.includes(ciso))).toHaveLength(1);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Newsletter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter issues' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Phishing season ${stamp}`) });
  await expect(row).toContainText('Sent');
});
