import type { APIRequestContext } from '@playwright/test';
// Relative imports: Playwright's loader does not read package.json's `#…` import map.
import type { Puzzle } from '../../../src/captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '../../../src/captcha/solve.ts';

/**
 * The public API as a visitor's browser calls it, for journeys that need a cart, a saved
 * cart or a subscription before the part they look at: the anti-forgery token first, and a
 * captcha solution made in Node as any client of the puzzle protocol can.
 */
async function send(request: APIRequestContext, url: string, data: object): Promise<Record<string, unknown>> {
  const { token } = (await (await request.get('/api/xsrf/token')).json()) as { token: string };
  const response = await request.post(url, { headers: { 'x-xsrf-token': token }, data });
  if (!response.ok()) throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function solveFormsCaptcha(request: APIRequestContext): Promise<string> {
  const { siteKey } = (await (await request.get('/api/captcha/site-key')).json()) as { siteKey: string };
  const puzzle = (await (await request.get(`/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, { headers: { 'x-captcha-client': 'e2e@1.0.0' } })).json()) as Puzzle;
  return encodeSolution(puzzle, solvePuzzle(puzzle).number);
}

/** A cart with one Foundation line (10 seats, one-time) in `currency`; answers its id. */
export async function createCart(request: APIRequestContext, currency: 'EUR' | 'USD' | 'CHF', language: 'en-US' | 'de-CH' = 'en-US'): Promise<string> {
  const cart = await send(request, '/api/orders/', {
    productCode: 'cyber_security_training_foundation_v1',
    quantity: 10,
    currency,
    language,
    paymentFrequency: 'ONE_TIME',
  });
  return String(cart.id);
}

/** Saves a cart by e-mail, as the save-cart form does. */
export async function saveCart(request: APIRequestContext, cartId: string, person: { firstName: string; lastName: string; email: string; companyName: string }): Promise<void> {
  await send(request, `/api/orders/${cartId}/subscribe`, {
    ...person,
    agreeWithDataPrivacy: true,
    preferredLanguage: 'en-US',
    captchaSolution: await solveFormsCaptcha(request),
  });
}

/** Asks for the newsletter, as the newsletter form does. */
export async function subscribeToNewsletter(request: APIRequestContext, firstName: string, email: string): Promise<void> {
  await send(request, '/api/newsletter/', { firstName, email, agreeWithDataPrivacy: true, preferredLanguage: 'en-US', captchaSolution: await solveFormsCaptcha(request) });
}

/** Asks for a sign-in link to the account, as the account's sign-in form does. */
export async function askForSignInLink(request: APIRequestContext, email: string): Promise<void> {
  await send(request, '/api/account/sign-in-link', { email, language: 'en-US', captchaSolution: await solveFormsCaptcha(request) });
}
