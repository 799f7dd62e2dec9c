import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orderHistory } from '#server/modules/orders/orders.schema.ts';
import type { HistoryAction, OrderStatus } from '#shared/orders.ts';

export interface HistoryEntry {
  orderId: string;
  action: HistoryAction;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** 'visitor', 'system' or an admin's e-mail. */
  actor: string;
  data?: Record<string, unknown>;
}

/** Records a transition; call it in the transaction that changes the status. */
export async function recordTransition(db: Db, entry: HistoryEntry): Promise<void> {
  await db.insert(orderHistory).values(entry);
}

export async function findHistory(db: Db, orderId: string) {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.at));
}
