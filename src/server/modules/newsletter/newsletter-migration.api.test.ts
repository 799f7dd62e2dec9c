import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration, type MigrationDatabase } from '../../../../tests/helpers/migrations.ts';

/**
 * Migration 0009: the newsletter subscribers and the save-cart addresses of the orders
 * become contacts with consent rows; no migrated subscription counts as confirmed.
 * Run on a database migrated to 0008 that holds such rows (PGlite, or PostgreSQL in the
 * api-postgres project).
 */

const lastBefore = '0008_rate_limits';

let db: MigrationDatabase;
beforeAll(async () => {
  db = await databaseBeforeMigration(lastBefore);
  // A contact known before (from a save-cart form, with its consent), and the old tables' rows.
  await db.exec(`
    insert into contacts (id, email, first_name, preferred_language) values ('00000000-0000-4000-8000-000000000001', 'known@example.ch', 'Kurt', 'de-CH');
    insert into consents (contact_id, subject, granted, text_version, language, source, created_at)
      values ('00000000-0000-4000-8000-000000000001', 'DATA_PRIVACY', true, '2026-06-01', 'de-CH', 'SAVE_CART', '2026-11-10T10:00:00Z');
    insert into newsletter_subscribers (email, first_name, last_name, role, topic_ids, preferred_language, token, phone_country_code, created_at) values
      ('nina@example.ch', 'Nina', 'Neu', 'CISO', '["phishing", "compliance"]', 'de-CH', 'old-token-1', 'CH', '2026-11-01T08:00:00Z'),
      ('known@example.ch', 'Somebody', 'Else', 'TRAINER', '[]', 'en-US', 'old-token-2', null, '2026-11-02T08:00:00Z');
    insert into newsletter_subscribers (email, first_name, topic_ids, preferred_language, token, created_at, unsubscribed_at) values
      ('gone@example.ch', 'Gina', '["ransomware"]', 'en-US', 'old-token-3', '2026-10-01T08:00:00Z', '2026-10-15T08:00:00Z');
    insert into orders (status, currency, language, subscriber_email, subscriber, subscribed_at) values
      ('SHOPPING_CART', 'CHF', 'de-CH', ' Saver@Example.CH ',
        '{"firstName": "Sara", "lastName": "Saver", "email": "Saver@Example.CH", "companyName": "Save AG", "phoneNumber": "44 111 22 33", "phoneCountryCode": "CH", "preferredLanguage": "en-US"}',
        '2026-11-05T09:00:00Z'),
      ('SHOPPING_CART', 'EUR', 'de-CH', 'known@example.ch', '{"firstName": "Kurt", "companyName": "Known GmbH"}', '2026-11-10T10:00:00.400Z'),
      ('ORDERED', 'CHF', 'en-US', null, null, null);
  `);
  await db.migrateToLatest();
});
afterAll(async () => {
  await db.close();
});

describe('migration 0009', () => {
  it('makes the old subscribers and the save-cart addresses contacts, filling gaps only, and drops the old table', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select email, first_name, last_name, company_name, phone_country_code, phone_number, role, preferred_language from contacts order by email`,
    );
    expect(rows).toEqual([
      { email: 'gone@example.ch', first_name: 'Gina', last_name: null, company_name: null, phone_country_code: null, phone_number: null, role: null, preferred_language: 'en-US' },
      // Known before: keeps its name and language, gets the empty role and company filled.
      { email: 'known@example.ch', first_name: 'Kurt', last_name: 'Else', company_name: 'Known GmbH', phone_country_code: null, phone_number: null, role: 'TRAINER', preferred_language: 'de-CH' },
      // A phone country without a number is not kept.
      { email: 'nina@example.ch', first_name: 'Nina', last_name: 'Neu', company_name: null, phone_country_code: null, phone_number: null, role: 'CISO', preferred_language: 'de-CH' },
      { email: 'saver@example.ch', first_name: 'Sara', last_name: 'Saver', company_name: 'Save AG', phone_country_code: 'CH', phone_number: '44 111 22 33', role: null, preferred_language: 'en-US' },
    ]);
    expect(await db.query(`select 1 from information_schema.tables where table_name = 'newsletter_subscribers'`)).toEqual([]);
  });

  it('counts no migrated subscription as confirmed, and gives none a link that works', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select c.email, s.status, s.topic_ids, s.source, s.requested_at, s.confirmed_at, s.unsubscribed_at
         from newsletter_subscriptions s join contacts c on c.id = s.contact_id order by c.email`,
    );
    expect(rows).toEqual([
      {
        email: 'gone@example.ch',
        status: 'UNSUBSCRIBED',
        topic_ids: ['ransomware'],
        source: 'NEWSLETTER',
        requested_at: new Date('2026-10-01T08:00:00Z'),
        confirmed_at: null,
        unsubscribed_at: new Date('2026-10-15T08:00:00Z'),
      },
      { email: 'known@example.ch', status: 'PENDING', topic_ids: [], source: 'NEWSLETTER', requested_at: new Date('2026-11-02T08:00:00Z'), confirmed_at: null, unsubscribed_at: null },
      {
        email: 'nina@example.ch',
        status: 'PENDING',
        topic_ids: ['phishing', 'compliance'],
        source: 'NEWSLETTER',
        requested_at: new Date('2026-11-01T08:00:00Z'),
        confirmed_at: null,
        unsubscribed_at: null,
      },
    ]);
    expect(await db.query(`select * from newsletter_tokens`)).toEqual([]);
  });

  it('records the privacy consents of the old forms, once per form sent, and no newsletter consent', async () => {
    const rows = await db.query<Record<string, unknown>>(
      `select c.email, k.subject, k.granted, k.text_version, k.language, k.source, k.created_at
         from consents k join contacts c on c.id = k.contact_id order by c.email, k.created_at`,
    );
    const consent = (email: string, language: string, source: string, at: string) => ({
      email,
      subject: 'DATA_PRIVACY',
      granted: true,
      text_version: '2026-06-01',
      language,
      source,
      created_at: new Date(at),
    });
    expect(rows).toEqual([
      consent('gone@example.ch', 'en-US', 'NEWSLETTER', '2026-10-01T08:00:00Z'),
      consent('known@example.ch', 'en-US', 'NEWSLETTER', '2026-11-02T08:00:00Z'),
      // The save-cart consent written by the form itself is not doubled.
      consent('known@example.ch', 'de-CH', 'SAVE_CART', '2026-11-10T10:00:00Z'),
      consent('nina@example.ch', 'de-CH', 'NEWSLETTER', '2026-11-01T08:00:00Z'),
      consent('saver@example.ch', 'en-US', 'SAVE_CART', '2026-11-05T09:00:00Z'),
    ]);
  });
});
