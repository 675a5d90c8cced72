import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { ApartmentDetail, ApartmentItem, FairPriceVerdict, InfraPointItem, Notice, WishText } from '@/shared/api';

/** What `/apartment/selection-info` answers: the AI index, and per-wish explanations when the user has an agent profile. */
export interface SelectionInfo {
  apartmentId: number;
  relevancePercent: number;
  fairPrice: FairPriceVerdict;
  availableNoticeList: Record<string, Notice[]>;
  wishesTexts: WishText[];
}

export interface Advert {
  id: number;
  source: string;
  title: string;
  url: string | null;
  priceTotal: number;
  publishedAt: string;
}

export interface PropertyRow {
  title: string;
  value: string;
}

/** The statistics endpoint's blocks that the APART page reads (the rest belong to the analytics screen). */
export interface StatisticsBlock {
  type: string;
  items: Array<Record<string, number | string>>;
}

export const apartKeys = {
  detail: (id: number, cityIds: readonly number[]) => ['apartment', 'detail', id, cityIds] as const,
  /** Per user: the answer depends on the user's AI-search profile. */
  selectionInfo: (id: number, userId: number | null) => ['apartment', 'selection-info', id, userId] as const,
  adverts: (id: number) => ['apartment', 'adverts', id] as const,
  related: (kind: 'analogue' | 'same-layout', id: number) => ['apartment', kind, id] as const,
  house: (houseId: number) => ['apartment', 'house', houseId] as const,
  properties: (complexId: number) => ['complex', 'properties', complexId] as const,
  infrastructure: (complexId: number) => ['complex', 'infrastructure', complexId] as const,
  district: (cityIds: readonly number[], areaId: number) => ['statistics', 'district', cityIds, areaId] as const,
};

/** APART: `POST /apartment {id, cityIds}` (spec §5: needs an id and cityIds). No retry: a 404 means "not found" at once. */
export function apartDetailQuery(id: number, cityIds: readonly number[] | null) {
  return queryOptions({
    queryKey: apartKeys.detail(id, cityIds ?? []),
    queryFn: ({ signal }) => api.post<ApartmentDetail>(API_PATHS.APART, { id, cityIds }, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0 && cityIds !== null && cityIds.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    retry: false,
  });
}

/** Depends on the user (their AI-search profile): keyed by the user and read once the session knows them. */
export function selectionInfoQuery(id: number, userId: number | null) {
  return queryOptions({
    queryKey: apartKeys.selectionInfo(id, userId),
    queryFn: ({ signal }) => api.get<SelectionInfo>(API_PATHS.APART_SELECTION_INFO, { query: { id }, signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function advertsQuery(id: number) {
  return queryOptions({
    queryKey: apartKeys.adverts(id),
    queryFn: ({ signal }) => api.get<Advert[]>(API_PATHS.APART_ADVERT, { params: { apartId: id }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export type RelatedKind = 'analogue' | 'same-layout';

/** Related apartments of one apartment: analogues (other complexes) or the same layout (this complex). */
export function relatedApartmentsQuery(kind: RelatedKind, id: number) {
  return queryOptions({
    queryKey: apartKeys.related(kind, id),
    queryFn: ({ signal }) => api.get<ApartmentItem[]>(kind === 'analogue' ? API_PATHS.APART_ANALOGUE : API_PATHS.APART_SAME_LAYOUT, { params: { apartId: id }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** The apartments of one building (`/apartment/on-map?houseId`): the house analytics are computed from them. */
export function houseApartmentsQuery(houseId: number) {
  return queryOptions({
    queryKey: apartKeys.house(houseId),
    queryFn: ({ signal }) => api.get<ApartmentItem[]>(API_PATHS.APART_ON_MAP, { query: { houseId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function complexPropertiesQuery(complexId: number) {
  return queryOptions({
    queryKey: apartKeys.properties(complexId),
    queryFn: ({ signal }) => api.get<PropertyRow[]>(API_PATHS.COMPLEX_PROPERTIES, { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

export function infrastructureQuery(complexId: number) {
  return queryOptions({
    queryKey: apartKeys.infrastructure(complexId),
    queryFn: ({ signal }) => api.get<InfraPointItem[]>(API_PATHS.INFRASTRUCTURE_COMPLEX, { query: { complexId }, signal }),
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** The district's market (statistics endpoint filtered by one area). */
export function districtStatisticsQuery(cityIds: readonly number[], areaId: number) {
  return queryOptions({
    queryKey: apartKeys.district(cityIds, areaId),
    queryFn: ({ signal }) => api.post<StatisticsBlock[]>(API_PATHS.SELECTION_ANALYTICS, { cityIds, areaIds: [areaId] }, { signal }),
    enabled: cityIds.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
