import { QueryCache, QueryClient, queryOptions } from '@tanstack/react-query';
import type { Answer, Call, CallInput } from '#shared/contract.ts';
import { ApiError, callApi } from './api.ts';

/**
 * Server state in the app's pages is loaded, cached, refreshed and changed through
 * TanStack Query. `apiQuery(checkoutCalls.orderDetail, { params })` names a call once: its
 * key is the call's method and path with its input, so a mutation can put its answer in the
 * same place (`queryClient.setQueryData(apiQuery(…).queryKey, answer)`).
 */
export function apiQuery<C extends Call>(call: C, input: CallInput<C>, load: () => Promise<Answer<C>> = () => callApi(call, input)) {
  return queryOptions({ queryKey: queryKeyOf(call, input), queryFn: load });
}

/** The key of a call's query with this input (the server's renderer fills the same keys, src/client/app/render-on-server.tsx). */
export function queryKeyOf<I>(call: Pick<Call, 'method' | 'path'>, input: I) {
  return [call.method, call.path, input] as const;
}

/**
 * A refused call (4xx) is an answer, not a hiccup: asking again gives the same answer.
 * A network failure or a 5xx is tried once more, a second later; then the page says so
 * and offers to try again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A failed load is logged here once; the page shows its own error state.
    queryCache: new QueryCache({ onError: (error, query) => console.error('[query] loading failed', query.queryKey, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: 1000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
