import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, ApiError, QUERY_TIME, api } from '@/shared/api';
import type { Preset } from '@/shared/api';

/** The TOP profile payload as the server keeps it (spec §3); only the fields the page reads are typed. */
export interface TopProfile {
  cityIds: number[];
  templateId: number | null;
  priceTotalMinGte: number | null;
  priceTotalMinLte: number | null;
  [key: string]: unknown;
}

const key = (userId: number | null) => ['top-profile', userId] as const;

/** GET the profile; a missing one (404) is created with the defaults by PUT (spec §7). */
export function useTopProfile(userId: number | null) {
  return useQuery({
    queryKey: key(userId),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<TopProfile>(API_PATHS.TOP_PROFILE, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return api.put<TopProfile>(API_PATHS.TOP_PROFILE);
        throw error;
      }
    },
  });
}

/** A preset's filters and wishes become the profile (the gap is a client-side rule, not part of the payload). */
export function profileFromPreset(preset: Preset, previous: TopProfile | undefined): TopProfile {
  const { priceTotalMinGap: _gap, ...filters } = preset.filters;
  return { ...(previous ?? {}), ...filters, cityIds: [preset.cityKladr], templateId: preset.template.id, wishes: preset.template.params };
}

export function useSaveTopProfile(userId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: TopProfile) => api.post<TopProfile>(API_PATHS.TOP_PROFILE, profile),
    onSuccess: (saved) => client.setQueryData(key(userId), saved),
  });
}
