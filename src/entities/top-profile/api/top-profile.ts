import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import type { Endpoints, Preset, TopProfile } from '@/shared/api';

/** The TOP profile as the server keeps it (spec §3), and the body that saves one. */
export type { TopProfile } from '@/shared/api';
export type TopProfileBody = Endpoints['topProfileSave']['body'];

const TOP_PROFILE_ROOT = ['top-profile'] as const;
const key = (userId: number | null) => [...TOP_PROFILE_ROOT, userId] as const;

/**
 * The profile, created with the defaults when there is none (spec §7: GET answers 404 for "none", then PUT creates it).
 * PUT alone does both — it answers the stored profile when there is one — so a first visit costs one request, not a
 * failed one and a second.
 */
export function topProfileQuery(userId: number | null) {
  return queryOptions({
    queryKey: key(userId),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    queryFn: () => api.call('topProfileEnsure'),
  });
}

export function useTopProfile(userId: number | null) {
  return useQuery(topProfileQuery(userId));
}

/** A preset's filters and wishes become the profile (the gap is a client-side rule, not part of the payload). */
export function profileFromPreset(preset: Preset, previous: TopProfile | undefined): TopProfileBody {
  const { priceTotalMinGap: _gap, ...filters } = preset.filters;
  return { ...(previous ?? {}), ...filters, cityIds: [preset.cityKladr], templateId: preset.template.id, wishes: preset.template.params };
}

export function useSaveTopProfile(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    // No short deadline: the same save follows the city on a first visit, unasked, and the server ranks the city on it,
    // which on a busy server can take several seconds — cut off, it was sent again and again and the list never
    // settled. Offline a pick still fails at once (requests are sent, not paused) and says so with «Повторить».
    mutationFn: (profile: TopProfileBody) => api.call('topProfileSave', { body: profile }),
    // A pick made while the session was still starting: the profile read still in flight would answer the profile as it
    // was before the pick and overwrite it. It is cancelled, and whichever user the cache knows by now gets the saved one.
    onMutate: () => client.cancelQueries({ queryKey: TOP_PROFILE_ROOT }),
    onSuccess: (saved) => {
      client.setQueryData(key(userId), saved);
      client.setQueriesData({ queryKey: TOP_PROFILE_ROOT }, saved);
    },
  });
}
