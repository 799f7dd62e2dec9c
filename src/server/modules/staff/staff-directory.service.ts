import type { Db } from '#server/db/client.ts';
import * as repo from './staff.repository.ts';

/**
 * Who the staff members are, for the modules that name them (the owners of the orders
 * table's saved views): they ask here rather than reading the staff tables
 * (docs/decisions/058-tables-owned-by-modules.md).
 */
export function createStaffDirectoryService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The e-mail of each account of `ids` that exists. */
    async emailsOf(ids: string[], tx: Db = db): Promise<Map<string, string>> {
      const rows = await repo.findEmailsByIds(tx, ids);
      return new Map(rows.map((row) => [row.id, row.email]));
    },
  };
}
