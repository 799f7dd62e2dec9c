import http from 'node:http';
import type { Puzzle } from '#captcha/puzzle.ts';
import { encodeSolution, solvePuzzle } from '#captcha/solve.ts';
import type { FormFamily } from '#shared/captcha-families.ts';
import { siteKeyCalls } from '#shared/contract/captcha.ts';

/**
 * A visitor over real HTTP, for the tests that talk to a server process (tests/copies/,
 * tests/server/): a browser's cookies and anti-forgery header, and the captcha solved as
 * the widget solves it.
 */

/** A JSON answer, read loosely: the tests look at a few fields of many different answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** One HTTP request, from `localAddress` when given (Linux routes all of 127/8 to the loopback). */
function send(url: string, init: { method: string; headers: Record<string, string>; body?: string; localAddress?: string }): Promise<{ status: number; setCookies: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress: init.localAddress, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookies: response.headers['set-cookie'] ?? [], text }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * A visitor's browser: keeps cookies, sends the anti-forgery header, talks to any copy;
 * optionally from a local address of its own and with headers of its own on every request.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  private xsrf = '';

  constructor(private readonly options: { localAddress?: string; headers?: () => Record<string, string> } = {}) {}

  async call(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: Json }> {
    if (!this.xsrf && method !== 'GET') await this.call(base, 'GET', '/api/xsrf/token').then((answer) => (this.xsrf = answer.json.token));
    const response = await send(`${base}${url}`, {
      method,
      localAddress: this.options.localAddress,
      headers: {
        ...this.options.headers?.(),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(this.xsrf ? { 'x-xsrf-token': this.xsrf } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.setCookies) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, json: response.text ? JSON.parse(response.text) : undefined };
  }
}

/**
 * A GET as a browser sends it. Solving a captcha holds this process for seconds, during
 * which the server may close a kept-alive connection for its keep-alive time, before this
 * process has noticed; a GET that goes out on such a connection meets its close before any
 * answer. A browser then sends the GET again on another connection, and so does this.
 */
export async function getAsBrowser(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const closedBeforeAnswer = (error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET';
      if (!closedBeforeAnswer || attempt === 3) throw error;
    }
  }
}

export async function solveCaptchaOver(base: string, family: FormFamily): Promise<string> {
  const { siteKey } = (await (await getAsBrowser(`${base}/api${siteKeyCalls[family].path}`)).json()) as { siteKey: string };
  const puzzle = (await (await getAsBrowser(`${base}/captcha/puzzle?sitekey=${encodeURIComponent(siteKey)}`, { headers: { 'x-captcha-client': 'node-visitor@1.0.0' } })).json()) as Puzzle;
  return encodeSolution(puzzle, solvePuzzle(puzzle).number);
}

/** A buyer at a Swiss company, as the checkout's invoice-info steps ask for one. */
interface SwissBuyer {
  company: string;
  street: string;
  zip: string;
  city: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** What each of the checkout's four invoice-info steps asks of the buyer, in order. */
function invoiceInfoParts(buyer: SwissBuyer): Record<string, unknown>[] {
  return [
    { company: { name: buyer.company } },
    { address: { street: buyer.street, zip: buyer.zip, city: buyer.city, countryCode: 'CH' } },
    { invoiceAddressSameAsAddress: true },
    { contact: { firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email, phoneCountryCode: 'CH', phoneNumber: '44 668 18 00' } },
  ];
}

/** The bodies of the checkout's four invoice-info steps (`PUT /api/orders/{id}/invoice-info`), in order, as the checkout page sends them. */
export function invoiceInfoSteps(buyer: SwissBuyer): Record<string, unknown>[] {
  return invoiceInfoParts(buyer).map((body, index) => ({ ...body, step: index + 1 }));
}

/** The four steps in one body, sent at the review (step 5): for tests that need a buyer, not the steps. */
export function swissInvoiceInfo(buyer: SwissBuyer): Record<string, unknown> {
  return Object.assign({}, ...invoiceInfoParts(buyer), { step: 5 }) as Record<string, unknown>;
}
