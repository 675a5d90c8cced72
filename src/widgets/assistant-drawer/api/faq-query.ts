import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** The FAQ view's popular questions. */
export function faqQuery() {
  return queryOptions({
    queryKey: ['content', 'faq'] as const,
    queryFn: ({ signal }) => api.call('faq', { signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
