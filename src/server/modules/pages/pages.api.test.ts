import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

describe('a marketing page over a connection, answered before the framework', () => {
  /** One request on a connection of its own, the body as sent (not decompressed). */
  const get = (base: string, url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${base}${url}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  it('sends the bytes and headers the route sends, compressed as asked, with its own request id, a 304 for its ETag, and the locale cookie only when it changes', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const viaRoute = await t.app.inject({ url: '/web/de-CH/trainings', cookies: { currency: 'CHF' } });
    const plain = await get(base, '/web/de-CH/trainings/?x=1', { cookie: 'currency=CHF' });
    expect(plain.status).toBe(200);
    expect(plain.body.toString('utf8')).toBe(viaRoute.body);
    for (const name of ['content-type', 'content-security-policy', 'x-frame-options', 'cache-control', 'etag', 'vary', 'referrer-policy', 'permissions-policy']) {
      expect(plain.headers[name], name).toBe(viaRoute.headers[name]);
    }
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.headers['set-cookie']).toEqual([viaRoute.headers['set-cookie']]);

    const br = await get(base, '/web/de-CH/trainings', { cookie: 'currency=CHF; locale=de-CH', 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(viaRoute.body);
    expect(br.headers['set-cookie']).toBeUndefined();
    const gzip = await get(base, '/web/de-CH/trainings', { cookie: 'currency=CHF', 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(viaRoute.body);

    const again = await get(base, '/web/de-CH/trainings', { cookie: 'currency=CHF', 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    const head = await get(base, '/web/de-CH/trainings', { cookie: 'currency=CHF' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(plain.body.length));

    // Another currency is another page; an unknown page is still the framework's 404 page.
    const euro = await get(base, '/web/de-CH/trainings');
    expect(euro.headers.etag).not.toBe(plain.headers.etag);
    expect((await get(base, '/web/de-CH/no-such-page')).status).toBe(404);
    // Counted in the metrics under the route pattern, as every other answer.
    const metrics = await get(base, '/metrics');
    expect(metrics.body.toString('utf8')).toMatch(/shop_http_requests_total\{[^}]*route="\/web\/\*"[^}]*status="304"[^}]*\} 1/);
  });
});
