import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, orders } from '#server/db/schema.ts';
import type { ContactList } from '#shared/schemas/contacts.ts';
import type { OrderList } from '#shared/schemas/orders-admin.ts';
import { signInAsStaff, type StaffSignIn } from '../../../tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { foldText } from './folded-text.ts';

/** The desk's searches ignore accents as they ignore case (folded-text.ts), on PGlite and, in api-postgres, on PostgreSQL. */

let t: TestApp;
let staff: StaffSignIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAsStaff(t);
  await t.database.db.insert(orders).values([
    { status: 'ORDERED', currency: 'CHF', language: 'de-CH', number: '2026-000101', orderedAt: new Date('2026-11-02T09:00:00Z'), invoiceInfo: { company: { name: 'Zürcher Kantonalbank' }, contact: { firstName: 'Hélène', lastName: 'Müller', email: 'h@zkb.example' } } },
    { status: 'ORDERED', currency: 'CHF', language: 'de-CH', number: '2026-000102', orderedAt: new Date('2026-11-03T09:00:00Z'), invoiceInfo: { company: { name: 'Zurich Insurance' } } },
    { status: 'ORDERED', currency: 'EUR', language: 'de-CH', number: '2026-000103', orderedAt: new Date('2026-11-04T09:00:00Z'), invoiceInfo: { company: { name: 'Straße & Söhne GmbH' } } },
  ]);
  await t.database.db.insert(contacts).values([
    { email: 'helene@zkb.example', firstName: 'Hélène', lastName: 'Müller', companyName: 'Zürcher Kantonalbank' },
    { email: 'anna@zurich.example', firstName: 'Anna', lastName: 'Zurich', companyName: 'ZURICH AG' },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function orderNumbers(search: string): Promise<(string | null)[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/orders/admin/list', headers: staff.headers, payload: { search, sortColumn: 'NUMBER' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderList>().results.map((row) => row.number);
}

async function contactEmails(q: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/contacts/admin/?q=${encodeURIComponent(q)}`, headers: staff.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContactList>().results.map((row) => row.email).sort();
}

describe('searching without accents', () => {
  it('folds case and accents alike in JavaScript', () => {
    expect(foldText('Zürich ÉCOLE Straße Øresund')).toBe('zurich ecole strase oresund');
  });

  it('finds the orders whose company or contact has accents, and the other way round', async () => {
    expect(await orderNumbers('zurcher')).toEqual(['2026-000101']);
    expect(await orderNumbers('ZÜRCHER')).toEqual(['2026-000101']);
    expect(await orderNumbers('zur')).toEqual(['2026-000101', '2026-000102']);
    expect(await orderNumbers('Zürich')).toEqual(['2026-000102']);
    expect(await orderNumbers('helene muller')).toEqual(['2026-000101']);
    expect(await orderNumbers('sohne')).toEqual(['2026-000103']);
  });

  it('finds the contacts by name or company without their accents', async () => {
    expect(await contactEmails('zurcher')).toEqual(['helene@zkb.example']);
    expect(await contactEmails('helene müller')).toEqual(['helene@zkb.example']);
    expect(await contactEmails('zürich')).toEqual(['anna@zurich.example']);
    expect(await contactEmails('zur')).toEqual(['anna@zurich.example', 'helene@zkb.example']);
  });
});
