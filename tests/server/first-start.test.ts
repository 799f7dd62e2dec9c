import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '#shared/locales.ts';
import { adminBasePath, adminPaths, appPaths, appUrl } from '#shared/paths.ts';
import { freePort, projectRoot, startServer, type ServerProcess } from '../helpers/built-server.ts';
import { Browser, getAsBrowser, invoiceInfoSteps, solveCaptchaOver, type Json } from '../helpers/http-visitor.ts';

/**
 * A first start as the README tells a new user to make it: a fresh copy of the repository
 * (a clone of HEAD), then its two commands, `npm install && npm start`, with nothing set but
 * the port and a data folder. Then a visitor goes through the whole product over HTTP: every page of the
 * sitemap and every app page in both languages, one submission of each public form, the
 * staff sign-in with the password the start printed and one staff action, a scrape of
 * /metrics. Nothing may answer 5xx, nothing may be logged at error level or above, and the
 * process must still be running at the end.
 */
const clone = mkdtempSync(path.join(os.tmpdir(), 'shop-first-start-'));
const dataDir = path.join(clone, 'data');
let server: ServerProcess;
let base = '';
/** Every answer of the visit: address and status. */
const answers: { url: string; status: number }[] = [];

beforeAll(async () => {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', projectRoot, clone]);
  // The packages come from npm's cache, which the project's own install filled.
  execFileSync('npm', ['install'], { cwd: clone, stdio: 'ignore' });
  const port = await freePort();
  server = startServer({ port, cwd: clone, command: ['npm', 'start'], settings: { PORT: String(port), DATA_DIR: dataDir }, host: false });
  await server.ready();
  base = server.baseUrl;
}, 300_000);

afterAll(async () => {
  await server?.kill();
  rmSync(clone, { recursive: true, force: true });
});

/** A GET as a browser makes it, in `language`; the answer is recorded. */
async function get(url: string, language: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await getAsBrowser(`${base}${url}`, { headers: { cookie: `locale=${language}`, 'accept-language': language, ...headers }, redirect: 'manual' });
  answers.push({ url, status: response.status });
  return response;
}

/** A call of a visitor's browser (cookies, anti-forgery token); the answer is recorded. */
async function call(browser: Browser, method: string, url: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const answer = await browser.call(base, method, url, body);
  answers.push({ url: `${method} ${url}`, status: answer.status });
  return answer;
}

/** The mails the server wrote to DATA_DIR/mail/ (no SMTP_URL set), parsed; waits until `wanted` finds one. */
async function mailWhere(wanted: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const folder = path.join(dataDir, 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (existsSync(folder)) {
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(path.join(folder, file)));
        if (wanted(mail)) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the mail did not arrive');
}
const sentTo = (address: string) => (mail: ParsedMail) => [mail.to].flat().some((to) => to?.text.includes(address));

const person = (email: string, family: Parameters<typeof solveCaptchaOver>[1] = 'forms') =>
  solveCaptchaOver(base, family).then((captchaSolution) => ({ firstName: 'Anna', lastName: 'Muster', email, agreeWithDataPrivacy: true, captchaSolution }));

describe('a first start of a fresh copy, as the README says', () => {
  it('serves every page of the sitemap in both languages', async () => {
    const sitemap = await get('/sitemap.xml', 'en-US');
    expect(sitemap.status).toBe(200);
    const pages = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const language of languages) expect(pages.filter((page) => page.startsWith(`/web/${language}/`)).length).toBe(pages.length / 2);
    for (const page of pages) {
      const response = await get(page, page.split('/')[2]!);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain(`lang="${page.split('/')[2]}"`);
    }
    const home = await get('/', 'de-CH');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/web/de-CH/');
  });

  it('takes one submission of each public form, and serves every app page in both languages', async () => {
    const browser = new Browser();
    const webinars = await call(browser, 'GET', '/api/webinars/');
    expect(webinars.status).toBe(200);
    const webinar = webinars.json[0] as { id: string };
    expect(webinar).toBeDefined();

    // Contact form.
    expect((await call(browser, 'POST', '/api/contact-form/', { ...(await person('contact@example.ch', 'contact')), recipient: 'MESSAGE_CENTRAL', subject: 'Teams', message: 'Which training fits a team of twelve?' })).status).toBe(200);
    // Newsletter, whose confirmation mail links to the preference centre.
    expect((await call(browser, 'POST', '/api/newsletter/', await person('newsletter@example.ch'))).status).toBe(200);
    // Webinar sign-up: the confirmation carries the calendar entry, with its time zone.
    expect((await call(browser, 'POST', `/api/webinars/${webinar.id}/subscriptions`, await person('webinar@example.ch'))).status).toBe(200);
    const confirmation = await mailWhere((mail) => sentTo('webinar@example.ch')(mail) && mail.attachments.some((file) => file.contentType.startsWith('text/calendar')));
    const calendarFile = confirmation.attachments.find((file) => file.contentType.startsWith('text/calendar'))!;
    const calendar = new ICAL.Component(ICAL.parse(calendarFile.content.toString('utf8')));
    expect(calendar.getAllSubcomponents('vtimezone').length).toBeGreaterThan(0);
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstProperty('dtstart')?.getParameter('tzid')).toBeTruthy();
    // Download request.
    expect((await call(browser, 'POST', '/api/downloadables/by-code/guide/subscriptions/', await person('download@example.ch'))).status).toBe(200);

    // A cart, saved by e-mail, then bought.
    const product = { productCode: 'cyber_security_training_foundation_v1', quantity: 12, paymentFrequency: 'ONE_TIME', currency: 'CHF', language: 'de-CH' };
    const cart = await call(browser, 'POST', '/api/orders/', product);
    expect(cart.status).toBe(200);
    const orderId = cart.json.id as string;
    expect((await call(browser, 'POST', `/api/orders/${orderId}/subscribe`, await person('cart@example.ch'))).status).toBe(200);
    for (const body of invoiceInfoSteps({ company: 'Muster AG', street: 'Bahnhofstrasse 10', zip: '8001', city: 'Zürich', firstName: 'Anna', lastName: 'Muster', email: 'buyer@example.ch' })) {
      expect((await call(browser, 'PUT', `/api/orders/${orderId}/invoice-info`, body)).status).toBe(200);
    }
    // The checkout page as it is before the order is placed, then the order.
    for (const language of languages) expect((await get(appUrl(appPaths.checkout(orderId)), language)).status).toBe(200);
    const bought = await call(browser, 'POST', `/api/orders/${orderId}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptchaOver(base, 'checkout'), language: 'de-CH' });
    expect(bought.status).toBe(200);

    const newsletterMail = await mailWhere(sentTo('newsletter@example.ch'));
    const token = /\/app\/newsletter\/([A-Za-z0-9_-]{43})\//.exec(`${newsletterMail.text ?? ''} ${newsletterMail.html || ''}`)?.[1];
    expect(token).toBeDefined();
    expect((await call(browser, 'GET', `/api/newsletter/${token}/`)).status).toBe(200);

    const otherCart = (await call(browser, 'POST', '/api/orders/', product)).json.id as string;
    const appPages = [
      appPaths.home(),
      appPaths.shoppingCart(otherCart),
      appPaths.restoreShoppingCart(otherCart),
      appPaths.noShoppingCart(),
      appPaths.checkout(orderId),
      appPaths.tracking(orderId),
      appPaths.contactUs(),
      appPaths.webinars(),
      appPaths.newsletterPreferences(token!),
      appPaths.confirmDeletion(randomBytes(32).toString('base64url')),
    ].map(appUrl);
    const adminPages = [adminPaths.login(), adminPaths.home(), adminPaths.orders(), adminPaths.order(orderId), adminPaths.messages(), adminPaths.webinars(), adminPaths.webinar(webinar.id), adminPaths.createWebinar(), adminPaths.contacts(), adminPaths.newsletter(), adminPaths.createNewsletterIssue(), adminPaths.account(), adminPaths.staff(), adminPaths.audit()].map((page) => `${adminBasePath}${page}`);
    for (const language of languages) {
      const localized = [appUrl(appPaths.webinar(webinar.id, language)), appUrl(appPaths.downloadableContent('guide', language))];
      for (const page of [...appPages, ...localized, ...adminPages]) {
        const response = await get(page, language);
        expect(response.status, `${page} (${language})`).toBe(200);
        expect(await response.text(), `${page} (${language})`).toContain('<div id="root">');
      }
    }
    // What the pages ask for as they come alive.
    for (const url of ['/api/country/?language=de-CH', '/api/geolocation/whereami/country', '/api/currency/available-currencies', `/api/orders/${otherCart}/shopping-cart/`, `/api/orders/${orderId}/status-info`, `/api/webinars/${webinar.id}`, '/api/downloadables/by-code/guide?language=de-CH', '/api/newsletter/topics']) {
      expect((await call(browser, 'GET', url)).status, url).toBe(200);
    }
  });

  it('lets staff sign in with the password the start printed, and act on an order', async () => {
    const printed = /e-mail: +(\S+)\n +password: +(\S+)/.exec(server.output());
    expect(printed).not.toBeNull();
    const staff = new Browser();
    const login = await call(staff, 'POST', '/api/users/login', { email: printed![1], password: printed![2], captchaSolution: await solveCaptchaOver(base, 'signIn') });
    expect(login.status).toBe(200);
    const list = await call(staff, 'POST', '/api/orders/admin/list', {});
    expect(list.status).toBe(200);
    const order = list.json.results[0] as { id: string };
    expect(order).toBeDefined();
    expect((await call(staff, 'GET', `/api/orders/admin/${order.id}/`)).status).toBe(200);
    expect((await call(staff, 'POST', `/api/orders/admin/${order.id}/notes`, { text: 'Called the buyer: the invoice goes to accounting.' })).status).toBe(200);
  });

  it('serves its metrics, answered no 5xx, logged no error and is still running', async () => {
    const metrics = await get('/metrics', 'en-US');
    expect(metrics.status).toBe(200);
    const families = parsePrometheusTextFormat(await metrics.text());
    expect(families.map((family) => family.name)).toContain('shop_http_requests_total');

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(server.errors()).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
  });
});
