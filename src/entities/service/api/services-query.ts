import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

export const serviceKeys = { extended: ['service', 'extended'] as const };

/** GET /service/extended: the services and the common content; prefetched by the SERVICES route loaders. */
export function servicesQuery() {
  return queryOptions({
    queryKey: serviceKeys.extended,
    queryFn: ({ signal }) => api.call('services', { signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
