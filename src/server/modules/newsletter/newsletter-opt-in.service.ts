import type { Db } from '#server/db/client.ts';
import type { ConsentSource } from '#shared/consents.ts';
import type { Language } from '#shared/locales.ts';
import type { MailSettings } from '../mail/mail-senders.rules.ts';
import type { OutboxService } from '../mail/outbox.service.ts';
import { createLinkToken } from '../contacts/link-tokens.rules.ts';
import type { Contact, ContactsService } from '../contacts/contacts.service.ts';
import { confirmationMail, listHeaders, newsletterLinks, preferencesMail } from './newsletter.mails.ts';
import * as repo from './newsletter.repository.ts';

/** A request's link works this long unless the subscription is confirmed in time. */
const pendingValidSeconds = 7 * 24 * 60 * 60;
/** At most one mail of the double opt-in per address in this time, however often a form is sent. */
const mailIntervalSeconds = 10 * 60;

/**
 * The newsletter's double opt-in (docs/decisions/016-newsletter-double-opt-in.md), started
 * by every public form whose person asks for the newsletter, inside that form's
 * transaction (src/server/modules/forms/public-form.service.ts).
 */
export function createNewsletterOptInService(deps: {
  contacts: Pick<ContactsService, 'findContact' | 'getContact'>;
  outbox: Pick<OutboxService, 'queue'>;
  /** The newsletter's own sender (NEWSLETTER_FROM): its mails go out from there. */
  mail: MailSettings;
  /** Where visitors reach the shop: the links of the mails start here. */
  publicUrl: string;
}) {
  const { contacts, outbox, mail, publicUrl } = deps;

  /** Queues a mail with a new token in its link and headers; `validSeconds` null: the token does not expire. */
  async function queueLinkMail(
    contact: Contact,
    language: Language,
    validSeconds: number | null,
    compose: typeof confirmationMail,
    tx: Db,
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

  return {
    /**
     * The contact of `email` when their subscription is confirmed, with the subscription
     * locked until the transaction ends; else undefined. The newsletter's own form leaves
     * such a subscriber's record as it is.
     */
    async findConfirmedSubscriber(email: string, tx: Db): Promise<string | undefined> {
      const known = await contacts.findContact(email, tx);
      if (!known) return undefined;
      return (await repo.lockSubscription(tx, known.id))?.status === 'CONFIRMED' ? known.id : undefined;
    },

    /**
     * The double opt-in for a contact the caller has recorded: a confirmed subscriber gets
     * their preference link (in their own language), and nothing about them changes;
     * anyone else's subscription becomes (or stays) PENDING and they get the confirmation
     * mail, whose link works 7 days. Either mail at most once per 10 minutes per address.
     * Returns whether a mail was queued; the caller wakes the mail worker after its commit.
     */
    async requestSubscription(
      request: { contactId: string; language: Language; topicIds?: string[] | undefined },
      source: ConsentSource,
      tx: Db,
    ): Promise<boolean> {
      const contact = await contacts.getContact(request.contactId, tx);
      if (!contact) throw new Error(`no contact ${request.contactId}`);
      const current = await repo.lockSubscription(tx, contact.id);
      if (current?.status === 'CONFIRMED') {
        if (!(await repo.claimMailSlot(tx, contact.id, mailIntervalSeconds))) return false;
        await queueLinkMail(contact, contact.preferredLanguage ?? request.language, null, preferencesMail, tx);
        return true;
      }
      await repo.upsertPending(tx, { contactId: contact.id, source, topicIds: [...new Set(request.topicIds ?? [])] });
      if (!(await repo.claimMailSlot(tx, contact.id, mailIntervalSeconds))) return false;
      await repo.deleteExpiredTokens(tx, contact.id);
      await queueLinkMail(contact, request.language, pendingValidSeconds, confirmationMail, tx);
      return true;
    },
  };
}
