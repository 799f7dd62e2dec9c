import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox.ts';
import { placeOrder } from './support/staff.ts';
import { consoleProblems } from './support/console.ts';

/**
 * The buyer's account on a 390 × 844 phone (docs/product/account.md): a sign-in link asked
 * for on the account page, opened from the mail, the order in the account, sign-out.
 */

const phone = { width: 390, height: 844 };
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The sign-in link of the mail, as an address of the server under test. */
function signInLinkOf(text: string): string {
  const match = /https?:\/\/\S+\/app\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec(text);
  if (!match) throw new Error(`no sign-in link in: ${text}`);
  return new URL(match[0]).pathname;
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, locale: 'en-US' });

  test('a buyer asks for a sign-in link, opens it from the mail, sees the order in the account and signs out', async ({ page }) => {
    test.setTimeout(120_000);
    const email = `account.${Date.now()}@example.ch`;
    const order = await placeOrder(page.request, { company: 'Konto AG', email, paymentFrequency: 'MONTHLY', quantity: 5 });

    await page.goto('/app/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
    await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a sign-in link is on its way' })).toBeVisible();

    const mail = await waitForMail(email, 'Your sign-in link');
    const link = signInLinkOf(mail.text);
    // From here the page is the server's, which the app takes over without a word in the console.
    const problems = consoleProblems(page);
    await page.goto(link);
    await expect(page).toHaveURL(/\/app\/account$/);
    const card = page.getByRole('article', { name: `Order ${order.number}` });
    await expect(card).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(card.getByRole('link', { name: `Track order ${order.number}` })).toBeVisible();
    // The server renders the signed-in page (its session cookie opens the list), like the cart.
    const rendered = await page.request.get('/app/account');
    expect(rendered.headers()['cache-control']).toBe('private, no-cache');
    expect(await rendered.text()).toContain(`Order ${order.number}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled();
    expect(problems).toEqual([]);

    // The link works once: opened again in another browser, the page says so and offers a new one.
    const stranger = await page.context().browser()!.newPage({ viewport: phone, locale: 'en-US' });
    await stranger.goto(link);
    await expect(stranger).toHaveURL(/\/app\/account\?link=used$/);
    await expect(stranger.getByRole('alert')).toContainText('This sign-in link was used already');
    await stranger.close();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in' })).toBeVisible();
  });
});
