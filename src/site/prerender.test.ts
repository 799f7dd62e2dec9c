import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, type CatalogProduct } from '#shared/catalog.ts';
import { currencies, languages } from '#shared/locales.ts';
import type { ViteManifest } from './assets.ts';
import { prerenderSite, type PrerenderResult } from './prerender.ts';
import { publicBaseUrl } from './site-paths.ts';

const manifest: ViteManifest = {
  '../site/styles/site.css': { file: 'assets/site-s1t2e3.css', src: '../site/styles/site.css', isEntry: true },
  'islands/main.tsx': {
    file: 'assets/islands-abc123.js',
    src: 'islands/main.tsx',
    isEntry: true,
    imports: ['_react-def456.js'],
    dynamicImports: ['islands/currency-selector.tsx'],
    css: ['assets/islands-abc123.css'],
  },
  '_react-def456.js': { file: 'assets/react-def456.js' },
  'islands/currency-selector.tsx': { file: 'assets/currency-selector-x.js', isDynamicEntry: true },
};

/** The stylesheets of the client build above: the site's, and one the islands entry imports. */
const siteCss = 'body{display:flex}.money[data-currency]>span{content:"→"}';
const islandsCss = '.island{margin:0}';

function writeClientStyles(clientDir: string): void {
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'assets/site-s1t2e3.css'), siteCss);
  writeFileSync(join(clientDir, 'assets/islands-abc123.css'), islandsCss);
}

/** The text as a browser shows it: React escapes `'` and `&` in markup. */
function decode(html: string): string {
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attributesOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))].map((match) => match[0]);
}

let dir: string;
let result: PrerenderResult;
const baseUrl = 'https://shop.example.ch';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-'));
  writeClientStyles(join(dir, 'client'));
  result = prerenderSite({ outDir: join(dir, 'site'), clientDir: join(dir, 'client'), manifest, baseUrl, year: 2026 });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(join(dir, 'site', file), 'utf8');

describe('pages.json', () => {
  it('lists every page in both languages with one file per currency', () => {
    const pagesJson = JSON.parse(read('pages.json'));
    expect(pagesJson).toEqual(result.pagesJson);
    const paths = pagesJson.pages.map((page: { path: string }) => page.path).sort();
    expect(paths).toEqual(
      [
        '/web/de-CH/',
        '/web/de-CH/imprint',
        '/web/de-CH/privacy-policy',
        '/web/de-CH/terms',
        '/web/de-CH/trainings',
        '/web/en-US/',
        '/web/en-US/imprint',
        '/web/en-US/privacy-policy',
        '/web/en-US/terms',
        '/web/en-US/trainings',
      ].sort(),
    );
    const trainings = pagesJson.pages.find((page: { path: string }) => page.path === '/web/en-US/trainings');
    expect(trainings).toEqual({
      path: '/web/en-US/trainings',
      language: 'en-US',
      files: { EUR: 'en-US/trainings.EUR.html', USD: 'en-US/trainings.USD.html', CHF: 'en-US/trainings.CHF.html' },
    });
    expect(pagesJson.pages.find((page: { path: string }) => page.path === '/web/de-CH/').files.CHF).toBe(
      'de-CH/index.CHF.html',
    );
    expect(pagesJson.notFound['de-CH']).toEqual({
      EUR: 'de-CH/404.EUR.html',
      USD: 'de-CH/404.USD.html',
      CHF: 'de-CH/404.CHF.html',
    });
  });

  it('points at files that exist, 2 languages × 6 pages (5 and the not-found page) × 3 currencies', () => {
    const files = [
      ...result.pagesJson.pages.flatMap((page) => Object.values(page.files)),
      ...languages.flatMap((language) => Object.values(result.pagesJson.notFound[language])),
    ];
    expect(new Set(files).size).toBe(2 * 6 * 3);
    for (const file of files) expect(existsSync(join(dir, 'site', file)), file).toBe(true);
  });
});

describe('every prerendered page', () => {
  const allFiles = () => [...result.files.keys()].filter((file) => file.endsWith('.html'));

  it('is a complete document in its language and currency', () => {
    for (const file of allFiles()) {
      const html = result.files.get(file)!;
      const [language, name] = file.split('/') as [string, string];
      const currency = name.split('.')[1];
      expect(html.startsWith('<!doctype html>'), file).toBe(true);
      expect(html, file).toContain(`<html lang="${language}">`);
      expect(html, file).toMatch(/<title>[^<]+<\/title>/);
      expect(html, file).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, file).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(html, file).toContain(`data-selected-currency="${currency}"`);
      // Nothing the first paint needs: the islands script is imported once the page is painted (docs/islands.md).
      expect(html, file).toMatch(/<script type="module">[^<]*first-contentful-paint[^<]*import\("\/assets\/islands-abc123\.js"\)[^<]*<\/script>/);
      expect(html, file).not.toMatch(/<script[^>]*\ssrc=/);
      expect(html, file).not.toContain('modulepreload');
      expect(html.match(/<h1[\s>]/g), file).toHaveLength(1);
      expect(html, file).toMatch(/<header[\s>][\s\S]*<nav[\s\S]*<main id="main"[\s\S]*<footer/);
      expect(html, file).toContain('href="#main"');
    }
  });

  it('carries its stylesheets inline in <head>, and links none that would hold up the first paint', () => {
    for (const file of allFiles()) {
      const html = result.files.get(file)!;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<style>([\s\S]*?)<\/style>/g), file).toEqual([`<style>${siteCss}\n${islandsCss}</style>`]);
      expect(html, file).not.toMatch(/<link\b[^>]*rel="stylesheet"/i);
      expect(html, file).not.toContain('site-s1t2e3.css');
    }
  });

  it('paints its first frame once its main content is parsed (rel="expect" on <main>)', () => {
    for (const file of allFiles()) {
      const html = result.files.get(file)!;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, file).toContain('<link rel="expect" href="#main" blocking="render"/>');
      expect(html, file).toContain('<main id="main"');
    }
  });

  it('has canonical and hreflang alternate links (not-found pages: noindex instead)', () => {
    for (const entry of result.pagesJson.pages) {
      for (const currency of currencies) {
        const html = result.files.get(entry.files[currency])!;
        const other = entry.path.replace(entry.language, entry.language === 'en-US' ? 'de-CH' : 'en-US');
        const english = entry.language === 'en-US' ? entry.path : other;
        expect(html).toContain(`<link rel="canonical" href="${baseUrl}${entry.path}"/>`);
        const alternates = attributesOf(html, 'link')
          .filter((tag) => tag.includes('rel="alternate"'))
          .map((tag) => tag.toLowerCase());
        expect(alternates).toEqual([
          `<link rel="alternate" hreflang="en-us" href="${baseUrl}${english}"/>`.toLowerCase(),
          `<link rel="alternate" hreflang="de-ch" href="${baseUrl}${english.replace('en-US', 'de-CH')}"/>`.toLowerCase(),
          `<link rel="alternate" hreflang="x-default" href="${baseUrl}${english}"/>`.toLowerCase(),
        ]);
      }
    }
    const notFound = result.files.get(result.pagesJson.notFound['en-US'].EUR)!;
    expect(notFound).toContain('<meta name="robots" content="noindex"/>');
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).toContain('The page you are looking for does not exist.');
    expect(result.files.get(result.pagesJson.notFound['de-CH'].EUR)).toContain('Die gesuchte Seite existiert nicht.');
  });

  it('has the Open Graph tags of a shared link, with a picture that exists, and a title and description fit for a preview', () => {
    const metaOf = (html: string, property: string) =>
      attributesOf(html, 'meta')
        .filter((tag) => tag.includes(`property="${property}"`))
        .map((tag) => decode(/content="([^"]*)"/.exec(tag)?.[1] ?? ''));
    for (const entry of result.pagesJson.pages) {
      for (const currency of currencies) {
        const html = result.files.get(entry.files[currency])!;
        const title = decode(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '');
        const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
        expect(metaOf(html, 'og:title'), entry.path).toEqual([title]);
        expect(metaOf(html, 'og:description'), entry.path).toEqual([description]);
        expect(metaOf(html, 'og:url'), entry.path).toEqual([`${baseUrl}${entry.path}`]);
        expect(metaOf(html, 'og:type'), entry.path).toEqual(['website']);
        expect(metaOf(html, 'og:site_name'), entry.path).toEqual(['CyberSafe Academy']);
        expect(metaOf(html, 'og:locale'), entry.path).toEqual([entry.language.replace('-', '_')]);
        expect(metaOf(html, 'og:locale:alternate'), entry.path).toEqual([entry.language === 'en-US' ? 'de_CH' : 'en_US']);
        const [image] = metaOf(html, 'og:image');
        expect(image, entry.path).toMatch(new RegExp(`^${baseUrl}/assets/og-image-[\\w-]{8}\\.png$`));
        const picture = readFileSync(join(dir, 'client', image!.slice(baseUrl.length)));
        // A PNG of 1200 × 630, as the tags say.
        expect(picture.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect([picture.readUInt32BE(16), picture.readUInt32BE(20)]).toEqual([1200, 630]);
        expect(metaOf(html, 'og:image:width')).toEqual(['1200']);
        // The brand once in the title, and a description a search result shows whole.
        expect(title.split('CyberSafe Academy').length - 1, title).toBe(1);
        expect(description.length, `${entry.path}: ${description}`).toBeLessThanOrEqual(170);
      }
    }
  });

  it('has no script but the islands loader, no style element but its stylesheet and no style attribute (CSP)', () => {
    for (const file of allFiles()) {
      const html = result.files.get(file)!;
      expect(attributesOf(html, 'script'), file).toEqual(['<script type="module">']);
      expect(html.match(/<style[\s>]/gi), file).toHaveLength(1);
      expect(html, file).not.toMatch(/\sstyle=/i);
      expect(html, file).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('writes Swiss German without "ß"', () => {
    for (const file of allFiles().filter((name) => name.startsWith('de-CH/'))) {
      expect(result.files.get(file), file).not.toContain('ß');
    }
  });

  it('links the header and footer to the pages of its language', () => {
    const html = result.files.get('de-CH/imprint.EUR.html')!;
    for (const href of ['/web/de-CH/trainings', '/web/de-CH/privacy-policy', '/web/de-CH/imprint', '/app/contact-us', '/app/webinars', 'mailto:info@cybersafe-academy.example']) {
      expect(html).toContain(`href="${href}"`);
    }
    // The language switch: plain links to the same page in each language.
    expect(html).toContain('<a href="/web/en-US/imprint" hrefLang="en-US" lang="en-US">English</a>');
    expect(html).toContain('data-island="currency-selector"');
    expect(html).toContain('href="/app/no-shopping-cart"');
  });
});

describe('the trainings page', () => {
  const page = (currency: string, language = 'en-US') => result.files.get(`${language}/trainings.${currency}.html`)!;

  it('has an add-to-cart mount point per tier and payment frequency', () => {
    const mounts = attributesOf(page('EUR'), 'div').filter((tag) => tag.includes('data-island="add-to-cart"'));
    expect(mounts).toHaveLength(catalog.length * 2);
    for (const product of catalog) {
      for (const frequency of ['MONTHLY', 'ONE_TIME']) {
        expect(
          mounts.some(
            (tag) =>
              tag.includes(`data-product-code="${product.code}"`) &&
              tag.includes(`data-payment-frequency="${frequency}"`) &&
              tag.includes('data-quantity="1"') &&
              tag.includes('data-text="Add to cart"'),
          ),
          `${product.code} ${frequency}`,
        ).toBe(true);
      }
    }
  });

  it('has the payment-frequency switch (monthly first) and the product tab switch', () => {
    const html = page('EUR', 'de-CH');
    expect(html).toContain('data-island="payment-frequency-switch"');
    expect(html).toContain('data-island="product-tier-switch"');
    expect(html).toMatch(/<input type="radio" name="payment-frequency" checked="" value="MONTHLY"\/>/);
    expect(html).toContain('<span>Monatlich</span>');
  });

  it('shows the prices of its currency and keeps the others hidden for the selector', () => {
    const basic = catalog.find((product) => product.tier === 'basic')!;
    expect(basic.prices.MONTHLY.CHF).toBe(490);
    const html = decode(page('CHF'));
    expect(html).toContain('<span class="money" data-currency="CHF">4.90 CHF</span>');
    expect(html).toContain('<span class="money" data-currency="EUR" hidden="">4,90 EUR</span>');
    expect(html).toContain('<span class="money" data-currency="USD" hidden="">5.40 USD</span>');
    expect(html).toContain('per seat and month');
    expect(decode(page('EUR'))).toContain('<span class="money" data-currency="EUR">49,00 EUR</span>');
  });
});

describe('prices', () => {
  it('use the money formats of each currency (CHF apostrophe thousands, EUR comma decimal)', () => {
    const expensive: CatalogProduct = {
      ...catalog[0]!,
      prices: {
        MONTHLY: { EUR: 123456789, USD: 123456789, CHF: 123456789 },
        ONE_TIME: { EUR: 250000, USD: 250000, CHF: 250000 },
      },
    };
    const local = mkdtempSync(join(tmpdir(), 'site-prices-'));
    writeClientStyles(join(local, 'client'));
    try {
      const { files } = prerenderSite({
        outDir: join(local, 'site'),
        clientDir: join(local, 'client'),
        manifest,
        baseUrl,
        products: [expensive],
      });
      const html = decode(files.get('de-CH/trainings.CHF.html')!);
      expect(html).toContain(">1'234'567.89 CHF<");
      expect(html).toContain(">1 234 567,89 EUR<");
      expect(html).toContain(">1 234 567.89 USD<");
      expect(html).toContain(">2'500.00 CHF<");
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every page in both languages with hreflang alternates', () => {
    const sitemap = read('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(10);
    expect(locs).toContain(`${baseUrl}/web/en-US/`);
    expect(locs).toContain(`${baseUrl}/web/de-CH/privacy-policy`);
    expect(sitemap.match(/<xhtml:link rel="alternate"/g)).toHaveLength(10 * 3);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="de-CH" href="${baseUrl}/web/de-CH/trainings"/>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseUrl}/web/en-US/imprint"/>`);
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('allows everything but the app and the API, and names the sitemap', () => {
    expect(read('robots.txt')).toBe(
      `User-agent: *\nAllow: /\nDisallow: /app/\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`,
    );
  });

  it('builds absolute URLs from PUBLIC_URL, default http://localhost:3000', () => {
    expect(publicBaseUrl(undefined)).toBe('http://localhost:3000');
    expect(publicBaseUrl('')).toBe('http://localhost:3000');
    expect(publicBaseUrl('https://academy.example.ch/')).toBe('https://academy.example.ch');
  });
});
