import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-routes.ts';

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';

describe('pages of the app', () => {
  it.each([
    '/app',
    '/app/',
    `/app/orders/${id}/shopping-cart`,
    `/app/orders/${id}/restore-shopping-cart?x=1`,
    `/app/orders/${id}/checkout/`,
    `/app/orders/${id.toUpperCase()}/tracking`,
    '/app/no-shopping-cart',
    '/app/admin-panel/login',
    '/app/webinars',
    `/app/webinar/${id}/en-US`,
    `/app/webinar/${id}/de-CH?from=list`,
  ])('knows %s', (url) => {
    expect(isAppPage(url)).toBe(true);
  });

  it.each([
    '/app/nothing-here',
    '/app/orders/not-an-id/checkout',
    `/app/orders/${id}`,
    `/app/orders/${id}/checkout/extra`,
    '/app/no-shopping-cart/more',
    '/application',
    '/web/en-US/',
    '/app/webinar',
    `/app/webinar/${id}`,
    `/app/webinar/not-an-id/en-US`,
    `/app/webinar/${id}/fr-FR`,
    `/app/webinar/${id}/de-ch`,
    `/app/webinars/${id}`,
  ])('does not know %s', (url) => {
    expect(isAppPage(url)).toBe(false);
  });
});
