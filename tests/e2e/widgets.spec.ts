import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The marketing widgets (docs/product/widgets.md): the exit-intent popup, the role
 * questionnaire, the FAQ and the newsletter link and button. The popup's timings are the
 * production ones; the journeys move time on with Playwright's clock.
 */

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The widgets are live once the prerendered currency select is enabled. */
async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('.currency-selector select')).toBeEnabled();
}

/** The pointer leaves the window through its top edge (towards the tabs and the address bar). */
async function leaveThroughTop(page: Page): Promise<void> {
  await page.mouse.move(640, 200);
  await page.mouse.move(640, 5, { steps: 4 });
  await page.mouse.move(640, -20, { steps: 2 });
}

const guidePopup = (page: Page) => page.getByRole('dialog', { name: 'Before you go: our free guide' });
const cartPopup = (page: Page) => page.getByRole('dialog', { name: 'Keep your shopping cart for later?' });

/** Gives a popup that is about to appear the time to load; afterwards its absence means something. */
async function expectNoPopup(page: Page): Promise<void> {
  await page.waitForTimeout(1_000);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

test.describe('exit-intent popup', () => {
  test('offers the free guide to a visitor without a cart after leaving through the top, not in the first 15 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/web/en-US/');
    await waitForIslands(page);

    // A first leave right after arriving is ignored.
    await leaveThroughTop(page);
    await expectNoPopup(page);

    await page.clock.fastForward(15_000);
    await leaveThroughTop(page);
    const dialog = guidePopup(page);
    await expect(dialog).toBeVisible();
    // A real modal: the first field has the focus, the page behind is inert.
    await expect(dialog.getByLabel(/^First name/)).toBeFocused();
    await expect(dialog.getByRole('textbox')).toHaveCount(2);
    await expect(dialog.getByLabel(/^E-mail address/)).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /privacy policy/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'I am not a robot' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('dialog[open]')?.matches(':modal'))).toBe(true);
    await expectNoAxeViolations(page);

    // Escape closes it and it does not come back in this page view.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(400_000);
    await leaveThroughTop(page);
    await expectNoPopup(page);
  });

  test('sends the guide request and never offers the guide again', async ({ page }) => {
    await page.clock.install();
    await page.goto('/web/en-US/trainings');
    await waitForIslands(page);
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    const dialog = guidePopup(page);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel(/^First name/).fill('Gina');
    await dialog.getByLabel(/^E-mail address/).fill(`gina.${Date.now()}@example.com`);
    await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();
    await dialog.getByRole('checkbox', { name: 'I am not a robot' }).click();
    await expect(dialog.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/downloadables/by-code/guide/subscriptions/'));
    await dialog.getByRole('button', { name: 'Send me the guide' }).click();
    expect((await answer).status(), 'POST /api/downloadables/by-code/guide/subscriptions/ (the downloads module)').toBe(200);
    await expect(dialog.getByRole('status')).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();

    // Long after the five minutes: a visitor who has the guide is not asked again.
    await page.clock.fastForward(3_600_000);
    await page.reload();
    await waitForIslands(page);
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    await expectNoPopup(page);
  });

  test('offers to save an unsaved cart; a saved cart is not asked for again', async ({ page }) => {
    await page.clock.install();
    await page.goto('/web/en-US/trainings');
    await waitForIslands(page);
    const basic = page.locator('[data-island="add-to-cart"][data-product-code="cyber_security_training_basic_v1"][data-payment-frequency="MONTHLY"]');
    await basic.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
    await expect(drawer).toBeVisible();

    // Never over another dialog: with the drawer open, a leave shows nothing.
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    await page.waitForTimeout(1_000);
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expect(cartPopup(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await leaveThroughTop(page);
    const dialog = cartPopup(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('We send you a link that brings you back to this cart, in any browser.')).toBeVisible();
    await dialog.getByLabel(/^First name/).fill('Sam');
    await dialog.getByLabel(/^E-mail address/).fill(`sam.${Date.now()}@example.com`);
    await dialog.getByRole('checkbox', { name: /privacy policy/ }).check();
    await dialog.getByRole('checkbox', { name: 'I am not a robot' }).click();
    await expect(dialog.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Save shopping cart' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The cart is saved now: even after the five minutes the popup stays away.
    await page.clock.fastForward(400_000);
    await page.reload();
    await waitForIslands(page);
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    await expectNoPopup(page);
  });

  test('closing it keeps it away for 5 minutes on every page; then it may return', async ({ page }) => {
    await page.clock.install();
    await page.goto('/web/en-US/terms');
    await waitForIslands(page);
    await page.clock.fastForward(16_000);
    const before = page.getByRole('link', { name: 'Trainings' }).first();
    await before.focus();
    await leaveThroughTop(page);
    const dialog = guidePopup(page);
    await expect(dialog).toBeVisible();
    // The visible close button; the focus returns to where it was.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(before).toBeFocused();
    const closedAt = Number(await page.evaluate(() => localStorage.getItem('exit-intent.closed-at')));
    expect(closedAt).toBeGreaterThan(0);

    // Four minutes later, on another page: nothing.
    await page.clock.fastForward(240_000);
    await page.goto('/web/en-US/imprint');
    await waitForIslands(page);
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    await expectNoPopup(page);

    // Past the 300 000 ms: it may return.
    await page.clock.fastForward(60_000);
    await page.goto('/web/en-US/privacy-policy');
    await waitForIslands(page);
    expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(closedAt + 300_000);
    await page.clock.fastForward(16_000);
    await leaveThroughTop(page);
    await expect(guidePopup(page)).toBeVisible();
  });

  test('appears after scrolling past half the page and back up to 30–40 %', async ({ page }) => {
    await page.goto('/web/en-US/privacy-policy');
    await waitForIslands(page);
    const scrollTo = (fraction: number) =>
      page.evaluate((share) => {
        window.scrollTo({ top: (document.documentElement.scrollHeight - innerHeight) * share, behavior: 'instant' });
      }, fraction);
    await scrollTo(0.45);
    await scrollTo(0.35);
    await expectNoPopup(page);
    await scrollTo(0.6);
    await scrollTo(0.35);
    await expect(guidePopup(page)).toBeVisible();
  });
});

test.describe('role questionnaire', () => {
  test('recommends the tier with the most points and adds it to the cart', async ({ page }) => {
    await page.goto('/web/en-US/');
    await waitForIslands(page);
    const questionnaire = page.locator('[data-island="questionnaire"]');
    await expect(page.getByRole('heading', { name: 'Which training fits us?' })).toBeVisible();
    await expect(questionnaire.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expectNoAxeViolations(page);

    const picks = ['Our IT team and our software developers', 'An employee clicking a phishing link or giving away a password'];
    for (const [index, text] of picks.entries()) {
      await expect(questionnaire.getByText(`Question ${index + 1} of 4`)).toBeVisible();
      await expect(questionnaire.getByRole('progressbar')).toHaveAttribute('value', String((index + 1) * 25));
      await questionnaire.getByRole('radio', { name: text }).check();
      await questionnaire.getByRole('button', { name: 'Next' }).click();
    }
    await expect(questionnaire.getByText('Question 3 of 4')).toBeVisible();
    // Back returns to the previous question with its answer kept.
    await questionnaire.getByRole('button', { name: 'Back' }).click();
    await expect(questionnaire.getByText('Question 2 of 4')).toBeVisible();
    await expect(questionnaire.getByRole('radio', { name: 'An employee clicking a phishing link or giving away a password' })).toBeChecked();
    await questionnaire.getByRole('button', { name: 'Next' }).click();
    await expect(questionnaire.getByText('Question 3 of 4')).toBeVisible();
    await questionnaire.getByRole('radio', { name: 'Everyone knows the basics; our technical staff need deeper skills' }).check();
    await questionnaire.getByRole('button', { name: 'Next' }).click();
    await questionnaire.getByRole('radio', { name: 'Build and run systems securely and handle an incident' }).check();
    await questionnaire.getByRole('button', { name: 'Show recommendation' }).click();

    await expect(questionnaire.getByRole('heading', { name: 'Our recommendation: Cyber Security Training Foundation' })).toBeFocused();
    await expect(questionnaire.getByText('14,90 EUR')).toBeVisible();
    await expect(questionnaire.getByText('per seat and month')).toBeVisible();
    await expectNoAxeViolations(page);

    // The page's currency: switching it switches the shown price.
    await page.getByLabel('Currency').selectOption('CHF');
    await expect(questionnaire.getByText('14.50 CHF')).toBeVisible();

    await questionnaire.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your shopping cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Cyber Security Training Foundation')).toBeVisible();
    await expect(drawer.getByTestId('cart-due-today')).toHaveText('14.50 CHF');
  });

  test('gives a tie to the higher tier (de-CH)', async ({ page }) => {
    await page.goto('/web/de-CH/');
    await waitForIslands(page);
    const questionnaire = page.locator('[data-island="questionnaire"]');
    const picks = [
      'Alle im Unternehmen: Büro, Verkauf, HR und Geschäftsleitung',
      'Revision, Kunden und Verwaltungsrat zu zeigen, dass wir unsere Risiken im Griff haben',
      'Noch nichts Regelmässiges, oder einmal im Jahr eine Präsentation',
      'Risiken beurteilen, Bedrohungen modellieren und unsere Sicherheitsstrategie steuern',
    ];
    for (const [index, text] of picks.entries()) {
      await expect(questionnaire.getByText(`Frage ${index + 1} von 4`)).toBeVisible();
      await expect(questionnaire.getByRole('progressbar')).toHaveAttribute('value', String((index + 1) * 25));
      await questionnaire.getByRole('radio', { name: text }).check();
      await questionnaire.getByRole('button', { name: index === 3 ? 'Empfehlung anzeigen' : 'Weiter' }).click();
    }
    // Basic 2, Champion 2: Champion.
    await expect(questionnaire.getByRole('heading', { name: 'Unsere Empfehlung: Cyber-Security-Training Champion' })).toBeVisible();
    await questionnaire.getByRole('button', { name: 'In den Warenkorb' }).click();
    const drawer = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
    await expect(drawer.getByText('Cyber-Security-Training Champion')).toBeVisible();
    await page.keyboard.press('Escape');

    await questionnaire.getByRole('button', { name: 'Neu beginnen' }).click();
    await expect(questionnaire.getByText('Frage 1 von 4')).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('opens and closes from the keyboard, one heading per question, without a script', async ({ page }) => {
    await page.goto('/web/en-US/trainings');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 2 })).toBeVisible();
    const items = page.locator('details.faq__item');
    await expect(items).toHaveCount(7);
    await expect(page.locator('details.faq__item summary h3')).toHaveCount(7);

    const vat = page.locator('#faq-vat');
    const summary = vat.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(vat).toHaveAttribute('open', '');
    await expect(vat.getByText(/reverse-charge procedure/)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(vat).not.toHaveAttribute('open', '');
    await expect(vat.getByText(/reverse-charge procedure/)).toBeHidden();

    // Tab reaches the next question.
    await page.keyboard.press('Tab');
    await expect(page.locator('#faq-cancel summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('#faq-cancel')).toHaveAttribute('open', '');
    await expectNoAxeViolations(page);
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/web/de-CH/trainings');
    const seats = page.locator('#faq-seats');
    await seats.locator('summary').click();
    await expect(seats).toHaveAttribute('open', '');
    await expect(seats.getByText(/namentlich bestimmte Person/)).toBeVisible();
    await context.close();
  });
});

test.describe('newsletter', () => {
  test('a link to #newsletter opens the newsletter form; the home page has its own button', async ({ page }) => {
    await page.goto('/web/en-US/imprint#newsletter');
    const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).hash).toBe('');

    await page.goto('/web/en-US/');
    await page.getByRole('button', { name: 'Get the newsletter' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^First name/)).toBeFocused();
  });
});

test.describe('the other widgets of the list (SPEC §2)', () => {
  test('tab switch and payment-frequency switch on a small screen; the language and currency sync', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/web/de-CH/trainings#tier-champion');
    await waitForIslands(page);
    // The tier of the fragment is chosen; one tier at a time.
    await expect(page.getByRole('radio', { name: 'Champion' })).toBeChecked();
    await expect(page.locator('#tier-champion')).toBeVisible();
    await expect(page.locator('#tier-basic')).toBeHidden();
    await page.getByRole('radio', { name: 'Foundation' }).check();
    await expect(page.locator('#tier-foundation')).toBeVisible();
    await expect(page.locator('#tier-champion')).toBeHidden();
    await expect(page.locator('body')).toHaveAttribute('data-product-tier', 'foundation');

    // Monthly first; one-time shows the one-time offers only.
    await expect(page.getByRole('radio', { name: 'Monatlich' })).toBeChecked();
    await page.getByRole('radio', { name: 'Einmalig' }).check();
    await expect(page.locator('body')).toHaveAttribute('data-payment-frequency', 'ONE_TIME');
    await expect(page.locator('#tier-foundation .offer[data-frequency="ONE_TIME"]')).toBeVisible();
    await expect(page.locator('#tier-foundation .offer[data-frequency="MONTHLY"]')).toBeHidden();

    // The page stores its language (the server sets it with the page); the currency selector its currency.
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('de-CH');
    await page.getByLabel('Währung').selectOption('USD');
    await expect(page.locator('#tier-foundation .offer[data-frequency="ONE_TIME"] .money[data-currency="USD"]')).toBeVisible();
  });
});
