import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';

export interface TopListParams {
  cityIds: number[];
  [key: string]: unknown;
}

export const apartmentKeys = {
  topList: (userId: number | null, params: TopListParams | null) => ['apartment', 'top', userId, params] as const,
  liked: (userId: number | null) => ['apartment', 'liked', userId] as const,
  allLiked: ['apartment', 'liked'] as const,
  all: ['apartment'] as const,
};

/** The TOP page: 30 ranked items; no further pages are requested (spec §7). */
export function topListQuery(userId: number | null, params: TopListParams | null) {
  return queryOptions({
    queryKey: apartmentKeys.topList(userId, params),
    queryFn: ({ signal }) => api.post<{ items: ApartmentItem[]; meta: { totalItems: number } }>(API_PATHS.TOP_LIST, { count: 30, page: 0, ...params }, { signal }),
    enabled: userId !== null && params !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** Favourites: fetched only once a user is known (spec §6). */
export function likedQuery(userId: number | null) {
  return queryOptions({
    queryKey: apartmentKeys.liked(userId),
    queryFn: ({ signal }) => api.get<ApartmentItem[]>(API_PATHS.TOP_LIKED, { signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
