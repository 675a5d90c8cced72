import { queryOptions, skipToken } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import type { AnalyticsRequest } from '@/shared/api';
import { keyAnalyticsResult } from '../lib/result';

/** The charts' data; disabled while the request builder says "do not run" (null). */
export function analyticsQuery(request: AnalyticsRequest | null) {
  return queryOptions({
    queryKey: ['analytics', 'statistics', request] as const,
    queryFn: request ? async ({ signal }) => keyAnalyticsResult(await api.call('statistics', { body: request, signal })) : skipToken,
    enabled: request !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function analyticsDetailsQuery(request: AnalyticsRequest | null) {
  return queryOptions({
    queryKey: ['analytics', 'detailed', request] as const,
    queryFn: request ? ({ signal }) => api.call('statisticsDetailed', { body: request, signal }) : skipToken,
    enabled: request !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
