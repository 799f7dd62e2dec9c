import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { staffAccount } from './support/staff-account.ts';
import { waitForMail } from './support/mailbox.ts';
import { placeOrder } from './support/staff.ts';

const wcag = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

// One staff account for the whole file, whose second factor one journey turns on and off
// again: the journeys run one after the other.
test.describe.configure({ mode: 'serial' });

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Fills the sign-in form and solves its captcha as a staff member does. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a stranger sent to the sign-in lands back on the filtered orders; staff take an order from invoice to archived refund', async ({ page, request }) => {
  const order = await placeOrder(request, { company: `Journey AG ${Date.now()}` });

  await page.goto('/app/admin-panel/orders?status=ORDERED');
  await expect(page).toHaveURL(/\/app\/admin-panel\/login\?from=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, staffAccount.email, staffAccount.password);

  await expect(page).toHaveURL(/\/app\/admin-panel\/orders\?status=ORDERED$/);
  await expect(page.getByRole('checkbox', { name: 'Ordered' })).toBeChecked();

  // Find the order by its number: the list follows the search box.
  await page.getByLabel('Search').fill(order.number);
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  const link = page.getByRole('link', { name: order.number });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  // Invoice it.
  await page.getByRole('button', { name: 'Invoice' }).click();
  const invoiceDialog = page.getByRole('dialog', { name: 'Invoice' });
  await expect(invoiceDialog).toBeVisible();
  await expectNoAxeViolations(page);
  await invoiceDialog.getByRole('button', { name: 'Invoice' }).click();
  await expect(page.getByText('Done: Invoice.')).toBeVisible();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Invoiced');

  // A partial payment keeps the status; the rest pays the order.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByLabel(/Amount/).fill('100');
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByText('Done: Record a payment.')).toBeVisible();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Invoiced');
  await page.getByRole('button', { name: 'Record a payment' }).click();
  dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Paid');

  // Cancel with a refund, then record that it was paid out.
  await page.getByRole('button', { name: 'Cancel with refund' }).click();
  dialog = page.getByRole('dialog', { name: 'Cancel with refund' });
  await dialog.getByLabel('Refund the customer').check();
  await dialog.getByLabel(/Refund \(CHF\)/).fill('50');
  await dialog.getByLabel(/Reason/).fill('The customer changed plans.');
  await dialog.getByRole('button', { name: 'Cancel with refund' }).click();
  await expect(page.locator('.admin-page-head .admin-status')).toHaveText('Canceled');
  await page.getByRole('button', { name: 'Refund paid out' }).click();
  dialog = page.getByRole('dialog', { name: 'Refund paid out' });
  await dialog.getByRole('button', { name: 'Refund paid out' }).click();
  await expect(page.getByText(/paid out on/).first()).toBeVisible();

  // Every step is in the history, with who took it.
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  for (const step of ['Invoice', 'Record a payment', 'Cancel with refund', 'Refund paid out', 'Buy']) {
    await expect(history.filter({ hasText: step }).first()).toBeVisible();
  }
  await expect(history.filter({ hasText: 'Cancel with refund' })).toContainText(staffAccount.email);
  await expect(history.filter({ hasText: 'Cancel with refund' })).toContainText('The customer changed plans.');
});

test('a wrong password is refused in the current language and sets no session', async ({ page, context }) => {
  await page.goto('/app/admin-panel/login');
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(staffAccount.email);
  await page.getByLabel('Passwort').fill('Not-The-Right-Password-1');
  await page.getByRole('checkbox', { name: 'Ich bin kein Roboter' }).click();
  await expect(page.getByText('Geprüft. Sie sind kein Roboter.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.' })).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');
});

test('a visitor writes through the contact form; staff read it as text in the inbox, mark it unread and archive it', async ({ page }) => {
  const sender = `lea.${Date.now()}@example.ch`;
  const subject = `Seats for our branch ${Date.now()}`;
  await page.goto('/web/en-US/');
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/app\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByLabel('First name').fill('Lea');
  await page.getByLabel('Last name').fill('Brunner');
  await page.getByLabel('E-mail address').fill(sender);
  await page.getByLabel('Recipient').selectOption('EDUCATION_EXPERT');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Too short');
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter at least 20 characters.')).toBeVisible();
  await page.getByLabel('Message').fill('We would like <b>40 seats</b> for our Bern branch.\nCan you help?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: /two working days/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const staffMail = await waitForMail('', subject);
  expect(staffMail.replyTo).toContain(sender);
  await waitForMail(sender);

  await page.goto('/app/admin-panel/messages');
  await signIn(page, staffAccount.email, staffAccount.password);
  await expect(page.getByRole('link', { name: /Messages/ })).toContainText('unread');
  const row = page.getByRole('link', { name: new RegExp(subject) });
  await expectNoAxeViolations(page);
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectNoAxeViolations(page);
  // The visitor's text is shown as text, never as HTML.
  await expect(page.getByText('We would like <b>40 seats</b> for our Bern branch.', { exact: false })).toBeVisible();
  await expect(page.locator('.admin-message__text b')).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await page.getByRole('link', { name: 'Unread', exact: true }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByRole('link', { name: 'Archived', exact: true }).click();
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
});

test('staff create a webinar, refused first for a bad code and link, that then appears on the public list in its language only, and delete it', async ({ page, browser }) => {
  const code = `E2E-${Date.now()}`;
  const title = `Passwörter im Team ${Date.now()}`;
  await page.goto('/app/admin-panel/home');
  await signIn(page, staffAccount.email, staffAccount.password);
  await expect(page.getByRole('heading', { name: 'Next webinars' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Webinars' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Phishing defence for teams');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'New webinar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New webinar' })).toBeVisible();
  await expectNoAxeViolations(page);
  const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('with spaces');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de-CH');
  await page.getByLabel('Date').fill(inTwoWeeks);
  await page.getByLabel('Time').fill('10:30');
  await page.getByLabel('Duration in minutes').fill('45');
  await page.getByLabel('Description').fill('Wie ein Team Passwörter sicher teilt.\n\nMit Beispielen aus der Praxis.');
  await page.getByRole('textbox', { name: 'Join link', exact: true }).fill('http://meet.example/team');
  await page.getByRole('button', { name: 'Create webinar' }).click();
  await expect(page.getByText('Use letters, digits and dashes only.')).toBeVisible();
  await expect(page.getByText('Please enter a link starting with https://.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('textbox', { name: 'Join link', exact: true }).fill('https://meet.example/team');
  await page.getByRole('button', { name: 'Create webinar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Nobody has signed up yet.')).toBeVisible();

  // Visitors see it in German, not in English.
  const visitor = await browser.newContext({ locale: 'de-CH' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/app/webinars');
  await expect(visitorPage.getByRole('link', { name: title })).toBeVisible();
  await expect(visitorPage.getByRole('main')).toContainText('10:30');
  await visitor.close();
  const english = await browser.newContext({ locale: 'en-US' });
  const englishPage = await english.newPage();
  await englishPage.goto('/app/webinars');
  await expect(englishPage.getByRole('heading', { level: 1, name: 'Webinars' })).toBeVisible();
  await expect(englishPage.getByRole('link', { name: title })).toHaveCount(0);
  await english.close();

  await page.getByRole('button', { name: 'Delete webinar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete webinar' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`The webinar "${title}" was deleted.`)).toBeVisible();
});

test('staff find a visitor of the contact form among the contacts, see the message and the privacy consent in the record, and download the search as CSV', async ({ page }) => {
  const stamp = Date.now();
  const email = `nora.keller.${stamp}@example.ch`;
  const subject = `A training for our team ${stamp}`;
  await page.goto('/app/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Keller');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Recipient').selectOption('MESSAGE_CENTRAL');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('We would like a training for twelve people in spring.');
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: /two working days/ })).toBeVisible();

  await page.goto('/app/admin-panel/home');
  await signIn(page, staffAccount.email, staffAccount.password);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contacts, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Part of the address, in another case, submitted with Enter.
  const search = page.getByLabel('Name, e-mail address or company');
  await search.fill(`KELLER.${stamp}`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contacts\\?q=KELLER\\.${stamp}$`));
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Nora Keller');
  await expect(page.getByRole('table')).toHaveAccessibleName(`Contacts matching "KELLER.${stamp}", newest first`);
  await expect(page.getByText('Page 1 of 1 · 1 contact')).toBeVisible();
  await expectNoAxeViolations(page);

  // The CSV download takes the same search.
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  const href = (await csvLink.getAttribute('href')) ?? '';
  expect(href).toContain(`q=KELLER.${stamp}`);
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(email);

  await row.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Keller' })).toBeVisible();
  const consents = page.getByRole('region', { name: 'Consents' });
  await expect(consents.getByRole('row').filter({ hasText: 'Privacy policy' })).toContainText(/Granted.*Contact form/);
  const entries = page.getByRole('region', { name: 'Form entries' });
  await expect(entries.getByRole('link', { name: subject })).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to the same search; the message opens from the record.
  await page.getByRole('link', { name: 'Back to the contacts' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts\\?q=KELLER\\.${stamp}$`));
  await expect(search).toHaveValue(`KELLER.${stamp}`);
  await page.getByRole('link', { name: email }).click();
  await page.getByRole('region', { name: 'Form entries' }).getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
});

test('staff turn on a second factor and then sign in with a code from their app', async ({ page }) => {
  const email = staffAccount.email;
  await page.goto('/app/admin-panel/account');
  await signIn(page, email, staffAccount.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.getByRole('region', { name: 'Second factor' }).getByLabel('Current password').fill(staffAccount.password);
  await page.getByRole('button', { name: 'Set up a second factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('.admin-account__section code').first().textContent()) ?? '';
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('Code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(/Your recovery codes/)).toBeVisible();

  await page.locator('header summary').click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await signIn(page, email, staffAccount.password);
  await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible();
  await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Turned off again, so the other journeys sign in with the password alone.
  await page.goto('/app/admin-panel/account');
  await page.getByRole('region', { name: 'Second factor' }).getByLabel('Current password').fill(staffAccount.password);
  await page.getByRole('button', { name: 'Turn off the second factor' }).click();
  await expect(page.getByText(/^Off:/)).toBeVisible();
});

test('staff issue a credit note for an invoice on the order page and see it listed with what is left open', async ({ page, request }) => {
  const order = await placeOrder(request, { company: `Credit AG ${Date.now()}` });
  await page.goto(`/app/admin-panel/orders/${order.id}`);
  await signIn(page, staffAccount.email, staffAccount.password);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Invoice' }).click();
  await page.getByRole('dialog', { name: 'Invoice' }).getByRole('button', { name: 'Invoice' }).click();
  await expect(page.getByText('Done: Invoice.')).toBeVisible();

  const invoices = page.getByRole('region', { name: 'Invoices' });
  const invoiceNumber = (await invoices.getByRole('row').nth(1).getByRole('link').textContent()) ?? '';
  await invoices.getByRole('button', { name: `Credit note for invoice ${invoiceNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a credit note' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // Too much is refused at the amount, in the page's language.
  await dialog.getByLabel(/Amount/).fill('100000');
  await dialog.getByLabel('Reason').fill('Two seats were never used.');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog.getByText(/at most what the invoice has not been credited yet/)).toBeVisible();
  await dialog.getByLabel(/Amount/).fill('100');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();

  await expect(page.getByText('Credit note issued and mailed to the billing contact.')).toBeVisible();
  const creditRow = invoices.getByRole('row').filter({ hasText: `Credits ${invoiceNumber}` });
  await expect(creditRow).toBeVisible();
  await expect(creditRow.getByRole('link', { name: /^CN-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(creditRow).toContainText('-100.00');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'Two seats were never used.' })).toContainText(staffAccount.email);

  // By seats of the invoice's line: the seats it has left, a preview, more seats refused at the line's input.
  await invoices.getByRole('button', { name: `Credit note for invoice ${invoiceNumber}` }).click();
  const bySeats = page.getByRole('dialog', { name: 'Issue a credit note' });
  await bySeats.getByRole('radio', { name: 'Seats per line' }).check();
  const seats = bySeats.getByLabel(/^Line 1:/);
  await expect(bySeats.getByText('At most 10 of 10 seats, 145.00 CHF per seat')).toBeVisible();
  await seats.fill('11');
  await bySeats.getByLabel('Reason').fill('Two participants left.');
  await bySeats.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(bySeats.getByText('At most 10 seats of this line are left to credit.')).toBeVisible();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await seats.fill('2');
  // 2 × 145.00 = 290.00 net, 8.1 % VAT 23.49.
  const preview = bySeats.getByRole('region', { name: 'This credit note' });
  await expect(preview).toContainText('290.00 CHF');
  await expect(preview).toContainText('23.49 CHF');
  await expect(preview).toContainText('313.49 CHF');
  await bySeats.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(bySeats).toBeHidden();
  await expect(invoices.getByRole('row').filter({ hasText: '-313.49' })).toBeVisible();

  // Credit notes on an unpaid invoice only lowered what is open: nothing to refund.
  await expect(invoices.getByRole('button', { name: /^Refund against credit note/ })).toHaveCount(0);
  // Once the rest is paid, a further credit note is owed to the buyer: a refund is recorded against it.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  await page.getByRole('dialog', { name: 'Record a payment' }).getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByText('Done: Record a payment.')).toBeVisible();
  await invoices.getByRole('button', { name: `Credit note for invoice ${invoiceNumber}` }).click();
  const owed = page.getByRole('dialog', { name: 'Issue a credit note' });
  await owed.getByLabel(/Amount/).fill('50');
  await owed.getByLabel('Reason').fill('Goodwill after payment.');
  await owed.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(owed).toBeHidden();
  const owedRow = invoices.getByRole('row').filter({ hasText: '-50.00' });
  await expect(owedRow).toContainText('refunded 0.00 · still to refund 50.00');
  await owedRow.getByRole('button', { name: /^Refund against credit note CN-/ }).click();
  const refund = page.getByRole('dialog', { name: 'Record a refund' });
  await expect(refund.getByLabel(/^Amount \(CHF\)/)).toHaveValue('50.00');
  await expectNoAxeViolations(page);
  await refund.getByLabel(/^Amount \(CHF\)/).fill('60');
  await refund.getByLabel(/^Note/).fill('Bank transfer');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(refund.getByText('At most 50.00 CHF is left to refund against this credit note.')).toBeVisible();
  await expect(refund.getByLabel(/^Amount \(CHF\)/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await refund.getByLabel(/^Amount \(CHF\)/).fill('50');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(owedRow).toContainText('refunded 50.00 · still to refund 0.00');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'Bank transfer' })).toContainText('50.00 CHF refunded against credit note');
});
