import type { Db } from '#server/db/client.ts';
import type { SessionOwner } from '#server/plugins/staff-session.ts';
import * as repo from './staff.repository.ts';

/**
 * The staff module's part of every staff call's session check: the plugin
 * (src/server/plugins/staff-session.ts) reads the cookie and decides, this finds the session
 * and its staff member in the tables the staff module owns
 * (docs/decisions/058-tables-owned-by-modules.md).
 */
export function createStaffSessionCheckService(deps: { db: Db }) {
  const { db } = deps;
  return {
    findSession(idHash: string): Promise<SessionOwner | undefined> {
      return repo.findActiveSession(db, idHash);
    },
  };
}
