import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { captchaReplays, consents, contacts, newsletterSubscriptions, outbox } from '#server/db/schema.ts';
import { AppError } from '#shared/errors.ts';
import { solveCaptcha } from '../../../../tests/helpers/captcha.ts';
import { queuedMails, rowCount } from '../../../../tests/helpers/outbox.ts';
import { personalDataParts } from '../../../../tests/helpers/personal-data.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { mailLayout } from '../mail/mail-html.rules.ts';
import { mailSettingsFor } from '../mail/mail-senders.rules.ts';
import { createOutboxService } from '../mail/outbox.service.ts';
import { createNewsletterOptInService } from '../newsletter/newsletter-opt-in.service.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { createContactsService } from '../contacts/contacts.service.ts';
import { createStaffErasureService } from '../staff/staff-erasure.service.ts';
import { createPublicFormService, type PublicFormSubmission } from './public-form.service.ts';

/**
 * The public-form workflow itself (public-form.service.ts), made here from the real
 * services on the test's database, each wrapped to write down when it is called: the
 * order of the steps, and that a failure at any step leaves nothing behind.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function workflow() {
  const db = t.database.db;
  const steps: string[] = [];
  const realOutbox = createOutboxService();
  const outbox = {
    queue: (...args: Parameters<typeof realOutbox.queue>) => {
      steps.push(`mail to ${args[1].to}`);
      return realOutbox.queue(...args);
    },
    deleteSentMailsTo: realOutbox.deleteSentMailsTo,
  };
  const realContacts = createContactsService({ db, orders: createOrdersService({ db }), staff: createStaffErasureService(), ...personalDataParts(db), outbox, mail: mailSettingsFor(t.env.MAIL_FROM), publicUrl: t.env.PUBLIC_URL, onMailQueued: () => {}, audit: t.app.audit });
  const contacts = {
    ...realContacts,
    recordPerson: (...args: Parameters<typeof realContacts.recordPerson>) => {
      steps.push('person and consent');
      return realContacts.recordPerson(...args);
    },
  };
  const realNewsletter = createNewsletterOptInService({ contacts, outbox, mail: mailSettingsFor(t.env.NEWSLETTER_FROM), publicUrl: t.env.PUBLIC_URL });
  const newsletter = {
    ...realNewsletter,
    requestSubscription: (...args: Parameters<typeof realNewsletter.requestSubscription>) => {
      steps.push('newsletter');
      return realNewsletter.requestSubscription(...args);
    },
  };
  const captcha = {
    verify: (...args: Parameters<CaptchaService['verify']>) => {
      steps.push('captcha');
      return t.app.captcha.verify(...args);
    },
  };
  const forms = createPublicFormService({ db, captcha, contacts, newsletter, outbox, mail: mailSettingsFor(t.env.MAIL_FROM), onMailQueued: () => steps.push('mail worker woken') });
  return { forms, steps };
}

let counter = 0;
const uniqueEmail = () => `person-${++counter}@example.ch`;

/** A contact-form-like submission: it stores nothing of its own, it mails the person. */
function submission(email: string, solution: string): PublicFormSubmission<undefined, undefined> {
  return {
    source: 'CONTACT_FORM',
    captcha: { solution, family: 'forms' },
    person: { email, firstName: 'Pia' },
    language: 'en-US',
    newsletter: {},
    mails: () => [{ to: email, subject: 'Thanks', text: 'Thanks', html: mailLayout('en-US', 'Thanks', '<p>Thanks</p>') }],
  };
}

/** What the database holds about `email` (seen from `db`, a transaction too): its contact, consents, subscription and mails. */
async function storedAbout(email: string, db: Db = t.database.db) {
  const [contact] = await db.select().from(contacts).where(eq(contacts.email, email));
  return {
    contact: contact !== undefined,
    consents: contact ? (await db.select().from(consents).where(eq(consents.contactId, contact.id))).length : 0,
    subscription: contact ? (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.contactId, contact.id))).length > 0 : false,
    mails: (await db.select().from(outbox).where(eq(outbox.recipient, email))).length,
  };
}

const nothing = { contact: false, consents: 0, subscription: false, mails: 0 };

describe('the public-form workflow', () => {
  it('runs the check, the captcha, the person with their consent, the double opt-in, the form’s step and its mails, in this order, then wakes the mail worker', async () => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    const outcome = await forms.submit({
      ...submission(email, await solveCaptcha(t.app)),
      check: async () => {
        steps.push('check');
        return 'checked';
      },
      store: async ({ checked, contactId }, tx) => {
        steps.push(`store (${checked})`);
        expect(await storedAbout(email, tx)).toEqual({ contact: true, consents: 1, subscription: true, mails: 1 });
        return contactId;
      },
      mails: ({ stored }) => [{ to: 'staff@example.ch', subject: `About ${stored}`, text: 'New', html: mailLayout('en-US', `About ${stored}`, '<p>New</p>') }],
    });
    expect(steps).toEqual(['check', 'captcha', 'person and consent', 'newsletter', `mail to ${email}`, 'store (checked)', 'mail to staff@example.ch', 'mail worker woken']);
    expect(outcome.checked).toBe('checked');
    expect(await storedAbout(email)).toEqual({ contact: true, consents: 1, subscription: true, mails: 1 });
    const [consent] = await t.database.db.select().from(consents).innerJoin(contacts, eq(contacts.id, consents.contactId)).where(eq(contacts.email, email));
    expect(consent?.consents).toMatchObject({ subject: 'DATA_PRIVACY', granted: true, source: 'CONTACT_FORM', language: 'en-US' });
    expect((await queuedMails(t.database, { to: 'staff@example.ch' })).at(-1)?.subject).toBe(`About ${outcome.stored}`);
  });

  const failures: [string, Partial<PublicFormSubmission<undefined, undefined>>][] = [
    [
      'its own step fails',
      {
        store: async () => {
          throw new Error('the disk is full');
        },
      },
    ],
    [
      'its mails fail',
      {
        mails: () => {
          throw new Error('the mail text is broken');
        },
      },
    ],
  ];
  it.each(failures)('leaves no contact, consent, subscription or mail behind when %s, and the solution unspent', async (_step, failing) => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    const solution = await solveCaptcha(t.app);
    const replays = await rowCount(t.database, captchaReplays);
    await expect(forms.submit({ ...submission(email, solution), ...failing })).rejects.toThrow(/disk is full|mail text is broken/);
    expect(await storedAbout(email)).toEqual(nothing);
    expect(await rowCount(t.database, captchaReplays)).toBe(replays);
    expect(steps).not.toContain('mail worker woken');
    // The same solution works once the problem is fixed: it was not spent.
    await forms.submit(submission(email, solution));
    expect(await storedAbout(email)).toEqual({ contact: true, consents: 1, subscription: true, mails: 2 });
  });

  it('spends nothing when the form’s check refuses, and checks the captcha only after it', async () => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    const solution = await solveCaptcha(t.app);
    const refused = new AppError('conflict', 'error.cart.closed');
    await expect(
      forms.submit({
        ...submission(email, solution),
        check: async () => {
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect(steps).toEqual([]);
    expect(await storedAbout(email)).toEqual(nothing);
    await forms.submit(submission(email, solution));
    expect((await storedAbout(email)).contact).toBe(true);
  });

  it('records nobody when the captcha refuses the solution, and spends a solution once', async () => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    await expect(forms.submit(submission(email, 'not a solution'))).rejects.toMatchObject({ code: 'validation', fieldErrors: [{ field: 'captchaSolution' }] });
    expect(steps).toEqual(['captcha']);
    expect(await storedAbout(email)).toEqual(nothing);
    const solution = await solveCaptcha(t.app);
    await forms.submit(submission(email, solution));
    await expect(forms.submit(submission(uniqueEmail(), solution))).rejects.toMatchObject({ fieldErrors: [{ field: 'captchaSolution', code: 'used' }] });
  });

  it('refuses a phone country that is not on the list before it locks or spends anything', async () => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    await expect(
      forms.submit({ ...submission(email, await solveCaptcha(t.app)), person: { email, phoneCountryCode: 'ZZ', phoneNumber: '44 668 18 00' } }),
    ).rejects.toMatchObject({ fieldErrors: [{ field: 'phoneCountryCode' }] });
    expect(steps).toEqual([]);
  });

  it('leaves a confirmed subscriber as they are when the newsletter is all the form asks for: only their preference link goes out', async () => {
    const { forms, steps } = workflow();
    const email = uniqueEmail();
    await forms.submit(submission(email, await solveCaptcha(t.app)));
    const [subscriber] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    // Confirmed with the link of the mail, and the 10 minutes between two mails are over.
    await t.database.db.update(newsletterSubscriptions).set({ status: 'CONFIRMED', lastMailAt: null }).where(eq(newsletterSubscriptions.contactId, subscriber?.id ?? ''));
    steps.length = 0;
    await forms.submit({
      source: 'NEWSLETTER',
      captcha: { solution: await solveCaptcha(t.app), family: 'forms' },
      person: { email, firstName: 'Someone else', companyName: 'Stranger AG' },
      language: 'de-CH',
      newsletter: { topicIds: ['phishing'], onlyRequest: true },
    });
    expect(steps).toEqual(['captcha', 'newsletter', `mail to ${email}`, 'mail worker woken']);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(contact).toMatchObject({ firstName: 'Pia', companyName: null, preferredLanguage: 'en-US' });
    expect((await storedAbout(email)).consents).toBe(1);
  });
});
