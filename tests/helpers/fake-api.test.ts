// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError, callApi } from '#client/lib/api.ts';
import { cartCalls } from '#shared/contract/cart.ts';
import { geoCalls } from '#shared/contract/geo.ts';
import { orderAdminCalls } from '#shared/contract/orders-admin.ts';
import { installFakeApi, refuse, refuseFields } from './fake-api.ts';
import { inEveryLanguage } from './languages.ts';

const api = installFakeApi();
const orderId = '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e';
const switzerland = { code: 'CH', name: 'Schweiz', phoneCode: '+41' };

/** Runs a call the test expects the fake to refuse, and gives the mismatch it reported. */
async function mismatchOf(run: () => Promise<unknown>): Promise<string> {
  await expect(run()).rejects.toThrow();
  const found = api.takeMismatches();
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the fake API of the component tests', () => {
  it('answers a call with the test answer and keeps the request as the server reads it', async () => {
    api.answer(geoCalls.countries, ({ query }) => (query.language === 'de-CH' ? [switzerland] : []));
    expect(await callApi(geoCalls.countries, { query: { language: 'de-CH' } })).toEqual([switzerland]);
    expect(api.requests(geoCalls.countries).map(({ query }) => query)).toEqual([{ language: 'de-CH' }]);
  });

  it('answers a write after fetching the anti-forgery token itself, and a 204 without a body', async () => {
    api.answer(orderAdminCalls.deleteView, undefined);
    await expect(callApi(orderAdminCalls.deleteView, { params: { id: '7c0d3f1a-6b1e-4f35-9d3a-0e6f8f1c2b3a' } })).resolves.toBeUndefined();
    expect(api.requests(orderAdminCalls.deleteView)[0]?.headers.get('x-xsrf-token')).toBe('fake-xsrf-token');
  });

  it('gives the error answers the call can give, in the error shape, with the server texts', async () => {
    api.answer(cartCalls.addToCart, refuse('conflict'));
    const error = await callApi(cartCalls.addToCart, {
      params: { orderId },
      body: { productCode: 'cyber_security_training_basic_v1', quantity: 1, language: 'en-US' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).messageIn('en-US')).toEqual(expect.any(String));
    api.answer(geoCalls.countries, refuseFields([{ field: 'language', code: 'invalidOption', messagesByLanguage: inEveryLanguage({ 'en-US': 'No.', 'de-CH': 'Nein.' }) }]));
    await expect(callApi(geoCalls.countries, { query: { language: 'en-US' } })).rejects.toMatchObject({ status: 400 });
  });

  it('fails on a body the call refuses', async () => {
    api.answer(cartCalls.createCart, { id: orderId, currency: 'CHF' });
    const mismatch = await mismatchOf(() => callApi(cartCalls.createCart, { body: { productCode: 'x', quantity: -3, language: 'en-US' } as never }));
    expect(mismatch).toMatch(/cart\.createCart \(POST \/api\/orders\/\): the body does not fit its schema/);
  });

  it('fails on an answer that does not fit the answer schema', async () => {
    api.answer(cartCalls.productsCount, { count: 'three' } as never);
    const mismatch = await mismatchOf(() => callApi(cartCalls.productsCount, { params: { orderId } }));
    expect(mismatch).toMatch(/cart\.productsCount .*: the answer does not fit its schema/);
  });

  it('fails on an error answer the call never gives, but lets any call fail with 500', async () => {
    api.answer(geoCalls.countries, refuse('conflict'));
    expect(await mismatchOf(() => callApi(geoCalls.countries, {}))).toMatch(/never answers 409 conflict here/);
    api.answer(geoCalls.countries, refuse('internal'));
    await expect(callApi(geoCalls.countries, {})).rejects.toMatchObject({ status: 500 });
  });

  it('fails on an address outside the contract, a call the test gives no answer for, and a write without the anti-forgery header', async () => {
    expect(await mismatchOf(() => fetch('/api/nowhere'))).toMatch(/GET \/api\/nowhere: no call of the contract/);
    expect(await mismatchOf(() => callApi(geoCalls.visitorCountry))).toMatch(/geo\.visitorCountry .*: the test gives no answer/);
    api.answer(cartCalls.syncCart, refuse('conflict'));
    expect(await mismatchOf(() => fetch(`/api/orders/${orderId}/shopping-cart/sync`, { method: 'POST' }))).toMatch(/sent without the x-xsrf-token header/);
  });

  it('answers path parameters or a query its schemas refuse as the server does, and fails on a query the call does not take', async () => {
    api.answer(cartCalls.productsCount, { count: 1 });
    const refused = await callApi(cartCalls.productsCount, { params: { orderId: 'not-a-uuid' } }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).fieldErrors.map(({ field, code }) => ({ field, code }))).toEqual([{ field: 'orderId', code: 'invalid' }]);
    expect(api.requests(cartCalls.productsCount)).toEqual([]);
    expect(await mismatchOf(() => fetch(`/api/orders/${orderId}/shopping-cart/products-count?language=en-US`))).toMatch(/the call takes no query/);
  });
});
