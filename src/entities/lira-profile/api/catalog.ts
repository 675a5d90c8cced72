import { queryOptions } from '@tanstack/react-query';
import { QUERY_ROOT, QUERY_TIME, api } from '@/shared/api';

/**
 * Buyer portraits ('Кто будет жить в квартире?') and wish groups: reference data, cached like presets. Under their own
 * root: a reaction that reads the AI-search lists again leaves them alone.
 */
export function portraitsQuery() {
  return queryOptions({
    queryKey: [QUERY_ROOT.LIRA_CATALOG, 'portraits'] as const,
    queryFn: ({ signal }) => api.call('portraits', { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}

export function wishGroupsQuery() {
  return queryOptions({
    queryKey: [QUERY_ROOT.LIRA_CATALOG, 'wish-groups'] as const,
    queryFn: ({ signal }) => api.call('wishGroups', { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}
