import { describe, expect, it } from 'vitest';
import { cookies } from '#shared/cookies.ts';
import { readCookie, withRequestCookies } from './cookies.ts';

describe('readCookie on the server', () => {
  it("reads the request's cookies while its page renders, and none after", () => {
    const header = 'locale=de-CH; currency=CHF; shopping_cart=a%20b';
    expect(withRequestCookies(header, () => [readCookie(cookies.currency), readCookie(cookies.locale), readCookie(cookies.shoppingCart)])).toEqual(['CHF', 'de-CH', 'a b']);
    expect(readCookie(cookies.currency)).toBeUndefined();
  });

  it('forgets them when the render fails', () => {
    expect(() =>
      withRequestCookies('currency=USD', () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(readCookie(cookies.currency)).toBeUndefined();
  });
});
