import type { Db } from '#server/db/client.ts';
import * as repo from './webinars.repository.ts';

/**
 * The webinars module's part of a person's data (docs/product/contacts.md): the contact's
 * sign-ups with their webinar, for what is stored about them, and their erasure inside the
 * contacts module's transaction (docs/decisions/058-tables-owned-by-modules.md).
 */
export function createWebinarsPersonalDataService(deps: { db: Db }) {
  const { db } = deps;
  return {
    ofContact(contactId: string, tx: Db = db) {
      return repo.listSignUpsOfContact(tx, contactId);
    },

    erase(contactId: string, tx: Db): Promise<void> {
      return repo.deleteSignUpsOfContact(tx, contactId);
    },
  };
}
