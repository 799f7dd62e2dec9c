import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents, contactMessages, contacts } from '#server/db/schema.ts';
import { privacyPolicyVersion } from '#shared/consents.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { startXsrfSession, type XsrfSession } from '../../../../tests/helpers/xsrf.ts';

/** One contact per address, with a consent row per form sent (seen through the contact form). */

let t: TestApp;
let session: XsrfSession;
beforeAll(async () => {
  t = await createTestApp();
  session = await startXsrfSession(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(contactMessages);
  await t.database.db.delete(contacts);
});

async function sendContactForm(overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact-form/',
    headers: session.headers,
    payload: {
      firstName: 'Anna',
      email: 'anna.muster@example.ch',
      captchaSolution: await solveCaptcha(t.app, 'contact'),
      agreeWithDataPrivacy: true,
      preferredLanguage: 'de-CH',
      recipient: 'MESSAGE_CENTRAL',
      subject: 'A question',
      message: 'Which training fits a team of twelve?',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(200);
}

describe('contacts', () => {
  it('keeps one contact per address, whatever its case, and a consent row per form sent', async () => {
    await sendContactForm({ email: 'Anna.Muster@Example.CH', company: 'Muster AG' });
    await sendContactForm({ email: ' anna.muster@example.ch ', lastName: 'Muster' });

    const people = await t.database.db.select().from(contacts);
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ email: 'anna.muster@example.ch', firstName: 'Anna', lastName: 'Muster', companyName: 'Muster AG', preferredLanguage: 'de-CH' });

    const statements = await t.database.db.select().from(consents).where(eq(consents.contactId, people[0]!.id));
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      expect(statement).toMatchObject({ subject: 'DATA_PRIVACY', granted: true, textVersion: privacyPolicyVersion, language: 'de-CH', source: 'CONTACT_FORM' });
    }
    const messages = await t.database.db.select().from(contactMessages);
    expect(messages.map((message) => message.contactId)).toEqual([people[0]!.id, people[0]!.id]);
  });

  it('fills empty fields of a known person but never overwrites what is stored', async () => {
    await sendContactForm({ firstName: 'Anna', company: 'Muster AG' });
    await sendContactForm({ firstName: 'Hacker', company: 'Evil Corp', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00', preferredLanguage: 'en-US' });

    const [person] = await t.database.db.select().from(contacts);
    expect(person).toMatchObject({ firstName: 'Anna', companyName: 'Muster AG', phoneCountryCode: 'CH', phoneNumber: '44 668 18 00', preferredLanguage: 'de-CH' });
  });

  it('deleting a contact deletes their messages and consents', async () => {
    await sendContactForm({});
    await t.database.db.delete(contacts);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.database.db.select().from(consents)).toHaveLength(0);
  });
});
