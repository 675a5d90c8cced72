import { queryOptions, skipToken } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import { houseSummary } from '../lib/house-summary';

export type { SelectionInfo } from '@/shared/api';

export const apartKeys = {
  detail: (id: number, cityIds: readonly number[]) => ['apartment', 'detail', id, cityIds] as const,
  /** Per user: the answer depends on the user's AI-search profile. */
  selectionInfo: (id: number, userId: number | null) => ['apartment', 'selection-info', id, userId] as const,
  adverts: (id: number) => ['apartment', 'adverts', id] as const,
  related: (kind: 'analogue' | 'same-layout', id: number) => ['apartment', kind, id] as const,
  houseSummary: (houseId: number) => ['apartment', 'house-summary', houseId] as const,
  properties: (complexId: number) => ['complex', 'properties', complexId] as const,
  infrastructure: (complexId: number) => ['complex', 'infrastructure', complexId] as const,
  district: (cityIds: readonly number[], areaId: number) => ['statistics', 'district', cityIds, areaId] as const,
};

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
    queryKey: apartKeys.selectionInfo(id, userId),
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
    queryKey: apartKeys.properties(complexId),
    queryFn: ({ signal }) => api.call('complexProperties', { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function infrastructureQuery(complexId: number) {
  return queryOptions({
    queryKey: apartKeys.infrastructure(complexId),
    queryFn: ({ signal }) => api.call('complexInfrastructure', { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** The district's market (statistics endpoint filtered by one area). */
export function districtStatisticsQuery(cityIds: readonly number[], areaId: number) {
  return queryOptions({
    queryKey: apartKeys.district(cityIds, areaId),
    queryFn: ({ signal }) => api.call('statistics', { body: { cityIds, areaIds: [areaId] }, signal }),
    enabled: cityIds.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
