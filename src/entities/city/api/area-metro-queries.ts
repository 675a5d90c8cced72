import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';

/** Districts of a city; requested only with at least one city id; cached forever (spec §5, §9). */
export function areaListQuery(cityIds: number[]) {
  return queryOptions({
    queryKey: ['city', 'areas', cityIds] as const,
    queryFn: ({ signal }) => api.call('areaList', { params: { cityIds: cityIds.join(',') }, signal }),
    enabled: cityIds.length > 0,
    staleTime: QUERY_TIME.FOREVER,
    gcTime: QUERY_TIME.FOREVER,
  });
}

/** Metro stations; only for a city with metro (spec §5); cached forever. */
export function metroListQuery(cityIds: number[], hasMetro: boolean) {
  return queryOptions({
    queryKey: ['city', 'metro', cityIds] as const,
    queryFn: ({ signal }) => api.call('metroList', { body: { cityIds }, signal }),
    enabled: cityIds.length > 0 && hasMetro,
    staleTime: QUERY_TIME.FOREVER,
    gcTime: QUERY_TIME.FOREVER,
  });
}
