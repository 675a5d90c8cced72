import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** Buyer portraits ('Кто будет жить в квартире?') and wish groups: reference data, cached like presets. */
export function portraitsQuery() {
  return queryOptions({
    queryKey: ['lira', 'portraits'] as const,
    queryFn: ({ signal }) => api.call('portraits', { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}

export function wishGroupsQuery() {
  return queryOptions({
    queryKey: ['lira', 'wish-groups'] as const,
    queryFn: ({ signal }) => api.call('wishGroups', { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}
