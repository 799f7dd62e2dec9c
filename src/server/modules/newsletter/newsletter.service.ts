import type { Db } from '#server/db/client.ts';
import type { CaptchaService } from '#server/modules/captcha/captcha.service.ts';
import { privacyPolicyVersion, type ConsentSource } from '#shared/consents.ts';
import { AppError } from '#shared/errors.ts';
import { translateAll } from '#shared/i18n/messages.ts';
import type { Language } from '#shared/locales.ts';
import { experienceLevels, roles, type FormMessagesResponse, type NewsletterSubscription, type NewsletterTopic } from '#shared/schemas/forms.ts';
import type { NewsletterPreferences, NewsletterPreferencesUpdate } from '#shared/schemas/newsletter.ts';
import type { PersonRecord } from '#shared/schemas/people.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import { createLinkToken, hashLinkToken } from '../people/link-tokens.rules.ts';
import type { Contact, PeopleService } from '../people/people.service.ts';
import { confirmationMail, listHeaders, newsletterLinks, preferencesMail } from './newsletter-mails.ts';
import { checkTopics } from './newsletter-topics.ts';
import * as repo from './newsletter.repository.ts';

/** A request's link works this long unless the subscription is confirmed in time. */
const pendingValidSeconds = 7 * 24 * 60 * 60;
/** At most one mail of the double opt-in per address in this time, however often the form is sent. */
const mailIntervalSeconds = 10 * 60;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const tokenNotFound = () => new AppError('notFound', 'error.newsletter.tokenNotFound');

/**
 * The newsletter (docs/product/newsletter.md): the subscription form with its double
 * opt-in, the preference centre behind the links of the mails, and the person's data and
 * deletion reached from there. Subscribers are contacts of the people module; this module
 * keeps their subscription and the links' tokens.
 */
export function createNewsletterService(deps: {
  db: Db;
  captcha: Pick<CaptchaService, 'verify'>;
  people: PeopleService;
  outbox: Pick<OutboxService, 'queue'>;
  /** The newsletter's own sender (NEWSLETTER_FROM): its mails go out from there. */
  mail: MailSettings;
  /** Where visitors reach the shop: the links of the mails start here. */
  publicUrl: string;
  /** Called after mails were queued, so the worker sends them now rather than at its next poll. */
  onMailQueued: () => void;
}) {
  const { db, captcha, people, outbox, mail, publicUrl, onMailQueued } = deps;

  /** Queues a mail with a new token in its link and headers; `validSeconds` null: the token does not expire. */
  async function queueLinkMail(
    tx: Db,
    contact: Contact,
    language: Language,
    validSeconds: number | null,
    compose: typeof confirmationMail,
  ): Promise<void> {
    const { token, hash } = createLinkToken();
    await repo.insertTokens(tx, [{ tokenHash: hash, contactId: contact.id, validSeconds }]);
    await outbox.queue(
      mail,
      {
        to: contact.email,
        ...compose({ language, firstName: contact.firstName, link: newsletterLinks(token, publicUrl).preferences }),
        headers: listHeaders({ token, publicUrl, sender: mail, language }),
      },
      tx,
    );
  }

  /**
   * A confirmed subscriber's address was given again: nothing about them changes; they
   * get their preference link (in their own language), at most once per 10 minutes.
   */
  async function sendPreferenceLink(tx: Db, contact: Contact, fallbackLanguage: Language): Promise<boolean> {
    if (!(await repo.claimMailSlot(tx, contact.id, mailIntervalSeconds))) return false;
    await queueLinkMail(tx, contact, contact.preferredLanguage ?? fallbackLanguage, null, preferencesMail);
    return true;
  }

  /**
   * The double opt-in for a contact the caller has recorded: a confirmed subscriber gets
   * the preference link; anyone else's subscription becomes (or stays) PENDING and they get
   * the confirmation mail, whose link works 7 days. Either mail at most once per 10
   * minutes per address. Returns whether a mail was queued.
   */
  async function startDoubleOptIn(
    tx: Db,
    request: { contactId: string; language: Language; topicIds?: string[] | undefined },
    source: ConsentSource,
  ): Promise<boolean> {
    const contact = await people.getContact(request.contactId, tx);
    if (!contact) throw new Error(`no contact ${request.contactId}`);
    const current = await repo.lockSubscription(tx, contact.id);
    if (current?.status === 'CONFIRMED') return sendPreferenceLink(tx, contact, request.language);
    await repo.upsertPending(tx, { contactId: contact.id, source, topicIds: [...new Set(request.topicIds ?? [])] });
    if (!(await repo.claimMailSlot(tx, contact.id, mailIntervalSeconds))) return false;
    await repo.deleteExpiredTokens(tx, contact.id);
    await queueLinkMail(tx, contact, request.language, pendingValidSeconds, confirmationMail);
    return true;
  }

  /** The subscription and contact of a token that works, else 404 with what to do. `lock`: for a change. */
  async function resolve(tx: Db, token: string, lock: boolean): Promise<{ subscription: repo.SubscriptionRow; contact: Contact }> {
    const subscription = await repo.findByToken(tx, hashLinkToken(token), lock);
    const contact = subscription && (await people.getContact(subscription.contactId, tx));
    if (!subscription || !contact) throw tokenNotFound();
    return { subscription, contact };
  }

  async function preferencesOf(tx: Db, contactId: string): Promise<NewsletterPreferences> {
    const [subscription, contact] = await Promise.all([repo.findSubscription(tx, contactId), people.getContact(contactId, tx)]);
    if (!subscription || !contact) throw tokenNotFound();
    return {
      email: contact.email,
      firstName: contact.firstName,
      status: subscription.status,
      role: oneOf(roles, contact.role),
      experienceLevel: oneOf(experienceLevels, contact.experienceLevel),
      topicIds: subscription.topicIds,
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
    await people.recordConsents(subscription.contactId, source, [{ subject: 'NEWSLETTER', granted: true, textVersion: privacyPolicyVersion, language }], tx);
  }

  return {
    /** The topics a subscriber can choose, titled in `language` (en-US when a title is missing). */
    async listTopics(language: Language): Promise<NewsletterTopic[]> {
      const rows = await repo.listTopics(db);
      return rows.map((row) => ({ id: row.id, title: row.titles[language] ?? row.titles['en-US'] ?? row.id }));
    },

    /**
     * POST /newsletter/: the subscription form. The cheap refusals first (unknown topics,
     * an unknown phone country), the captcha last, inside the transaction, so a refused
     * form stores nothing and leaves its solution unspent. A confirmed subscriber's record
     * is not touched (their preference link goes to them); anyone else is recorded as a
     * contact (filling gaps only) with the privacy consent, and gets the confirmation
     * mail. The answer is the same in every case, so the form tells nobody whether an
     * address is known.
     */
    async subscribe(form: NewsletterSubscription, requestLanguage: Language): Promise<FormMessagesResponse> {
      await checkTopics(db, form.topicIds);
      people.checkDetails(form);
      const language = form.preferredLanguage ?? requestLanguage;
      const queued = await db.transaction(async (tx) => {
        await captcha.verify(form.captchaSolution, 'forms', tx);
        const known = await people.findContact(form.email, tx);
        if (known && (await repo.lockSubscription(tx, known.id))?.status === 'CONFIRMED') return sendPreferenceLink(tx, known, language);
        const contactId = await people.recordPerson(
          { ...form, preferredLanguage: language },
          'NEWSLETTER',
          [{ subject: 'DATA_PRIVACY', granted: true, textVersion: privacyPolicyVersion, language }],
          tx,
        );
        return startDoubleOptIn(tx, { contactId, language, topicIds: form.topicIds }, 'NEWSLETTER');
      });
      if (queued) onMailQueued();
      return { messages: [{ translations: translateAll('newsletter.request.confirmation') }] };
    },

    /**
     * The same double opt-in, for another module's form (the webinar sign-up's newsletter
     * box), inside that form's transaction, for the contact it recorded. Returns whether a
     * mail was queued; the caller wakes the mail worker after its commit.
     */
    requestSubscription(request: { contactId: string; language: Language; topicIds?: string[] }, source: ConsentSource, tx: Db): Promise<boolean> {
      return startDoubleOptIn(tx, request, source);
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
        await people.saveChoices(contact.id, { role: update.role ?? null, experienceLevel: update.experienceLevel ?? null, preferredLanguage: update.language }, tx);
        await repo.setTopics(tx, contact.id, [...new Set(update.topicIds)]);
        if (subscription.status === 'PENDING') await confirm(tx, subscription, requestLanguage);
        return preferencesOf(tx, contact.id);
      });
    },

    /** POST /newsletter/{token}/confirm: subscribes (a pending or an unsubscribed subscription); again, it changes nothing. */
    async confirm(token: string, requestLanguage: Language): Promise<NewsletterPreferences> {
      return db.transaction(async (tx) => {
        const { subscription, contact } = await resolve(tx, token, true);
        if (subscription.status !== 'CONFIRMED') await confirm(tx, subscription, requestLanguage);
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
            await people.recordConsents(
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
    async personalData(token: string): Promise<PersonRecord> {
      const { contact } = await resolve(db, token, false);
      return people.describe(contact.id);
    },

    /** POST /newsletter/{token}/deletion: the mail with the link that confirms the deletion. */
    async requestDeletion(token: string, requestLanguage: Language): Promise<FormMessagesResponse> {
      const { contact } = await resolve(db, token, false);
      return people.requestDeletion(contact, requestLanguage);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
