import type { QueryClient } from '@tanstack/react-query';
import { endpoints } from '#shared/endpoints.ts';

/** After a webinar is created, changed or deleted: the lists and the start page's next webinars load again. */
export function refreshWebinarLists(queryClient: QueryClient): void {
  for (const endpoint of [endpoints.adminWebinars, endpoints.dashboard]) {
    void queryClient.invalidateQueries({ queryKey: [endpoint.method, endpoint.path] });
  }
}
