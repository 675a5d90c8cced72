import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { City } from '@/shared/api';

export const cityKeys = { list: ['city', 'list'] as const };

/** The five supported cities; cached forever (spec §9). */
export function cityListQuery() {
  return queryOptions({
    queryKey: cityKeys.list,
    queryFn: ({ signal }) => api.get<City[]>(API_PATHS.CITY_LIST, { signal }),
    staleTime: QUERY_TIME.FOREVER,
    gcTime: QUERY_TIME.FOREVER,
  });
}
