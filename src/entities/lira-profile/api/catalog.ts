import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { Portrait, WishGroup } from '@/shared/api/contract/catalog';

/** Buyer portraits ('Кто будет жить в квартире?') and wish groups: reference data, cached like presets. */
export function portraitsQuery() {
  return queryOptions({
    queryKey: ['lira', 'portraits'] as const,
    queryFn: ({ signal }) => api.get<Portrait[]>(API_PATHS.PORTRAITS, { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}

export function wishGroupsQuery() {
  return queryOptions({
    queryKey: ['lira', 'wish-groups'] as const,
    queryFn: ({ signal }) => api.get<WishGroup[]>(API_PATHS.WISH_GROUPS, { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}
