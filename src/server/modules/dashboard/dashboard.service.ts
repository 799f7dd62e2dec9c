import type { Dashboard } from '#shared/schemas/orders-admin.ts';
import type { OrdersAdminService } from '../orders/orders-admin.service.ts';

/**
 * The back office's start page: the order figures of the last 12 months and the open
 * orders by status. Unread messages and the next webinars come with their own work; the
 * fields are there, empty, so the page can show them once they are filled.
 */
export function createDashboardService(deps: { orders: Pick<OrdersAdminService, 'dashboardFigures'> }) {
  return {
    async dashboard(): Promise<Dashboard> {
      return { ...(await deps.orders.dashboardFigures()), unreadMessages: [], nextWebinars: [] };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
