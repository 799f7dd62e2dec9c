import type { Db } from '#server/db/client.ts';
import * as repo from './messages.repository.ts';

/**
 * The messages module's part of a person's data (docs/product/contacts.md): the contact's
 * messages, for what is stored about them, and their erasure inside the contacts module's
 * transaction. The contacts module asks here rather than reading the table it does not own
 * (docs/decisions/058-tables-owned-by-modules.md).
 */
export function createMessagesPersonalDataService(deps: { db: Db }) {
  const { db } = deps;
  return {
    ofContact(contactId: string, tx: Db = db): Promise<repo.ContactMessageRow[]> {
      return repo.listMessagesOfContact(tx, contactId);
    },

    erase(contactId: string, tx: Db): Promise<void> {
      return repo.deleteMessagesOfContact(tx, contactId);
    },
  };
}
