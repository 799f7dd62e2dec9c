import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractEntries } from '../../tests/helpers/contract.ts';
import { needsXsrfToken, refusalsOf, urlOf } from './contract.ts';
import { checkoutCalls } from './contract/checkout.ts';
import { downloadableCalls } from './contract/downloadables.ts';
import { apiBase, downloadableCoverPath, downloadableFilePath, invoicePdfPath } from './paths.ts';

/** The rules every entry of the API contract (src/shared/contract/*.ts) keeps. */
describe('the API contract', () => {
  it('names the path parameters of each call in its params schema, and no others', () => {
    const mismatched = contractEntries.flatMap(({ name, call }) => {
      const inPath = [...call.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const inSchema = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      return JSON.stringify(inPath) === JSON.stringify(inSchema) ? [] : [`${name}: ${call.path} has ${inPath.join(', ')}, params ${inSchema.join(', ')}`];
    });
    expect(mismatched).toEqual([]);
  });

  it('has every call once: one entry per method and path', () => {
    const routes = contractEntries.map(({ call }) => `${call.method} ${call.path.replace(/\/$/, '')}`);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('gives no GET a body', () => {
    expect(contractEntries.filter(({ call }) => call.method === 'GET' && call.body).map(({ name }) => name)).toEqual([]);
  });

  it('exempts one write from the anti-forgery header: the one-click unsubscribe', () => {
    const exempt = contractEntries.filter(({ call }) => call.method !== 'GET' && !needsXsrfToken(call.method, call)).map(({ name }) => name);
    expect(exempt).toEqual(['newsletter.unsubscribeFromNewsletter']);
  });

  it('derives the refusals a call can answer from its entry', () => {
    const checkout = contractEntries.find(({ name }) => name === 'checkout.checkout')!.call;
    expect(refusalsOf(checkout)).toEqual(['validation', 'malformedJson', 'nestedTooDeeply', 'payloadTooLarge', 'unsupportedMediaType', 'xsrf', 'notFound', 'conflict']);
    const me = contractEntries.find(({ name }) => name === 'staff.me')!.call;
    expect(refusalsOf(me)).toEqual(['unauthorized']);
  });

  it('fills in the path parameters and the query', () => {
    expect(urlOf({ path: '/orders/:orderId/detail' }, { params: { orderId: 'a/b' }, query: { language: 'de-CH', page: undefined } })).toBe(
      '/orders/a%2Fb/detail?language=de-CH',
    );
  });
});

describe('the file links of src/shared/paths.ts', () => {
  it('are the addresses of their calls', () => {
    expect(invoicePdfPath('order/1', 'de-CH')).toBe(`${apiBase}${urlOf(checkoutCalls.invoicePdf, { params: { orderId: 'order/1' }, query: { language: 'de-CH' } })}`);
    expect(downloadableCoverPath('guide', 'en-US')).toBe(`${apiBase}${urlOf(downloadableCalls.cover, { params: { code: 'guide' }, query: { language: 'en-US' } })}`);
    expect(downloadableFilePath('guide')).toBe(`${apiBase}${urlOf(downloadableCalls.downloadFile, { params: { code: 'guide' } })}`);
  });
});
