import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeyCalls } from '#shared/contract/captcha.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import type { FormSubmission } from '#shared/schemas/forms.ts';
import { ApiError, callApi, isServerFailure, NoAnswerError } from './api.ts';

const orderId = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
const submission = { firstName: 'Anna', email: 'anna@example.ch' } as FormSubmission;
const saveCart = () => callApi(cartCalls.saveCartByEmail, { params: { orderId }, body: submission });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

/** What the stand-in for `fetch` answers: the anti-forgery token, then `answer` for every other call. */
function answer(other: (url: string) => Response | Promise<Response>): void {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    return url.endsWith('/xsrf/token') ? json(200, { token: 'token' }) : other(url);
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The error a call rejects with. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.unreachable('the call went through'),
    (error: unknown) => error,
  );
}

describe('callApi', () => {
  it('throws the server\'s 5xx as an ApiError with its body, a failure of the server', async () => {
    const body = { error: { code: 'internal', messagesByLanguage: { 'en-US': 'Boom.', 'de-CH': 'Bumm.' } } };
    answer(() => json(500, body));
    const error = await failureOf(saveCart());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, body });
    expect(isServerFailure(error)).toBe(true);
  });

  it('takes a proxy\'s own page for a 5xx without a body', async () => {
    answer(() => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(saveCart());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: {} });
    expect(isServerFailure(error)).toBe(true);
  });

  it('throws a NoAnswerError when no answer comes, also for the anti-forgery token', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const onCall = await failureOf(saveCart());
    expect(onCall).toBeInstanceOf(NoAnswerError);
    expect(isServerFailure(onCall)).toBe(true);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const onToken = await failureOf(saveCart());
    expect(onToken).toBeInstanceOf(NoAnswerError);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/xsrf/token', `/api/orders/${orderId}/subscribe`, '/api/xsrf/token']);
  });

  it('does not send a call without its anti-forgery token when the token call fails', async () => {
    fetchMock.mockResolvedValue(json(503, { error: { code: 'unavailable', messagesByLanguage: { 'en-US': 'Away.', 'de-CH': 'Weg.' } } }));
    const error = await failureOf(saveCart());
    expect(error).toMatchObject({ status: 503 });
    expect(isServerFailure(error)).toBe(true);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/xsrf/token']);
  });

  it('keeps a refusal apart from a failure of the server', async () => {
    answer(() => json(409, { error: { code: 'conflict', messagesByLanguage: { 'en-US': 'Ordered.', 'de-CH': 'Bestellt.' } } }));
    const error = await failureOf(saveCart());
    expect(error).toMatchObject({ status: 409 });
    expect(isServerFailure(error)).toBe(false);
    expect(isServerFailure(new Error('a mistake of the page'))).toBe(false);
  });

  it('asks for a fresh anti-forgery token once when the server refuses the one sent', async () => {
    const answers = [json(403, { error: { code: 'xsrf', messagesByLanguage: { 'en-US': 'Expired.', 'de-CH': 'Abgelaufen.' } } }), json(200, { isSubscribed: true, messages: [] })];
    answer(() => answers.shift() ?? json(500, {}));
    await expect(saveCart()).resolves.toEqual({ isSubscribed: true, messages: [] });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/xsrf/token',
      `/api/orders/${orderId}/subscribe`,
      '/api/xsrf/token',
      `/api/orders/${orderId}/subscribe`,
    ]);
  });

  it('answers the JSON of a GET', async () => {
    answer(() => json(200, { siteKey: 'sk_forms' }));
    await expect(callApi(siteKeyCalls.forms)).resolves.toEqual({ siteKey: 'sk_forms' });
  });
});
