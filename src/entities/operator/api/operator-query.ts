import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** GET /init/operator: who runs the service, as the server is configured; it does not change while the app runs. */
export function operatorQuery() {
  return queryOptions({
    queryKey: ['operator'] as const,
    queryFn: ({ signal }) => api.call('operatorInfo', { signal }),
    staleTime: QUERY_TIME.FOREVER,
  });
}
