import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Subscribes `email` with the footer's newsletter modal of the English home page. */
async function subscribeFromFooter(page: Page, firstName: string, email: string): Promise<void> {
  await page.goto('/web/en-US/');
  await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
  await dialog.getByLabel('First name').fill(firstName);
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();
  await dialog.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(dialog.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByText(/Thank you/)).toBeVisible();
}

/** The link of a mail's text part below /app, as the browser opens it. */
function appLinkIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  expect(match, text).not.toBeNull();
  return new URL(match?.[0] ?? '').pathname;
}

const preferenceLink = /https?:\/\/[^\s]+\/app\/newsletter\/[A-Za-z0-9_-]{43}\//;
const deletionLink = /https?:\/\/[^\s]+\/app\/people\/deletions\/[A-Za-z0-9_-]{43}/;

/** Records the calls that change something (anything but GET) to the newsletter's API. */
function recordChanges(page: Page): string[] {
  const changes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/newsletter/')) changes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return changes;
}

test('a visitor subscribes from the footer; opening the mail\'s link confirms, the preferences are right there; they save choices and unsubscribe', async ({ page, request }) => {
  const email = `lena.${Date.now()}@example.ch`;
  await subscribeFromFooter(page, 'Lena', email);
  const mail = await waitForMail(email, 'Please confirm your newsletter subscription');
  const link = appLinkIn(mail.text, preferenceLink);
  const token = /\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(link)?.[1] ?? '';

  // Only fetching the address (as a mail scanner does) confirms nothing.
  expect((await request.get(link)).ok()).toBe(true);
  expect(await (await request.get(`/api/newsletter/${token}/`)).json()).toMatchObject({ status: 'PENDING' });

  // Opened in a browser, the page confirms with a request of its own and says so.
  const changes = recordChanges(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your newsletter preferences' })).toBeVisible();
  await expect(page.getByText('Hello Lena')).toBeVisible();
  const confirmed = page.getByRole('status').filter({ hasText: 'Thank you: your subscription is confirmed.' });
  await expect(confirmed).toBeVisible();
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
  expect(await (await request.get(`/api/newsletter/${token}/`)).json()).toMatchObject({ status: 'CONFIRMED' });
  expect(changes).toEqual([`POST /api/newsletter/${token}/confirm`]);
  await expect(page.getByRole('checkbox', { name: 'Ransomware and incident response' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Consents' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Your role').selectOption('HEAD_OF_IT');
  await page.getByLabel('Your experience in cybersecurity').selectOption('INTERMEDIATE');
  await page.getByRole('checkbox', { name: 'Ransomware and incident response' }).check();
  await page.getByRole('checkbox', { name: 'Secure software development' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Your choices have been saved.' });
  await expect(saved).toBeVisible();
  await expect(saved).toBeFocused();
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
  // The stored record shows the new consent.
  await expect(page.getByText(/^Newsletter: given on/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
  await expect(page.getByLabel('Your role')).toHaveValue('HEAD_OF_IT');
  await expect(page.getByLabel('Your experience in cybersecurity')).toHaveValue('INTERMEDIATE');
  await expect(page.getByRole('checkbox', { name: 'Ransomware and incident response' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Secure software development' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Phishing and social engineering' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

  // The download is the data call itself, saved as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as JSON' }).click();
  expect((await download).suggestedFilename()).toBe('personal-data.json');

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  const unsubscribed = page.getByRole('status').filter({ hasText: 'You have been unsubscribed and will receive no more newsletters.' });
  await expect(unsubscribed).toBeFocused();
  await expect(page.getByText('Status: Unsubscribed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the unsubscribe address of a mail, opened in a German browser, leads to the preference centre at its button; one click there unsubscribes', async ({ page, browser }) => {
  const email = `mia.${Date.now()}@example.ch`;
  await subscribeFromFooter(page, 'Mia', email);
  const mail = await waitForMail(email, 'Please confirm your newsletter subscription');
  const address = new URL(mail.listUnsubscribe);
  expect(address.pathname).toMatch(/^\/api\/newsletter\/[A-Za-z0-9_-]{43}\/unsubscribe$/);

  const context = await browser.newContext({ locale: 'de-CH' });
  const german = await context.newPage();
  const changes = recordChanges(german);
  await german.goto(address.pathname);
  await expect(german).toHaveURL(/\/app\/newsletter\/[A-Za-z0-9_-]{43}\/#unsubscribe$/);
  const heading = german.getByRole('heading', { level: 2, name: 'Abmelden' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(german.getByText('Guten Tag Mia')).toBeVisible();
  // Opening the address unsubscribed nobody: link scanners open it too.
  expect(changes).toEqual([]);
  await expectNoAxeViolations(german);

  await german.getByRole('button', { name: 'Abmelden' }).click();
  await expect(german.getByRole('status').filter({ hasText: 'Sie wurden abgemeldet' })).toBeFocused();
  await expect(german.getByText('Status: Abgemeldet')).toBeVisible();
  expect(changes).toEqual([`POST ${address.pathname}`]);
  await context.close();
});

test('a subscriber deletes their data with the mailed link; the preference link is dead afterwards', async ({ page }) => {
  const email = `jonas.${Date.now()}@example.ch`;
  await subscribeFromFooter(page, 'Jonas', email);
  const link = appLinkIn((await waitForMail(email, 'Please confirm your newsletter subscription')).text, preferenceLink);

  await page.goto(link);
  // Opened in a browser, the link confirmed the subscription first.
  await expect(page.getByText('Status: Subscribed')).toBeVisible();
  await page.getByRole('button', { name: 'Delete my data' }).click();
  const step = page.getByRole('group', { name: 'Confirm by e-mail' });
  await expect(step).toBeFocused();
  await expect(step).toContainText('Your orders are kept for accounting, without your name and address.');
  await expectNoAxeViolations(page);
  await step.getByRole('button', { name: 'Send me the link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'We have sent you an e-mail with a link to confirm the deletion of your data.' });
  await expect(sent).toBeFocused();
  await expectNoAxeViolations(page);

  const deletion = appLinkIn((await waitForMail(email, 'Please confirm the deletion of your data')).text, deletionLink);
  await page.goto(deletion);
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your data' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What we keep' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the link deleted nothing: the preferences still open.
  await page.goto(link);
  await expect(page.getByText('Hello Jonas')).toBeVisible();

  await page.goto(deletion);
  await page.getByRole('button', { name: 'Delete my data now' }).click();
  const done = page.getByRole('status', { name: 'Your data has been deleted' });
  await expect(done).toBeFocused();
  await expect(done).toContainText('Orders are kept without your name');
  await expectNoAxeViolations(page);

  // The deletion link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Delete my data now' }).click();
  await expect(page.getByRole('alert', { name: 'This link does not work' })).toContainText('unknown, has expired or was used already');
  await expectNoAxeViolations(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(/subscribe again with the button "Subscribe to the newsletter"/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to our website' })).toHaveAttribute('href', '/web/en-US/');
  await expectNoAxeViolations(page);
});

test('an unknown link shows the not-found page in the app language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-CH' });
  const page = await context.newPage();
  await page.goto(`/app/newsletter/${'A'.repeat(43)}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu unserer Website' })).toHaveAttribute('href', '/web/de-CH/');
  await expectNoAxeViolations(page);
  await context.close();
});
