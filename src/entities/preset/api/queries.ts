import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** City presets, sorted by template.priority; cached one hour (spec §9). */
export function presetsQuery(type: 'FREE_TOP' | 'AI_AGENT', cityKladr: number) {
  return queryOptions({
    queryKey: ['preset', type, cityKladr] as const,
    queryFn: async ({ signal }) => {
      const presets = await api.call('presetList', { query: { type, cityKladr }, signal });
      return [...presets].sort((a, b) => a.template.priority - b.template.priority);
    },
    staleTime: QUERY_TIME.PRESETS,
    gcTime: QUERY_TIME.PRESETS,
  });
}
