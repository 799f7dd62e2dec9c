import type { Db } from '#server/db/client.ts';
import { privacyPolicyVersion, type ConsentSource } from '#shared/consents.ts';
import { AppError } from '#shared/errors.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { experienceLevels, roles, type FormMessagesResponse, type NewsletterSubscription, type NewsletterTopic } from '#shared/schemas/forms.ts';
import type { NewsletterPreferences, NewsletterPreferencesUpdate } from '#shared/schemas/newsletter.ts';
import type { ContactRecord } from '#shared/schemas/contacts.ts';
import type { PublicFormService } from '../forms/public-form.service.ts';
import { hashLinkToken } from '../contacts/link-tokens.rules.ts';
import type { Contact, ContactsService } from '../contacts/contacts.service.ts';
import { checkTopics } from './newsletter-topics.ts';
import * as repo from './newsletter.repository.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const tokenNotFound = () => new AppError('notFound', 'error.newsletter.tokenNotFound');

/**
 * The newsletter (docs/product/newsletter.md): the subscription form, the preference
 * centre behind the links of the mails, and the person's data and deletion reached from
 * there. Subscribers are contacts of the contacts module; this module keeps their
 * subscription and the links' tokens. The double opt-in, which every public form starts,
 * is newsletter-opt-in.service.ts; the issues, newsletter-issues.service.ts.
 */
export function createNewsletterService(deps: {
  db: Db;
  /** The steps every public form shares: captcha, contact, consent, the double opt-in, mails. */
  forms: Pick<PublicFormService, 'submit'>;
  contacts: ContactsService;
}) {
  const { db, forms, contacts } = deps;

  /** The subscription and contact of a token that works, else 404 with what to do. `lock`: for a change. */
  async function resolve(tx: Db, token: string, lock: boolean): Promise<{ subscription: repo.SubscriptionRow; contact: Contact }> {
    const subscription = await repo.findByToken(tx, hashLinkToken(token), lock);
    const contact = subscription && (await contacts.getContact(subscription.contactId, tx));
    if (!subscription || !contact) throw tokenNotFound();
    return { subscription, contact };
  }

  async function preferencesOf(tx: Db, contactId: string): Promise<NewsletterPreferences> {
    // One after the other: in a transaction both would go to its one connection at once.
    const subscription = await repo.findSubscription(tx, contactId);
    const contact = await contacts.getContact(contactId, tx);
    if (!subscription || !contact) throw tokenNotFound();
    return {
      email: contact.email,
      firstName: contact.firstName,
      status: subscription.status,
      role: oneOf(roles, contact.role),
      experienceLevel: oneOf(experienceLevels, contact.experienceLevel),
      topicIds: subscription.topicIds,
      preferredLanguage: contact.preferredLanguage ?? 'en-US',
      language: contact.preferredLanguage ?? 'en-US',
    };
  }

  /**
   * Confirms: the subscriber receives the newsletter from now on. The consent is a row with
   * the form the request came from, or the preference centre when an unsubscribed person
   * subscribes again there.
   */
  async function confirm(tx: Db, subscription: repo.SubscriptionRow, language: Language): Promise<void> {
    await repo.setStatus(tx, subscription.contactId, 'CONFIRMED');
    await repo.keepTokens(tx, subscription.contactId);
    const source = subscription.status === 'UNSUBSCRIBED' ? 'PREFERENCE_CENTRE' : (subscription.source as ConsentSource);
    await contacts.recordConsents(subscription.contactId, source, [{ subject: 'NEWSLETTER', granted: true, textVersion: privacyPolicyVersion, language }], tx);
  }

  return {
    /** The topics a subscriber can choose, titled in `language` (en-US when a title is missing). */
    async listTopics(language: Language): Promise<NewsletterTopic[]> {
      const rows = await repo.listTopics(db);
      return rows.map((row) => ({ id: row.id, title: row.titles[language] ?? row.titles['en-US'] ?? row.id }));
    },

    /**
     * POST /newsletter/: the subscription form. The cheap refusals first (unknown topics,
     * an unknown phone country), then the steps of every public form, so a refused form
     * stores nothing and leaves its solution unspent. A confirmed subscriber's record is
     * not touched (their preference link goes to them); anyone else is recorded as a
     * contact (filling gaps only) with the privacy consent, and gets the confirmation mail.
     * The answer is the same in every case, so the form tells nobody whether an address is
     * known.
     */
    async subscribe(form: NewsletterSubscription, requestLanguage: Language): Promise<FormMessagesResponse> {
      await checkTopics(db, form.topicIds);
      await forms.submit({
        source: 'NEWSLETTER',
        captcha: { solution: form.captchaSolution, family: 'forms' },
        person: form,
        language: form.preferredLanguage ?? requestLanguage,
        newsletter: { topicIds: form.topicIds, onlyRequest: true },
      });
      return { messages: [{ translations: translateAll('newsletter.request.confirmation') }] };
    },

    /** GET /newsletter/{token}/: the choices. Changes nothing (mail scanners open links). */
    async preferences(token: string): Promise<NewsletterPreferences> {
      const { contact } = await resolve(db, token, false);
      return preferencesOf(db, contact.id);
    },

    /**
     * PUT /newsletter/{token}/: the person sets role, experience level, topics and language
     * (overwriting what is stored: it is their own link); a pending subscription is
     * confirmed with it ("Confirm and save"). An unsubscribed one stays unsubscribed.
     */
    async savePreferences(token: string, update: NewsletterPreferencesUpdate, requestLanguage: Language): Promise<NewsletterPreferences> {
      await checkTopics(db, update.topicIds);
      return db.transaction(async (tx) => {
        const { subscription, contact } = await resolve(tx, token, true);
        await contacts.saveChoices(contact.id, { role: update.role ?? null, experienceLevel: update.experienceLevel ?? null, preferredLanguage: update.preferredLanguage }, tx);
        await repo.setTopics(tx, contact.id, [...new Set(update.topicIds)]);
        if (subscription.status === 'PENDING') await confirm(tx, subscription, requestLanguage);
        return preferencesOf(tx, contact.id);
      });
    },

    /**
     * POST /newsletter/{token}/confirm: subscribes (a pending or an unsubscribed subscription);
     * again, it changes nothing. `onlyPending` (the preference centre opened from the
     * confirmation mail's link) confirms a pending subscription and leaves any other as it is:
     * the link never subscribes again someone who unsubscribed.
     */
    async confirm(token: string, requestLanguage: Language, options: { onlyPending?: boolean } = {}): Promise<NewsletterPreferences> {
      return db.transaction(async (tx) => {
        const { subscription, contact } = await resolve(tx, token, true);
        const confirmable = options.onlyPending ? subscription.status === 'PENDING' : subscription.status !== 'CONFIRMED';
        if (confirmable) await confirm(tx, subscription, requestLanguage);
        return preferencesOf(tx, contact.id);
      });
    },

    /**
     * POST /newsletter/{token}/unsubscribe, from the preference centre or a mail program's
     * one-click button: no newsletter from now on. Withdrawing a confirmed subscription adds
     * a NEWSLETTER row with `granted: false`; again, it changes nothing.
     */
    async unsubscribe(token: string, source: Extract<ConsentSource, 'PREFERENCE_CENTRE' | 'LIST_UNSUBSCRIBE'>, requestLanguage: Language): Promise<NewsletterPreferences> {
      return db.transaction(async (tx) => {
        const { subscription, contact } = await resolve(tx, token, true);
        if (subscription.status !== 'UNSUBSCRIBED') {
          await repo.setStatus(tx, contact.id, 'UNSUBSCRIBED');
          if (subscription.status === 'CONFIRMED') {
            await contacts.recordConsents(
              contact.id,
              source,
              [{ subject: 'NEWSLETTER', granted: false, textVersion: privacyPolicyVersion, language: contact.preferredLanguage ?? requestLanguage }],
              tx,
            );
          }
        }
        return preferencesOf(tx, contact.id);
      });
    },

    /** GET /newsletter/{token}/data: everything stored about the subscriber. */
    async personalData(token: string): Promise<ContactRecord> {
      const { contact } = await resolve(db, token, false);
      return contacts.describe(contact.id);
    },

    /** POST /newsletter/{token}/deletion: the mail with the link that confirms the deletion. */
    async requestDeletion(token: string, requestLanguage: Language): Promise<FormMessagesResponse> {
      const { contact } = await resolve(db, token, false);
      return contacts.requestDeletion(contact, requestLanguage);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
