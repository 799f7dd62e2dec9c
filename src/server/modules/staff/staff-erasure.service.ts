import type { Db } from '#server/db/client.ts';
import { normalizeEmail } from './staff-requests.ts';
import * as repo from './staff.repository.ts';

/**
 * The staff module's part of a person's erasure (docs/product/contacts.md#deletion), run
 * by the contacts module inside its transaction: the failed sign-ins with their address
 * (and the client address they came from) and the invitations to it that were never
 * accepted go. A staff account of the address, and the accepted invitation that made it,
 * stay: the account is the shop's, and an admin disables it (docs/product/staff-roles.md).
 */
export function createStaffErasureService() {
  return {
    async erasePerson(email: string, tx: Db): Promise<void> {
      const address = normalizeEmail(email);
      await repo.deleteFailuresOf(tx, address);
      await repo.deleteInvitationsNotAccepted(tx, address);
    },
  };
}
