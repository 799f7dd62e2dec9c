import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimeZone } from '#shared/dates.ts';
import { dkimKey } from '../helpers/dkim.ts';
import { freePort, newDataDir, startServer, type ServerProcess } from '../helpers/built-server.ts';
import { Browser, invoiceInfoSteps, solveCaptchaOver, type Json } from '../helpers/http-visitor.ts';
import { calendarOf } from '../helpers/outbox.ts';
import { hasPdftotext, pdfFonts, pdfPages, pdftotextPages } from '../helpers/pdf.ts';
import { decodeQrCode, qrBillFields } from '../helpers/qr-code.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * The server's bundle as `npm start` runs it (dist/server/, scripts/build-server.ts): the
 * packages that read files of their own at run time — time zones for the calendar file,
 * fonts and the QR-bill of the invoice PDF, the GeoIP database, PGlite, the DKIM signer —
 * do so from the bundle as well as from the sources the other tests import. A package
 * that finds its files only beside its own code fails here and nowhere else.
 */

const staff = { email: 'bundle@example.ch', password: 'the bundle as users run it' };
const dkimDomain = 'cybersafe-academy.example';
const dkimSelector = 'bundle2026';
const { privatePem, resolver } = dkimKey(dkimDomain, dkimSelector);

let smtp: TestSmtpServer;
let server: ServerProcess;
let data: ReturnType<typeof newDataDir>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  data = newDataDir('bundle');
  server = startServer({
    port: await freePort(),
    settings: {
      DATA_DIR: data.dataDir,
      SMTP_URL: smtp.url,
      DKIM_DOMAIN: dkimDomain,
      DKIM_SELECTOR: dkimSelector,
      DKIM_PRIVATE_KEY: privatePem,
      // The test's requests come from 127.0.0.1: the address they forward is the visitor's.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: staff.email,
      ADMIN_PASSWORD: staff.password,
    },
  });
  await server.ready();
});

afterAll(async () => {
  await server?.kill();
  await smtp?.close();
  data?.remove();
});

/** Whether a receiving mail server finds the mail's DKIM signature good, with the key published for the selector. */
async function dkimResult(raw: Buffer) {
  const { results } = await dkimVerify(raw, { resolver });
  return results.map((result) => [result.signingDomain, result.selector, result.status.result]);
}

/** A mail to `address` with an attachment whose name fits `pattern`. */
const mailTo = (address: string, pattern: RegExp) => (mail: ParsedMail) =>
  [mail.to ?? []].flat().some((to) => to.value.some((mailbox) => mailbox.address === address)) && mail.attachments.some((attachment) => pattern.test(attachment.filename ?? ''));

describe('the bundle npm start runs', () => {
  it('locates visitors with the GeoIP database by the address the proxy forwards', async () => {
    for (const [address, code] of [
      ['81.221.0.1', 'CH'],
      ['8.8.8.8', 'US'],
    ] as const) {
      const answer = await fetch(`${server.baseUrl}/api/geolocation/whereami/country`, { headers: { 'x-forwarded-for': address } });
      expect(answer.status, address).toBe(200);
      expect(((await answer.json()) as Json).code, address).toBe(code);
    }
  });

  it('signs up for a webinar: the confirmation carries a calendar file with its time zone, signed with DKIM', async () => {
    const visitor = new Browser();
    const webinars = await visitor.call(server.baseUrl, 'GET', '/api/webinars/');
    expect(webinars.status).toBe(200);
    // The demo catalogue seeded at the first start has webinars to come.
    const webinar = webinars.json[0] as Json;
    expect(webinar).toMatchObject({ id: expect.any(String), startsAt: expect.any(String) });

    const email = 'webinar@example.ch';
    const signUp = await visitor.call(server.baseUrl, 'POST', `/api/webinars/${webinar.id}/subscriptions`, {
      firstName: 'Anna',
      lastName: 'Muster',
      email,
      agreeWithDataPrivacy: true,
      captchaSolution: await solveCaptchaOver(server.baseUrl, 'forms'),
    });
    expect(signUp.status, JSON.stringify(signUp.json)).toBe(200);
    expect(signUp.json.messages).toHaveLength(1);

    const { mail, raw } = await smtp.waitForMail(mailTo(email, /\.ics$/), 30_000);
    const { calendar, vevent, event } = calendarOf(mail);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(defaultTimeZone);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(defaultTimeZone);
    // Read with the file's own VTIMEZONE, the local start is the webinar's instant.
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(webinar.startsAt).toISOString());
    expect(await dkimResult(raw)).toEqual([[dkimDomain, dkimSelector, 'pass']]);
  });

  it('keeps a cart in PGlite, places the order, and mails the invoice PDF with its fonts and QR-bill', async () => {
    const buyer = new Browser();
    // The demo orders of the first start are invoiced by mail too: this order's invoice goes to this address.
    const buyerEmail = 'juerg@example.ch';
    const call = (method: string, url: string, body?: unknown) => buyer.call(server.baseUrl, method, url, body);
    const created = await call('POST', '/api/orders/', { productCode: 'cyber_security_training_foundation_v1', quantity: 7, paymentFrequency: 'ONE_TIME', currency: 'CHF', language: 'de-CH' });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.id as string;
    // Written to the database and read back from it.
    const cart = await call('GET', `/api/orders/${id}/shopping-cart/`);
    expect(cart.status).toBe(200);
    expect(cart.json.items).toEqual([expect.objectContaining({ productCode: 'cyber_security_training_foundation_v1', quantity: 7 })]);

    for (const body of invoiceInfoSteps({ company: 'Müller & Söhne AG', street: 'Seestrasse 12a', zip: '8002', city: 'Zürich', firstName: 'Jürg', lastName: 'Bäumli', email: buyerEmail })) {
      const saved = await call('PUT', `/api/orders/${id}/invoice-info`, body);
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    }
    const bought = await call('POST', `/api/orders/${id}/checkout`, { agreeWithLegalTexts: true, captchaSolution: await solveCaptchaOver(server.baseUrl, 'checkout'), language: 'de-CH' });
    expect(bought.status, JSON.stringify(bought.json)).toBe(200);
    const order = (await call('GET', `/api/orders/${id}/detail`)).json as Json;

    // Staff issue the invoice, which goes to the buyer by mail.
    const back = new Browser();
    const login = await back.call(server.baseUrl, 'POST', '/api/users/login', { ...staff, captchaSolution: await solveCaptchaOver(server.baseUrl, 'signIn') });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const invoiced = await back.call(server.baseUrl, 'POST', `/api/orders/admin/${id}/status`, { action: 'INVOICE' });
    expect(invoiced.status, JSON.stringify(invoiced.json)).toBe(200);

    const { mail, raw } = await smtp.waitForMail(mailTo(buyerEmail, /^invoice-.+\.pdf$/), 60_000);
    expect(await dkimResult(raw)).toEqual([[dkimDomain, dkimSelector, 'pass']]);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf')?.content ?? Buffer.alloc(0);

    const [invoicePage = ''] = await pdfPages(pdf);
    expect(invoicePage).toContain('Müller & Söhne AG');
    expect(invoicePage).toContain('8002 Zürich');
    if (hasPdftotext) expect(pdftotextPages(pdf)[0]).toContain('Müller & Söhne AG');
    // The font files are read at run time; a PDF without them would be drawn with a reader's fonts.
    const fonts = await pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['Arimo-Bold', 'Arimo-Regular']);
    for (const font of fonts) expect(font.embedded, font.name).toBe(true);

    const decoded = await decodeQrCode(pdf);
    expect(decoded, 'a QR code on some page of the invoice').toBeDefined();
    const fields = qrBillFields(decoded?.text ?? '');
    expect(fields[0]).toBe('SPC');
    const [amount, currency] = fields.slice(18, 20);
    expect(currency).toBe('CHF');
    expect(Number(amount)).toBe(order.totals.gross);
  });

  it('logged nothing at level error or above and still runs', () => {
    expect(server.errors()).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  });
});
