import { describe, expect, it } from 'vitest';
import { isAppPage } from './app-routes.ts';

const id = '3f2b8c1e-6a4d-4e8f-9b2a-1c5d7e9f0a2b';
/** A link token as the server makes them: 32 random bytes, base64url. */
const token = 'q3T-_x9Zk1mN0pQrS2tUvW4xYz5aBcDeFgHiJkLmN6o';

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
    '/app/downloadable-content/guide/en-US',
    '/app/downloadable-content/phishing-checklist/de-CH?link=expired',
    `/app/newsletter/${token}/`,
    `/app/newsletter/${token}`,
    `/app/people/deletions/${token}`,
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
    '/app/downloadable-content/guide',
    '/app/downloadable-content/Guide/en-US',
    '/app/downloadable-content/a_b/en-US',
    `/app/downloadable-content/${'x'.repeat(65)}/en-US`,
    '/app/downloadable-content/guide/fr-FR',
    '/app/downloadable-content/guide/en-US/more',
    '/app/newsletter/',
    `/app/newsletter/${token.slice(1)}/`,
    `/app/newsletter/${token}x/`,
    `/app/newsletter/${token.slice(1)}=/`,
    `/app/newsletter/${token}/data`,
    '/app/people/deletions/',
    `/app/people/deletions/${token.slice(2)}`,
    `/app/people/deletions/${token}/again`,
  ])('does not know %s', (url) => {
    expect(isAppPage(url)).toBe(false);
  });
});
