import { queryOptions } from '@tanstack/react-query';
import { QUERY_ROOT, api } from '@/shared/api';

/** GET /cabinet/consents: the person's consents, each with the version in force and their last decision. */
export function consentsQuery() {
  return queryOptions({
    queryKey: [QUERY_ROOT.CONSENTS] as const,
    queryFn: ({ signal }) => api.call('consentList', { signal }),
  });
}
