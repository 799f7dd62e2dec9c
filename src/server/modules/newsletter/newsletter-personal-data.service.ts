import type { Db } from '#server/db/client.ts';
import { deleteRecipientsOf } from './newsletter-issues.repository.ts';
import * as repo from './newsletter.repository.ts';

/**
 * The newsletter module's part of a person's data (docs/product/contacts.md): the contact's
 * subscription, for what is stored about them, the subscription status the back office's
 * contacts list shows, and the erasure of the subscription, its links and the issues'
 * record of the contact inside the contacts module's transaction
 * (docs/decisions/058-tables-owned-by-modules.md).
 */
export function createNewsletterPersonalDataService(deps: { db: Db }) {
  const { db } = deps;
  return {
    ofContact(contactId: string, tx: Db = db): Promise<repo.SubscriptionRow | undefined> {
      return repo.findSubscription(tx, contactId);
    },

    /** The status of each of the contacts that has a subscription. */
    statusesOf(contactIds: string[], tx: Db = db): Promise<Map<string, string>> {
      return repo.statusesOf(tx, contactIds);
    },

    async erase(contactId: string, tx: Db): Promise<void> {
      await deleteRecipientsOf(tx, contactId);
      await repo.deleteSubscriptionOf(tx, contactId);
    },
  };
}
