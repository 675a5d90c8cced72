import { QueryClient } from '@tanstack/react-query';
import { QUERY_TIME } from '../config/query';
import { ApiError, TIMEOUT_DETAIL } from './errors';

/**
 * Spec §7 "Common rules": no refetch on window focus; data fresh for 60 s.
 *
 * Requests go out whether or not the browser believes it is online (networkMode 'always'): react-query's default
 * pauses them offline, and a paused like or section load never settles, so the buyer is told nothing. Sent, a request
 * fails at once offline, the section shows why with «Повторить» and an optimistic action is rolled back with a toast;
 * back online, failed reads are asked again by themselves (refetchOnReconnect).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        staleTime: QUERY_TIME.DEFAULT_STALE,
        refetchOnWindowFocus: false,
        // One more try, except after a timeout: that one already took most of the 10 s a screen may wait.
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.detail === TIMEOUT_DETAIL),
      },
    },
  });
}
