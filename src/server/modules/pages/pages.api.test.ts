import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSite } from '../../../../tests/helpers/built-site.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

// Non-ASCII on purpose: the browser hashes the UTF-8 bytes of the text.
const siteCss = 'body{display:flex}.money[data-currency]>span::after{content:"’"}';

let site: ReturnType<typeof buildTestSite>;
let t: TestApp;
beforeAll(async () => {
  site = buildTestSite({ siteCss });
  t = await createTestApp({}, { distDir: site.distDir });
});
afterAll(async () => {
  await t.close();
  site.remove();
});

const styleElementsOf = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
const scriptElementsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((match) => ({ attributes: match[1]!, text: match[2]! }));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('a marketing page', () => {
  it('carries the site stylesheet inline, and its content security policy allows exactly that style', async () => {
    for (const url of ['/web/en-US/', '/web/de-CH/trainings', '/web/en-US/no-such-page']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
      const styles = styleElementsOf(response.body);
      expect(styles, url).toEqual([siteCss]);

      const policy = String(response.headers['content-security-policy']);
      const styleSrc = policy.split('; ').find((directive) => directive.startsWith('style-src '));
      expect(styleSrc, url).toBe(`style-src 'self' ${sha256(styles[0]!)}`);
      expect(policy, url).not.toContain("'unsafe-inline'");
      expect(policy, url).not.toContain("'unsafe-hashes'");
    }
  });

  it('loads its islands script through one inline loader, which its content security policy allows by its hash alone', async () => {
    for (const url of ['/web/en-US/', '/web/de-CH/trainings', '/web/en-US/no-such-page']) {
      const response = await t.app.inject(url);
      const scripts = scriptElementsOf(response.body);
      expect(scripts, url).toHaveLength(1);
      expect(scripts[0]!.attributes, url).toBe(' type="module"');
      // The islands script is imported from the loader, after the first paint; nothing else loads it.
      expect(scripts[0]!.text, url).toContain('import("/assets/islands-test.js")');
      expect(response.body, url).not.toContain('modulepreload');

      const policy = String(response.headers['content-security-policy']);
      const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc, url).toBe(`script-src 'self' ${sha256(scripts[0]!.text)}`);
    }
  });

  it('stores its language in the locale cookie, which / then follows, with the page itself and only when it changes', async () => {
    const localeCookie = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === 'locale');

    const first = await t.app.inject('/web/de-CH/trainings');
    expect(first.statusCode).toBe(200);
    expect(localeCookie(first)).toMatchObject({ value: 'de-CH', path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'Lax' });
    expect(localeCookie(first)).not.toHaveProperty('secure');

    const again = await t.app.inject({ url: '/web/de-CH/', cookies: { locale: 'de-CH' } });
    expect(again.statusCode).toBe(200);
    expect(localeCookie(again)).toBeUndefined();

    const switched = await t.app.inject({ url: '/web/en-US/', cookies: { locale: 'de-CH' } });
    expect(localeCookie(switched)?.value).toBe('en-US');
    const home = await t.app.inject({ url: '/', cookies: { locale: 'en-US' }, headers: { 'accept-language': 'de-CH' } });
    expect(home.headers.location).toBe('/web/en-US/');

    // An address that is no page stores nothing.
    expect(localeCookie(await t.app.inject('/web/en-US/no-such-page'))).toBeUndefined();
  });

  it('makes the locale cookie Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example.ch' }, { distDir: site.distDir });
    try {
      const response = await https.app.inject('/web/en-US/');
      expect(response.cookies.find((cookie) => cookie.name === 'locale')).toMatchObject({ value: 'en-US', secure: true });
    } finally {
      await https.close();
    }
  });
});
