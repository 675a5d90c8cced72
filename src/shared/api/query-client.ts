import { QueryClient } from '@tanstack/react-query';
import { QUERY_TIME } from '../config/query';

/** Spec §7 "Common rules": no refetch on window focus; data fresh for 60 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_TIME.DEFAULT_STALE,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}
