import { queryOptions, skipToken } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import type { ApartmentItem } from '@/shared/api';
import { favouriteKeys, topKeys, type TopListParams } from './keys';

/** The TOP page: 30 ranked items; no further pages are requested (spec §7). */
export function topListQuery(userId: number | null, params: TopListParams | null) {
  return queryOptions({
    queryKey: topKeys.list(userId, params),
    queryFn: ({ signal }) => api.call('topList', { body: { count: 30, page: 0, ...params }, signal }),
    enabled: userId !== null && params !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/**
 * The TOP of a visitor with no history, which the server renders into the first HTML. The client never asks for it
 * itself (it is the placeholder until the visitor's own TOP arrives), so it exists only when the server handed it over.
 */
export function topGuestListQuery(params: TopListParams | null) {
  return queryOptions({
    queryKey: topKeys.guestList(params),
    queryFn: params ? ({ signal }) => api.call('topGuestList', { body: { count: 30, page: 0, ...params }, signal }) : skipToken,
    enabled: false,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** Favourites: fetched only once a user is known (spec §6). */
export function likedQuery(userId: number | null) {
  return queryOptions({
    queryKey: favouriteKeys.liked(userId),
    queryFn: ({ signal }) => api.call('topLiked', { signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** The buildings of the TOP selection on the map (spec §7). */
export function topMapQuery(userId: number | null, params: TopListParams | null) {
  return queryOptions({
    queryKey: topKeys.map(userId, params),
    queryFn: params ? () => api.call('topMap', { body: params }) : skipToken,
    enabled: userId !== null && params !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** A building's apartments grouped by the user's reaction (spec §7 TOP sidebar). */
export type TopSidebarGroups = Record<'LIKED' | 'NOT_VIEWED' | 'DISLIKED', ApartmentItem[]>;
export function topSidebarQuery(userId: number | null, ids: readonly number[]) {
  return queryOptions({
    queryKey: topKeys.sidebar(userId, ids),
    queryFn: () =>
      api.call('topSidebar', { body: { apartmentIds: ids, selectionParams: null, selectionType: 'MAIN', sort: 'RELEVANCE_DESC' } }),
    enabled: ids.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
