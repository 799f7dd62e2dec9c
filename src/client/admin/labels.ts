import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import type { HistoryAction, OrderStatus } from '#shared/orders.ts';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** An order status as staff read it, from the same catalogue the tracking page uses. */
export function statusLabel(t: Translate, status: OrderStatus): string {
  return t(`checkout.status.${status}`);
}

/** An order action as a button or a history entry names it (a history entry may be an event, such as SEATS_CHANGED). */
export function actionLabel(t: Translate, action: HistoryAction): string {
  return t(`order.action.${action}`);
}
