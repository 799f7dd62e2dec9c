import type { MessagesService } from '../messages/messages.service.ts';
import type { OrdersTableService } from '../orders/orders-table.service.ts';
import type { WebinarsService } from '../webinars/webinars.service.ts';

/**
 * The back office's start page: the order figures of the last 12 months, the open
 * orders by status, the latest unread contact messages with their count, and the next
 * five webinars with their subscriber counts.
 */
export function createDashboardService(deps: {
  orders: Pick<OrdersTableService, 'dashboardFigures'>;
  messages: Pick<MessagesService, 'unreadSummary'>;
  webinars: Pick<WebinarsService, 'nextWebinars'>;
}) {
  return {
    async dashboard() {
      const [figures, messages, nextWebinars] = await Promise.all([deps.orders.dashboardFigures(), deps.messages.unreadSummary(), deps.webinars.nextWebinars()]);
      return { ...figures, ...messages, nextWebinars };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
