import { queryOptions } from '@tanstack/react-query';
import { api, QUERY_ROOT } from '@/shared/api';

/** What is stored about the person, read afresh on every visit (the page exists to show what is stored now). */
export function personalDataQuery(userId: number | null) {
  return queryOptions({
    queryKey: [QUERY_ROOT.PERSONAL_DATA, userId] as const,
    queryFn: ({ signal }) => api.call('personalData', { signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}
