import type { Puzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';

/** What the benchmarks send as a visitor would: one place for their calls' setup. */

/** A monthly seat, the line the cart benchmarks add. */
export const monthlySeat = { productCode: 'cyber_security_training_basic_v1', quantity: 1, currency: 'CHF', language: 'de-CH', paymentFrequency: 'MONTHLY' };

/** The headers of a visitor's session: its cookie and the anti-forgery token. */
export async function xsrf(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/xsrf/token`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { token } = (await response.json()) as { token: string };
  return { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/** A new cart holding `item`; its id. */
export async function newCart(base: string, headers: Record<string, string>, item: object = monthlySeat): Promise<string> {
  const response = await fetch(`${base}/api/orders/`, { method: 'POST', headers, body: JSON.stringify(item) });
  return ((await response.json()) as { id: string }).id;
}

/** Carts ready to buy: lines, complete Swiss invoice info, a captcha solved beforehand. */
export async function readyCarts(base: string, headers: Record<string, string>, count: number): Promise<{ id: string; body: string }[]> {
  const { siteKey } = (await (await fetch(`${base}/api/orders/captcha/site-key`)).json()) as { siteKey: string };
  const ready: { id: string; body: string }[] = [];
  for (let i = 0; i < count; i++) {
    const id = await newCart(base, headers, { productCode: 'cyber_security_training_foundation_v1', quantity: 10, currency: 'CHF', language: 'de-CH', paymentFrequency: 'ONE_TIME' });
    await fetch(`${base}/api/orders/${id}/invoice-info`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        company: { name: `Visitor ${i} AG` },
        address: { street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', countryCode: 'CH' },
        invoiceAddressSameAsAddress: true,
        contact: { firstName: 'Anna', lastName: 'Muster', email: `visitor${i}@example.ch`, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' },
        step: 5,
      }),
    });
    const puzzle = (await (await fetch(`${base}/captcha/puzzle?sitekey=${siteKey}`)).json()) as Puzzle;
    ready.push({ id, body: JSON.stringify({ agreeWithLegalTexts: true, captchaSolution: encodeSolution(puzzle, solvePuzzle(puzzle).number), language: 'de-CH' }) });
  }
  return ready;
}
