import type { Db } from '#server/db/client.ts';
import { findHistory, recordTransition, type HistoryEntry } from './order-history.repository.ts';

/** The lifecycle rules, for the modules that change an order's status. */
export { transition } from './order-state-machine.ts';

export function createOrdersService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** Records a status change in the order's history; pass the transaction that changes the status. */
    recordTransition(entry: HistoryEntry, tx: Db): Promise<void> {
      return recordTransition(tx, entry);
    },

    /** The order's history, oldest first. */
    findHistory(orderId: string) {
      return findHistory(db, orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
