import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceInfo } from '#shared/schemas/checkout.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function newCart() {
  const response = await call('POST', '/api/orders/', { productCode: 'cyber_security_training_foundation_v1', quantity: 3, paymentFrequency: 'ONE_TIME', currency: 'EUR', language: 'en-US' });
  return (response.json() as { id: string }).id;
}

const germanAddress = { street: 'Unter den Linden 5', zip: '10117', city: 'Berlin', countryCode: 'DE' };
const swissAddress = { street: 'Seestrasse 12', zip: '8002', city: 'Zürich', countryCode: 'CH' };

describe('postcodes and VAT numbers by country', () => {
  it('refuses a postcode that does not fit the country, in both languages with an example', async () => {
    const id = await newCart();
    const response = await call('PUT', `/api/orders/${id}/invoice-info`, { address: { ...swissAddress, zip: 'ABCDE' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        field: 'address.zip',
        code: 'invalid',
        messagesByLanguage: {
          'en-US': 'This postcode is not valid for the chosen country. It is written like 8001.',
          'de-CH': 'Diese PLZ ist für das gewählte Land nicht gültig. Sie wird so geschrieben: 8001.',
        },
      },
    ]);
    const invoiceAddress = await call('PUT', `/api/orders/${id}/invoice-info`, { invoiceAddressSameAsAddress: false, invoiceAddress: { ...germanAddress, zip: '1011' } });
    expect(invoiceAddress.json().errors[0]).toMatchObject({ field: 'invoiceAddress.zip', messagesByLanguage: { 'en-US': expect.stringContaining('12345') } });
    const info = (await call('GET', `/api/orders/${id}/invoice-info`)).json() as InvoiceInfo;
    expect(info.address.zip).toBe('');
  });

  it('refuses a German VAT number that is too short, and saves a well-formed one as invoices print it', async () => {
    const id = await newCart();
    const short = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH', vatNumber: 'DE12' }, address: germanAddress });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      {
        field: 'company.vatNumber',
        code: 'invalid',
        messagesByLanguage: {
          'en-US': 'This is not a valid VAT number for the country of the invoice address. It is written like DE123456789.',
          'de-CH': 'Das ist keine gültige MWST-Nummer für das Land der Rechnungsadresse. Sie wird so geschrieben: DE123456789.',
        },
      },
    ]);
    const austrian = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH', vatNumber: 'ATU13585627' }, address: germanAddress });
    expect(austrian.json().errors[0]).toMatchObject({ field: 'company.vatNumber', code: 'invalid' });

    const saved = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Beispiel GmbH', vatNumber: 'de 129 273 398' }, address: germanAddress });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as InvoiceInfo).company.vatNumber).toBe('DE129273398');
    const detail = (await call('GET', `/api/orders/${id}/detail`)).json() as { totals: { vatKind: string } };
    expect(detail.totals.vatKind).toBe('REVERSE_CHARGE');
  });

  it('checks the check digit of a Swiss VAT number, which is optional in Switzerland', async () => {
    const id = await newCart();
    const wrong = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Muster AG', vatNumber: 'CHE-116.281.711' }, address: swissAddress });
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ field: 'company.vatNumber', code: 'invalid', messagesByLanguage: expect.objectContaining({ 'de-CH': 'Die Prüfziffer dieser MWST-Nummer stimmt nicht. Bitte prüfen Sie sie auf Tippfehler.' }) }),
    ]);
    const right = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Muster AG', vatNumber: 'che116281710' }, address: swissAddress });
    expect((right.json() as InvoiceInfo).company.vatNumber).toBe('CHE-116.281.710 MWST');
    const none = await call('PUT', `/api/orders/${id}/invoice-info`, { company: { name: 'Muster AG' }, address: swissAddress });
    expect(none.statusCode).toBe(200);
  });
});
