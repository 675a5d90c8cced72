import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

export const profileKeys = { profile: (userId: number | null) => ['cabinet', 'profile', userId] as const };

/** The signed-in user's profile; `null` means the token was revoked (spec §8). */
export function cabinetProfileQuery(userId: number | null) {
  return queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: ({ signal }) => api.call('cabinetProfile', { signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
    enabled: userId !== null,
  });
}
