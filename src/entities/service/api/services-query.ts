import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { ServicesResponse } from '@/shared/api';

export const serviceKeys = { extended: ['service', 'extended'] as const };

/** GET /service/extended: the services and the common content; prefetched by the SERVICES route loaders. */
export function servicesQuery() {
  return queryOptions({
    queryKey: serviceKeys.extended,
    queryFn: ({ signal }) => api.get<ServicesResponse>(API_PATHS.SERVICES, { signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
