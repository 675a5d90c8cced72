import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { AnalyticsDetailRow, AnalyticsRequest } from '@/shared/api';
import { keyAnalyticsResult, type AnalyticsResultItem } from '../lib/result';

/** The charts' data; disabled while the request builder says "do not run" (null). */
export function analyticsQuery(request: AnalyticsRequest | null) {
  return queryOptions({
    queryKey: ['analytics', 'statistics', request] as const,
    queryFn: async ({ signal }) => keyAnalyticsResult(await api.post<AnalyticsResultItem[]>(API_PATHS.SELECTION_ANALYTICS, request, { signal })),
    enabled: request !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function analyticsDetailsQuery(request: AnalyticsRequest | null) {
  return queryOptions({
    queryKey: ['analytics', 'detailed', request] as const,
    queryFn: ({ signal }) => api.post<AnalyticsDetailRow[]>(API_PATHS.ANALYTICS_DETAILS, request, { signal }),
    enabled: request !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
