import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, type Language } from '#shared/locales.ts';
import { ogLocaleOf } from '#shared/paths.ts';
import { addTestApp, buildTestSite, testAppFiles } from '../../../../tests/helpers/built-site.ts';
import { htmlProblems } from '../../../../tests/helpers/html-validity.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';
import { createAppPages } from './app-pages.service.ts';

// The cart and the checkout as the server renders them (src/client/app/render-on-server.tsx,
// src/server/modules/pages/app-pages.service.ts), with the renderer built as `npm run build` builds it;
// and every kind of page the server sends, read by html-validate (tests/helpers/html-validity.ts).

let site: ReturnType<typeof buildTestSite>;
let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  site = buildTestSite({ siteCss: 'body{margin:0}' });
  await addTestApp(site.distDir);
  t = await createTestApp({}, { distDir: site.distDir });
  session = await startXsrfSession(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  site?.remove();
});

async function createCart(currency = 'CHF'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: session.headers,
    payload: { productCode: 'cyber_security_training_basic_v1', quantity: 3, currency, language: 'de-CH', paymentFrequency: 'MONTHLY' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }).id;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="app-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
} | null;

describe('the cart page', () => {
  it('comes with the cart in its markup, in the visitor language, with the answers it was rendered with', async () => {
    const cartId = await createCart();
    const response = await t.app.inject({ url: `/app/orders/${cartId}/shopping-cart`, headers: { cookie: 'locale=de-CH; currency=CHF' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // The visitor's own cart: no shared cache keeps it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('cookie');
    const html = response.body;
    expect(html).toContain('<html lang="de-CH"');
    expect(html).toContain('<h1>Warenkorb</h1>');
    expect(html).toContain('Cyber-Security-Training Basic');
    // 3 seats of 4.90 CHF per month.
    // (Amount and currency stand apart by a no-break space.)
    expect(html).toMatch(/data-testid="cart-due-today"><span class="cart-money">14\.70<!-- -->\s<!-- -->CHF<\/span>/);
    // The controls wait for the app: the frame is a disabled fieldset until it is live.
    expect(html).toMatch(/<fieldset class="app-page" disabled="">/);

    const state = stateOf(html);
    const cartQuery = state?.queries.find(({ queryKey }) => String(queryKey[1]).endsWith('/shopping-cart/'));
    expect(cartQuery?.queryKey).toEqual(['GET', '/orders/:orderId/shopping-cart/', { params: { orderId: cartId }, query: { language: 'de-CH' } }]);
    expect(cartQuery?.state.data).toMatchObject({ id: cartId, currency: 'CHF', count: 1 });
    // The save form's reference data came with it: the phone's default country and the
    // captcha's site key; the list of countries comes once the page is live, so its select
    // offers the default country alone (docs/decisions/077-cart-and-checkout-script-on-demand.md).
    const given = state?.queries.map(({ queryKey }) => queryKey[1]);
    expect(given).toEqual(expect.arrayContaining(['/geolocation/whereami/country', '/captcha/site-key']));
    expect(given).not.toContain('/country/');
    expect(html.match(/<select[^>]*autoComplete="country"[\s\S]*?<\/select>/i)?.[0].match(/<option /g)).toHaveLength(1);
  });

  it("makes the cart's currency the visitor's: the header shows it, and the page sets the cookie", async () => {
    const cartId = await createCart('CHF');
    const selectedCurrency = (html: string) => /<select[^>]*autoComplete="off"[^>]*>[\s\S]*?<option value="(\w+)" selected="">/.exec(html)?.[1];

    // A cart restored in another browser, whose currency cookie names another currency (or none).
    for (const cookie of ['locale=de-CH; currency=EUR', 'locale=de-CH']) {
      const response = await t.app.inject({ url: `/app/orders/${cartId}/shopping-cart`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(selectedCurrency(response.body)).toBe('CHF');
      const setCookies = [response.headers['set-cookie'] ?? []].flat();
      expect(setCookies.filter((line) => line.startsWith('currency='))).toEqual([`currency=CHF; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`]);
    }

    // The visitor's currency is the cart's already: nothing to set.
    const same = await t.app.inject({ url: `/app/orders/${cartId}/shopping-cart`, headers: { cookie: 'locale=de-CH; currency=CHF' } });
    expect(selectedCurrency(same.body)).toBe('CHF');
    expect([same.headers['set-cookie'] ?? []].flat().filter((line) => line.startsWith('currency='))).toEqual([]);
  });

  it('carries its stylesheets inline and imports the app only after the first paint, both allowed by the policy', async () => {
    const cartId = await createCart();
    const response = await t.app.inject({ url: `/app/orders/${cartId}/shopping-cart` });
    const html = response.body;
    // The entry's stylesheet, then the page's, in one element: nothing holds up the first paint.
    const styles = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(styles).toBe(`${testAppFiles.entryCssText}\n${testAppFiles.cartCssText}`);
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*type="text\/x-inlined-css")/);
    // Named by links the browser does not fetch, so the app's chunk loader does not load them again.
    expect(html).toContain(`<link rel="stylesheet" type="text/x-inlined-css" href="/${testAppFiles.entryCss}" />`);
    expect(html).toContain(`<link rel="stylesheet" type="text/x-inlined-css" href="/${testAppFiles.cartCss}" />`);
    // Its first frame waits for the main content, which the page carries.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#main" blocking="render" />');
    expect(html).toContain('<main id="main"');
    // Nothing is fetched before the page is painted.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script[^>]* src=/);
    const loader = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain(`import("/${testAppFiles.entry}")`);
    expect(loader).toContain('first-contentful-paint');
    const policy = String(response.headers['content-security-policy']);
    const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));
    expect(directive('script-src')).toContain(sha256(loader));
    expect(directive('style-src')).toContain(sha256(styles));
    expect(policy).not.toContain("'unsafe-inline'");
    // Only this page's answer allows its styles: the others' policy stays as it was.
    const other = await t.app.inject({ url: '/app/contact-us' });
    expect(String(other.headers['content-security-policy'])).not.toContain(sha256(styles));
  });

  it('keeps the answers inside their script element whatever the data holds', async () => {
    const cartId = await createCart();
    const html = (await t.app.inject({ url: `/app/orders/${cartId}/shopping-cart` })).body;
    const element = /<script type="application\/json" id="app-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(element).not.toContain('<');
  });

  it('is the plain shell, rendered in the browser, for a cart that does not exist', async () => {
    const response = await t.app.inject({ url: '/app/orders/00000000-0000-4000-8000-000000000000/shopping-cart' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain(`<script type="module" crossorigin src="/${testAppFiles.entry}"></script>`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the renderer ahead of the first visitor', () => {
  it('renders the cart, the checkout and the account once in every language, without a complaint, and then the pages as before', async () => {
    const complaints: unknown[] = [];
    const log = { warn: (...args: unknown[]) => complaints.push(args), error: (...args: unknown[]) => complaints.push(args) };
    const appPages = createAppPages({ distDir: site.distDir, inlineCode: { styles: [], scripts: [] }, log });
    await appPages.prepare();
    expect(complaints).toEqual([]);

    const cartId = await createCart();
    const rendered = await appPages.render(
      {
        url: `/app/orders/${cartId}/shopping-cart`,
        language: 'en-US',
        cookieHeader: '',
        load: async (apiPath) => (await t.app.inject({ url: `/api${apiPath}`, headers: { cookie: session.headers.cookie } })).json(),
      },
      () => '<html><head></head><body><div id="root"></div></body></html>',
    );
    expect(rendered?.html).toContain('Cyber Security Training Basic');
    expect(complaints).toEqual([]);
  });
});

describe('the checkout page', () => {
  it('comes with its first step in its markup and the order beside it, without the countries its step does not show', async () => {
    const cartId = await createCart('EUR');
    const response = await t.app.inject({ url: `/app/orders/${cartId}/checkout`, headers: { 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('Step 1 of 7: Invoice info');
    expect(html).toContain('Cyber Security Training Basic');
    const given = stateOf(html)?.queries.map(({ queryKey }) => queryKey[1]);
    expect(given).toEqual(expect.arrayContaining(['/orders/:orderId/detail', '/orders/:orderId/invoice-info', '/geolocation/whereami/country']));
    expect(given).not.toContain('/country/');
  });

  it('comes with the countries on a step that shows them', async () => {
    const cartId = await createCart('EUR');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${cartId}/invoice-info`,
      headers: session.headers,
      payload: { company: { name: 'Example AG', vatNumber: '', buyerReference: '', purchaseOrderNumber: '' }, step: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const html = (await t.app.inject({ url: `/app/orders/${cartId}/checkout?step=address`, headers: { 'accept-language': 'en-US' } })).body;
    expect(html).toContain('Step 2 of 7: Address');
    expect(stateOf(html)?.queries.map(({ queryKey }) => queryKey[1])).toContain('/country/');
    expect(html).toMatch(/<option value="CH"[^>]*>Switzerland<\/option>/);
  });
});

describe('other app pages', () => {
  it('are the plain shell, rendered in the browser', async () => {
    for (const path of ['/app/contact-us', '/app/webinars', '/app/no-shopping-cart']) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<div id="root"></div>');
      expect(response.body, path).not.toContain('id="app-state"');
    }
  });
});

describe('the language of an app page', () => {
  const other = (language: Language) => languages.find((each) => each !== language)!;
  const languageOf = (html: string) => ({ lang: /<html lang="([^"]*)"/.exec(html)?.[1], ogLocale: /<meta property="og:locale" content="([^"]*)"/.exec(html)?.[1] });

  it.each(languages)('is the one it shows, %s, from the first byte: the visitor’s, or the one a downloadable’s address names', async (language) => {
    const pages = [
      // A webinar's address names the webinar's language; its page speaks the visitor's.
      { url: `/app/webinar/00000000-0000-4000-8000-000000000000/${other(language)}`, cookie: `locale=${language}`, status: 200 },
      // A downloadable's page speaks the language of its address, whatever the visitor's.
      { url: `/app/downloadable-content/guide/${language}`, cookie: `locale=${other(language)}`, status: 200 },
      { url: '/app/contact-us', cookie: `locale=${language}`, status: 200 },
      { url: '/app/no-such-page', acceptLanguage: language, status: 404 },
      { url: '/app/admin-panel/login', cookie: `locale=${language}`, status: 200 },
    ];
    for (const page of pages) {
      const response = await t.app.inject({ url: page.url, headers: { ...(page.cookie ? { cookie: page.cookie } : {}), ...(page.acceptLanguage ? { 'accept-language': page.acceptLanguage } : {}) } });
      expect(response.statusCode, page.url).toBe(page.status);
      const shown = languageOf(response.body);
      expect(shown.lang, page.url).toBe(language);
      // The back office is not shared as a link: no Open Graph tags.
      if (!page.url.includes('admin-panel')) expect(shown.ogLocale, page.url).toBe(ogLocaleOf(language));
      expect(response.headers.vary, page.url).toContain('accept-language');
    }
  });
});

/** The page at `url` as a visitor in `language` gets it. */
async function page(url: string, language: string): Promise<string> {
  const response = await t.app.inject({ url, headers: { cookie: `locale=${language}` } });
  expect(response.headers['content-type'], url).toContain('text/html');
  return response.body;
}

describe('every kind of page, read by html-validate', () => {
  it('finds nothing wrong in any marketing page, in every language and currency', async () => {
    const siteDir = join(site.distDir, 'site');
    const files = readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(await htmlProblems(readFileSync(join(siteDir, file), 'utf8')), file).toEqual([]);
  });

  it.each(languages)('finds nothing wrong in the cart and the checkout the server renders, in %s', async (language) => {
    // A monthly line: its seats, its term and the form that saves the cart.
    const id = await createCart();
    for (const url of [`/app/orders/${id}/shopping-cart`, `/app/orders/${id}/checkout`]) {
      const html = await page(url, language);
      expect(html, url).toContain('id="app-state"');
      expect(await htmlProblems(html), url).toEqual([]);
    }
  });

  it.each(languages)('finds nothing wrong in the app shell and the not-found pages, in %s', async (language) => {
    for (const url of ['/app/webinars', '/app/no-such-page', `/web/${language}/no-such-page`]) {
      expect(await htmlProblems(await page(url, language)), url).toEqual([]);
    }
  });

  it("finds nothing wrong in the shells' sources, the back office's included", async () => {
    for (const file of ['src/client/app.html', 'src/client/admin.html']) expect(await htmlProblems(readFileSync(file, 'utf8')), file).toEqual([]);
  });
});
