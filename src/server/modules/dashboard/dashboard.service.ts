import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import type { ContactService } from '../contact/contact.service.ts';
import type { OrdersAdminService } from '../orders/orders-admin.service.ts';

/**
 * The back office's start page: the order figures of the last 12 months, the open
 * orders by status, and the latest unread contact messages with their count. The next
 * webinars come with their own work; the field is there, empty, so the page can show
 * them once it is filled.
 */
export function createDashboardService(deps: {
  orders: Pick<OrdersAdminService, 'dashboardFigures'>;
  messages: Pick<ContactService, 'unreadSummary'>;
}) {
  return {
    async dashboard(): Promise<Dashboard> {
      return { ...(await deps.orders.dashboardFigures()), ...(await deps.messages.unreadSummary()), nextWebinars: [] };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
