import { expect, type APIRequestContext, type Page } from '@playwright/test';
// Relative imports: Playwright's loader does not read package.json's `#…` import map.
import type { Puzzle } from '../../../src/captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '../../../src/captcha/solve.ts';
import { staffAccount } from './staff-account.ts';
import { waitForMail } from './mailbox.ts';

/** A captcha solution made in Node, as any client of the puzzle protocol can. */
async function solveCaptcha(request: APIRequestContext, siteKeyPath: string): Promise<string> {
  const { siteKey } = (await (await request.get(`/api${siteKeyPath}`)).json()) as { siteKey: string };
  const puzzle = (await (await request.get(`/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, { headers: { 'x-captcha-client': 'e2e@1.0.0' } })).json()) as Puzzle;
  return encodeSolution(puzzle, solvePuzzle(puzzle).number);
}

/**
 * An order placed through the public API the way the checkout page places it (a cart,
 * the invoice info step by step, the checkout with a solved captcha), as a customer would
 * have done before staff look at it. Answers its id and number.
 */
export async function placeOrder(
  request: APIRequestContext,
  options: { company: string; email?: string; paymentFrequency?: 'ONE_TIME' | 'MONTHLY'; quantity?: number } = { company: 'Muster AG' },
): Promise<{ id: string; number: string }> {
  const { token } = (await (await request.get('/api/xsrf/token')).json()) as { token: string };
  const headers = { 'x-xsrf-token': token };
  const send = async (method: 'post' | 'put', url: string, data: object) => {
    const response = await request[method](url, { headers, data });
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const cart = await send('post', '/api/orders/', {
    productCode: 'cyber_security_training_foundation_v1',
    quantity: options.quantity ?? 10,
    currency: 'CHF',
    language: 'en-US',
    paymentFrequency: options.paymentFrequency ?? 'ONE_TIME',
  });
  const id = String(cart.id);
  const steps: object[] = [
    { company: { name: options.company, vatNumber: '' } },
    { address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' } },
    { invoiceAddressSameAsAddress: true },
    { contact: { firstName: 'Anna', lastName: 'Muster', email: options.email ?? 'anna@example.ch', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' } },
  ];
  for (const [index, step] of steps.entries()) await send('put', `/api/orders/${id}/invoice-info`, { ...step, step: index + 1 });
  const captchaSolution = await solveCaptcha(request, '/orders/captcha/site-key');
  const ordered = await send('post', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution, language: 'en-US' });
  return { id, number: String(ordered.number) };
}

/** Signs in on the staff sign-in page the browser is on, as the journeys' staff account (or `account`), in English. */
export async function signInAsStaff(page: Page, account: { email: string; password: string } = staffAccount): Promise<void> {
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(page.getByText('Verified. You are not a robot.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Today in Zurich, the shop's day (a payment may not be recorded for a later one). */
function todayInZurich(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}

/**
 * Staff invoice an order and record its whole amount as paid today, through the back
 * office's API with `desk`'s staff session: a monthly plan is then ACTIVE.
 */
export async function invoiceAndPay(desk: APIRequestContext, orderId: string): Promise<void> {
  const { token } = (await (await desk.get('/api/xsrf/token')).json()) as { token: string };
  const headers = { 'x-xsrf-token': token };
  const invoiced = await desk.post(`/api/orders/admin/${orderId}/status`, { headers, data: { action: 'INVOICE' } });
  expect(invoiced.ok(), await invoiced.text()).toBe(true);
  const { amountDue } = (await (await desk.get(`/api/orders/admin/${orderId}/`)).json()) as { amountDue: number };
  const paid = await desk.post(`/api/orders/admin/${orderId}/pay`, { headers, data: { amount: amountDue, date: todayInZurich() } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/**
 * A new editor account, invited through the back office's API with the admin's staff session
 * `desk` and accepted from the invitation mail's link: answers its sign-in.
 */
export async function inviteEditor(desk: APIRequestContext, request: APIRequestContext, email: string): Promise<{ email: string; password: string }> {
  const password = 'Lantern-Quarry-Orbit-73';
  const { token } = (await (await desk.get('/api/xsrf/token')).json()) as { token: string };
  const invited = await desk.post('/api/admin/staff/invitations', { headers: { 'x-xsrf-token': token }, data: { email, role: 'editor', language: 'en-US' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const mail = await waitForMail(email, 'invitation');
  const invitation = /\/app\/admin-panel\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(invitation, mail.text).toBeDefined();
  const { token: theirToken } = (await (await request.get('/api/xsrf/token')).json()) as { token: string };
  const accepted = await request.post(`/api/users/invitations/${invitation}`, { headers: { 'x-xsrf-token': theirToken }, data: { name: 'Erika Editor', password } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { email, password };
}
