import type { QueryClient } from '@tanstack/react-query';
import { dashboardCalls } from '#shared/contract/dashboard.ts';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';

/** After a webinar is created, changed or deleted: the lists and the start page's next webinars load again. */
export function refreshWebinarLists(queryClient: QueryClient): void {
  for (const call of [webinarAdminCalls.adminWebinars, dashboardCalls.dashboard]) {
    void queryClient.invalidateQueries({ queryKey: [call.method, call.path] });
  }
}
