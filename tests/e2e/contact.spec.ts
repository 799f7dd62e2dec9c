import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const { locale, heading, send, footer, tooShort } of [
  { locale: 'en-US', heading: 'Contact us', send: 'Send', footer: 'Contact us', tooShort: 'Please enter at least 20 characters.' },
  { locale: 'de-CH', heading: 'Kontakt', send: 'Senden', footer: 'Kontakt', tooShort: 'Bitte geben Sie mindestens 20 Zeichen ein.' },
]) {
  test(`${locale}: the contact page is reached from the footer and has no WCAG 2.2 AA violation, empty or with errors`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`/web/${locale}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: footer, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);

    // Errors under their fields, in the page's language.
    await page.getByRole('textbox', { name: /Message|Nachricht/ }).fill('Too short');
    await page.getByRole('textbox', { name: /E-mail|E-Mail/ }).fill('not-an-address');
    await page.getByRole('checkbox', { name: /privacy|Datenschutz/i }).check();
    await page.getByRole('checkbox', { name: /robot|Roboter/ }).click();
    await expect(page.getByText(/Verified|Geprüft/)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: send, exact: true }).click();
    await expect(page.getByText(tooShort)).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
}
