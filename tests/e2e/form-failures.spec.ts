import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from '@playwright/test';

/**
 * A public form whose server fails: the webinar sign-up answered 500, then not at all.
 * The form says so in the page's language, keeps what was typed, offers a fresh captcha,
 * and goes through once the server answers again.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

const journeys = [
  {
    locale: 'en-US',
    navigation: /main/i,
    webinars: 'Webinars',
    webinar: 'Phishing defence for teams',
    labels: { firstName: 'First name', lastName: 'Last name', email: 'E-mail address', company: 'Company' },
    consent: /privacy policy/,
    robot: 'I am not a robot',
    verified: 'Verified. You are not a robot.',
    submit: 'Sign up',
    failed: 'Something went wrong on our side. Please try again; nothing was sent.',
    signedUp: 'You are signed up',
  },
  {
    locale: 'de-CH',
    navigation: /haupt|main/i,
    webinars: 'Webinare',
    webinar: 'Ransomware: der Notfallplan für KMU',
    labels: { firstName: 'Vorname', lastName: 'Nachname', email: 'E-Mail-Adresse', company: 'Firma' },
    consent: /Datenschutzerklärung/,
    robot: 'Ich bin kein Roboter',
    verified: 'Geprüft. Sie sind kein Roboter.',
    submit: 'Anmelden',
    failed: 'Auf unserer Seite ist etwas schiefgelaufen. Bitte versuchen Sie es nochmals; es wurde nichts gesendet.',
    signedUp: 'Sie sind angemeldet',
  },
] as const;

type Journey = (typeof journeys)[number];

/** What the sign-up's POST meets: the server failing, no answer at all, or the server itself. */
type Outcome = 'fails' | 'noAnswer' | 'server';

async function solveCaptcha(page: Page, journey: Journey): Promise<void> {
  const captcha = page.getByRole('checkbox', { name: journey.robot });
  await expect(captcha).not.toBeChecked();
  await captcha.click();
  await expect(page.getByText(journey.verified)).toBeVisible({ timeout: 30_000 });
}

for (const journey of journeys) {
  test(`${journey.locale}: the webinar sign-up says when the server fails, keeps what was typed and goes through once it answers`, async ({ browser }) => {
    // Three captcha puzzles are solved in this journey, each taking seconds.
    test.setTimeout(150_000);
    const context = await browser.newContext({ locale: journey.locale });
    const page = await context.newPage();
    let outcome: Outcome = 'fails';
    let failedSends = 0;
    await page.route('**/api/webinars/*/subscriptions', async (route: Route) => {
      if (route.request().method() !== 'POST' || outcome === 'server') return route.fallback();
      failedSends += 1;
      if (outcome === 'noAnswer') return route.abort('connectionreset');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', messagesByLanguage: { 'en-US': 'An unexpected error occurred.', 'de-CH': 'Ein unerwarteter Fehler.' } } }),
      });
    });

    await page.goto(`/web/${journey.locale}/`);
    await page.getByRole('navigation', { name: journey.navigation }).getByRole('link', { name: journey.webinars }).click();
    await page.getByRole('link', { name: journey.webinar }).click();
    await expect(page.getByRole('heading', { level: 1, name: journey.webinar })).toBeVisible();

    const email = `lea.${journey.locale}.${Date.now()}@example.ch`;
    const typed = { firstName: 'Lea', lastName: 'Brunner', email, company: 'Brunner Informatik GmbH' };
    for (const [field, label] of Object.entries(journey.labels)) await page.getByRole('textbox', { name: label, exact: true }).fill(typed[field as keyof typeof typed]);
    await page.getByRole('checkbox', { name: journey.consent }).check();
    await solveCaptcha(page, journey);
    const submit = page.getByRole('button', { name: journey.submit });
    const failure = page.getByRole('alert').filter({ hasText: journey.failed });

    for (const [round, next] of (['fails', 'noAnswer'] as const).entries()) {
      outcome = next;
      await submit.click();
      await expect.poll(() => failedSends).toBe(round + 1);
      await expect(failure).toBeVisible();
      await expect(failure).toHaveText(journey.failed);
      for (const [field, label] of Object.entries(journey.labels)) await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(typed[field as keyof typeof typed]);
      await expect(page.getByRole('checkbox', { name: journey.consent })).toBeChecked();
      // The captcha starts over: the form waits for it, then may be sent again.
      await expect(submit).toBeDisabled();
      await solveCaptcha(page, journey);
      await expect(submit).toBeEnabled();
    }
    const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    outcome = 'server';
    await submit.click();
    await expect(page.getByRole('status', { name: journey.signedUp })).toBeVisible();
    await expect(failure).toHaveCount(0);
    await context.close();
  });
}
