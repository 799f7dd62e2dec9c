import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRange } from '#shared/schemas/dates.ts';
import { signInAsStaff, type StaffSignIn } from '../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * Every day and moment the API takes lies in one range (src/shared/schemas/dates.ts): a
 * day outside it is refused with 400 on its field, in both languages, before any
 * database sees it (PostgreSQL has no year 0000 and answered 500).
 */

let t: TestApp;
let admin: StaffSignIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const outOfRange = {
  'en-US': 'Please enter a date between the years 2000 and 2100.',
  'de-CH': 'Bitte geben Sie ein Datum zwischen den Jahren 2000 und 2100 ein.',
};
const id = randomUUID();

/** Each call with a day in its field: [what, field, the request for that day]. */
const calls: [string, string, (day: string) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }][] = [
  ['the audit log from', 'fromDate', (day) => ({ method: 'GET', url: `/api/admin/audit?fromDate=${day}` })],
  ['the audit log to', 'toDate', (day) => ({ method: 'GET', url: `/api/admin/audit?toDate=${day}` })],
  ['the audit export from', 'fromDate', (day) => ({ method: 'GET', url: `/api/admin/audit/export.csv?fromDate=${day}` })],
  ['the audit export to', 'toDate', (day) => ({ method: 'GET', url: `/api/admin/audit/export.csv?toDate=${day}` })],
  ['the orders list from', 'fromDate', (day) => ({ method: 'POST', url: '/api/orders/admin/list', payload: { dateRange: 'CUSTOM', fromDate: day } })],
  ['the orders list to', 'toDate', (day) => ({ method: 'POST', url: '/api/orders/admin/list', payload: { dateRange: 'CUSTOM', toDate: day } })],
  ['the orders export from', 'fromDate', (day) => ({ method: 'GET', url: `/api/orders/admin/export.csv?dateRange=CUSTOM&fromDate=${day}` })],
  ['the orders export to', 'toDate', (day) => ({ method: 'GET', url: `/api/orders/admin/export.csv?dateRange=CUSTOM&toDate=${day}` })],
  [
    'a saved view',
    'view.filter.fromDate',
    (day) => ({
      method: 'POST',
      url: '/api/orders/admin/views',
      payload: { name: 'Old', view: { filter: { dateRange: 'CUSTOM', fromDate: day }, columns: ['NUMBER'] } },
    }),
  ],
  ['a payment', 'date', (day) => ({ method: 'POST', url: `/api/orders/admin/${id}/pay`, payload: { amount: 10, date: day } })],
  ['a refund paid out', 'refundDate', (day) => ({ method: 'POST', url: `/api/orders/admin/${id}/archive-refund`, payload: { refundDate: day } })],
  [
    'a new webinar',
    'startsAt',
    (day) => ({
      method: 'POST',
      url: '/api/webinars/admin/',
      payload: {
        code: 'OLD-1',
        title: 'Old',
        language: 'en-US',
        startsAt: `${day}T09:00:00Z`,
        durationMinutes: 60,
        description: 'Old',
        link: 'https://meet.example/old',
      },
    }),
  ],
  ['a newsletter sending', 'sendAt', (day) => ({ method: 'POST', url: `/api/newsletter/admin/issues/${id}/sending`, payload: { sendAt: `${day}T09:00:00Z` } })],
];

describe('days outside the range the API takes', () => {
  for (const day of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
    it.each(calls)(`are refused on %s (${day}) with 400 on the field`, async (_what, field, request) => {
      const response = await t.app.inject({ ...request(day), headers: admin.headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field, code: 'invalid', messagesByLanguage: outOfRange }] });
    });
  }

  it('takes the first and the last day of the range', async () => {
    for (const day of [dateRange.first, dateRange.last]) {
      const list = await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: admin.headers, payload: { dateRange: 'CUSTOM', fromDate: day, toDate: day } });
      expect(list.statusCode, list.body).toBe(200);
      const audit = await t.app.inject({ method: 'GET', url: `/api/admin/audit?fromDate=${day}&toDate=${day}`, headers: admin.headers });
      expect(audit.statusCode, audit.body).toBe(200);
      const exported = await t.app.inject({ method: 'GET', url: `/api/orders/admin/export.csv?dateRange=CUSTOM&fromDate=${day}`, headers: admin.headers });
      expect(exported.statusCode, exported.body).toBe(200);
    }
  });

  it('refuses a malformed day once, as not valid', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit?fromDate=yesterday', headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'fromDate', code: 'invalid' }] });
    expect((response.json() as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
