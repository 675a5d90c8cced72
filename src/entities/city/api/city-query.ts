import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

export const cityKeys = { list: ['city', 'list'] as const };

/** The five supported cities; cached forever (spec §9). */
export function cityListQuery() {
  return queryOptions({
    queryKey: cityKeys.list,
    queryFn: ({ signal }) => api.call('cityList', { signal }),
    staleTime: QUERY_TIME.FOREVER,
    gcTime: QUERY_TIME.FOREVER,
  });
}
