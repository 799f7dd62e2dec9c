import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { startXsrfSession } from '../../tests/helpers/xsrf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers alive and ready', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
});

describe('errors', () => {
  it('answers an unknown /api path with 404 JSON in both languages', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: {
        code: 'notFound',
        messagesByLanguage: {
          'en-US': 'The requested resource does not exist.',
          'de-CH': 'Die angeforderte Ressource existiert nicht.',
        },
      },
    });
  });

  it('refuses malformed JSON with 400 and an oversized body with 413, without a stack trace', async () => {
    const session = await startXsrfSession(t.app);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformedJson');
    expect(malformed.body).not.toMatch(/at .*\.(ts|js):\d+/);

    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200_000) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error.messagesByLanguage['de-CH']).toBe('Die Anfrage ist zu gross.');
  });
});

describe('anti-forgery', () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/nothing-here', headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });

  it('issues a token in a readable cookie and the body', async () => {
    const response = await t.app.inject('/api/xsrf/token');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBe(response.json().token);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(response.cookies.find((c) => c.name === 'xsrf_secret')?.httpOnly).toBe(true);
  });

  it('lets a request with the matching header through (here to the 404 behind it)', async () => {
    const session = await startXsrfSession(t.app);
    expect((await post(session.headers)).statusCode).toBe(404);
  });

  it('refuses a missing, made-up or copied token with 403', async () => {
    const session = await startXsrfSession(t.app);
    const other = await startXsrfSession(t.app);
    expect((await post({ cookie: session.cookie })).statusCode).toBe(403);
    const madeUp = 'abc.def';
    const forged = await post({ cookie: session.cookie.replace(session.token, madeUp), 'x-xsrf-token': madeUp });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('xsrf');
    // Another visitor's token in this visitor's cookies: signed for another secret.
    const copied = await post({ cookie: session.cookie.replace(session.token, other.token), 'x-xsrf-token': other.token });
    expect(copied.statusCode).toBe(403);
  });
});

describe('security headers', () => {
  it('are on every response, with a CSP without unsafe-inline scripts', async () => {
    for (const url of ['/api/health', '/api/nothing', '/']) {
      const response = await t.app.inject(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      // Files from 'self' and, once the site is built, the marketing pages' inline loader by its hash.
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/);
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS behind a trusted proxy', async () => {
    // inject() comes from 127.0.0.1.
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const https = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('shared calls', () => {
  it('lists every ISO country with its name in the request language and its phone code', async () => {
    const en = (await t.app.inject({ url: '/api/country/', headers: { 'accept-language': 'en-US' } })).json();
    const de = (await t.app.inject({ url: '/api/country/', headers: { 'accept-language': 'de-CH' } })).json();
    expect(en.length).toBeGreaterThanOrEqual(249);
    expect(en.find((c: { code: string }) => c.code === 'CH')).toEqual({ code: 'CH', name: 'Switzerland', phoneCode: '+41' });
    expect(de.find((c: { code: string }) => c.code === 'CH')).toEqual({ code: 'CH', name: 'Schweiz', phoneCode: '+41' });
    expect(de.find((c: { code: string }) => c.code === 'DE').name).toBe('Deutschland');
  });

  it('locates a visitor by address, then by Accept-Language, then CH', async () => {
    const byIp = await t.app.inject({ url: '/api/geolocation/whereami/country', remoteAddress: '81.221.0.1' });
    expect(byIp.json().code).toBe('CH');
    const german = await t.app.inject({ url: '/api/geolocation/whereami/country', remoteAddress: '8.8.8.8' });
    expect(german.json().code).toBe('US');
    const loopback = await t.app.inject({
      url: '/api/geolocation/whereami/country',
      remoteAddress: '127.0.0.1',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(loopback.json()).toEqual({ code: 'DE', name: 'Deutschland', phoneCode: '+49' });
    const privateNoRegion = await t.app.inject({
      url: '/api/geolocation/whereami/country',
      remoteAddress: '10.1.2.3',
      headers: { 'accept-language': 'en' },
    });
    expect(privateNoRegion.json()).toMatchObject({ code: 'CH', name: 'Switzerland' });
  });

  it('lists the available currencies', async () => {
    expect((await t.app.inject('/api/currency/available-currencies')).json()).toEqual(['EUR', 'USD', 'CHF']);
  });

  it('serves four different captcha site keys', async () => {
    const paths = ['/api/contact-form/site-key', '/api/users/captcha/site-key', '/api/orders/captcha/site-key', '/api/captcha/site-key'];
    const keys = await Promise.all(paths.map(async (url) => (await t.app.inject(url)).json().siteKey as string));
    expect(new Set(keys).size).toBe(4);
  });
});

describe('validation errors', () => {
  it('name the field and speak both languages', async () => {
    const response = await t.app.inject('/api/country/?language=fr-FR');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          field: 'language',
          code: 'invalidOption',
          messagesByLanguage: {
            'en-US': 'Please choose one of the offered options.',
            'de-CH': 'Bitte wählen Sie eine der angebotenen Optionen.',
          },
        },
      ],
    });
  });
});

describe('redirects', () => {
  it('sends / to the language of the locale cookie, then Accept-Language, else en-US', async () => {
    expect((await t.app.inject({ url: '/', headers: { cookie: 'locale=de-CH', 'accept-language': 'en-US' } })).headers.location).toBe('/web/de-CH/');
    expect((await t.app.inject({ url: '/', headers: { 'accept-language': 'de-CH,de;q=0.9' } })).headers.location).toBe('/web/de-CH/');
    expect((await t.app.inject({ url: '/', headers: { 'accept-language': 'fr-FR' } })).headers.location).toBe('/web/en-US/');
    expect((await t.app.inject('/')).statusCode).toBe(302);
  });

  it('sends /admin-panel/* to /app/admin-panel/*', async () => {
    const response = await t.app.inject('/admin-panel/login?from=%2Fadmin-panel%2Forders');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/app/admin-panel/login?from=%2Fadmin-panel%2Forders');
  });
});
