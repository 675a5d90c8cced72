import { QueryClient } from '@tanstack/react-query';
import { QUERY_TIME } from '../config/query';
import { ApiError, TIMEOUT_DETAIL } from './errors';

/** Spec §7 "Common rules": no refetch on window focus; data fresh for 60 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_TIME.DEFAULT_STALE,
        refetchOnWindowFocus: false,
        // One more try, except after a timeout: that one already took most of the 10 s a screen may wait.
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.detail === TIMEOUT_DETAIL),
      },
    },
  });
}
