import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import { QUERY_ROOT } from '@/shared/config/query';

/** GET /cabinet/personalisation: is «Персональные рекомендации» on for this person (the session's user)? */
export function personalisationQuery(userId: number | null) {
  return queryOptions({
    queryKey: [QUERY_ROOT.PERSONALISATION, userId] as const,
    queryFn: ({ signal }) => api.call('personalisationGet', { signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
    enabled: userId !== null,
  });
}
