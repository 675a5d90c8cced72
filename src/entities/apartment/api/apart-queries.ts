import { queryOptions, skipToken } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import { apartKeys, complexKeys, districtStatisticsKeys, selectionInfoKeys } from './keys';
import { houseSummary } from '../lib/house-summary';

export type { SelectionInfo } from '@/shared/api';

/** APART: `POST /apartment {id, cityIds}` (spec §5: needs an id and cityIds). No retry: a 404 means "not found" at once. */
export function apartDetailQuery(id: number, cityIds: readonly number[] | null) {
  return queryOptions({
    queryKey: apartKeys.detail(id, cityIds ?? []),
    queryFn: cityIds ? ({ signal }) => api.call('apartment', { body: { id, cityIds }, signal }) : skipToken,
    enabled: Number.isSafeInteger(id) && id > 0 && cityIds !== null && cityIds.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    retry: false,
  });
}

/** Depends on the user (their AI-search profile): keyed by the user and read once the session knows them. */
export function selectionInfoQuery(id: number, userId: number | null) {
  return queryOptions({
    queryKey: selectionInfoKeys.of(id, userId),
    queryFn: ({ signal }) => api.call('apartmentSelectionInfo', { query: { id }, signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function advertsQuery(id: number) {
  return queryOptions({
    queryKey: apartKeys.adverts(id),
    queryFn: ({ signal }) => api.call('apartmentAdverts', { params: { apartId: id }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export type RelatedKind = 'analogue' | 'same-layout';

/** Related apartments of one apartment: analogues (other complexes) or the same layout (this complex). */
export function relatedApartmentsQuery(kind: RelatedKind, id: number) {
  return queryOptions({
    queryKey: apartKeys.related(kind, id),
    queryFn: ({ signal }) =>
      api.call(kind === 'analogue' ? 'apartmentAnalogues' : 'apartmentSameLayout', { params: { apartId: id }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/**
 * The house's market, computed from its listings (`/apartment/on-map?houseId`). The cache keeps the three figures, not
 * the listings: a server-rendered page hands its cache to the browser, and a big house's listings were 145 kB of it.
 */
export function houseSummaryQuery(houseId: number) {
  return queryOptions({
    queryKey: apartKeys.houseSummary(houseId),
    queryFn: async ({ signal }) => houseSummary(await api.call('apartmentsOnMap', { query: { houseId }, signal })),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function complexPropertiesQuery(complexId: number) {
  return queryOptions({
    queryKey: complexKeys.properties(complexId),
    queryFn: ({ signal }) => api.call('complexProperties', { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function infrastructureQuery(complexId: number) {
  return queryOptions({
    queryKey: complexKeys.infrastructure(complexId),
    queryFn: ({ signal }) => api.call('complexInfrastructure', { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** The district's market (statistics endpoint filtered by one area). */
export function districtStatisticsQuery(cityIds: readonly number[], areaId: number) {
  return queryOptions({
    queryKey: districtStatisticsKeys.of(cityIds, areaId),
    queryFn: ({ signal }) => api.call('statistics', { body: { cityIds, areaIds: [areaId] }, signal }),
    enabled: cityIds.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
