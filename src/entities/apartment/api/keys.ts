import { QUERY_ROOT } from '@/shared/api';
import type { Endpoints } from '@/shared/api';

/*
 * The apartment entity's query keys, apart from the queries: a reaction on the first screen needs the keys, and
 * importing them from the queries' module would bring the apartment page's queries into the first screen's bundle.
 */

/** The TOP's filters as the contract's list request takes them (its paging aside), always for a city. */
export type TopListParams = Omit<NonNullable<Endpoints['topList']['body']>, 'count' | 'page'> & { cityIds: number[] };

const topOfUser = (userId: number | null) => [QUERY_ROOT.TOP, 'user', userId] as const;

/** The TOP: everything of one user under `ofUser`, so a reaction can reach that user's lists and nothing else. */
export const topKeys = {
  all: [QUERY_ROOT.TOP] as const,
  ofUser: topOfUser,
  list: (userId: number | null, params: TopListParams | null) => [...topOfUser(userId), 'list', params] as const,
  map: (userId: number | null, params: TopListParams | null) => [...topOfUser(userId), 'map', params] as const,
  sidebar: (userId: number | null, ids: readonly number[]) => [...topOfUser(userId), 'sidebar', ids] as const,
  /** The first-visit TOP, the same for everyone. */
  guestList: (params: TopListParams | null) => [QUERY_ROOT.TOP, 'guest', params] as const,
};

/** Favourites: the apartments a user liked. */
export const favouriteKeys = {
  all: [QUERY_ROOT.FAVOURITES] as const,
  liked: (userId: number | null) => [QUERY_ROOT.FAVOURITES, 'liked', userId] as const,
  /** Notes, price drops and departures of the user's favourites, and whether the bot tells of them. */
  marks: (userId: number | null) => [QUERY_ROOT.FAVOURITES, 'marks', userId] as const,
};

/** One apartment and the listings its page shows: the same for everyone (nothing here depends on who asks). */
export const apartKeys = {
  all: [QUERY_ROOT.APARTMENT] as const,
  detail: (id: number, cityIds: readonly number[]) => [QUERY_ROOT.APARTMENT, 'detail', id, cityIds] as const,
  adverts: (id: number) => [QUERY_ROOT.APARTMENT, 'adverts', id] as const,
  related: (kind: 'analogue' | 'same-layout', id: number) => [QUERY_ROOT.APARTMENT, kind, id] as const,
  houseSummary: (houseId: number) => [QUERY_ROOT.APARTMENT, 'house-summary', houseId] as const,
  /** Compare: the apartments in the order asked. */
  compare: (ids: readonly number[]) => [QUERY_ROOT.APARTMENT, 'compare', ids] as const,
};

/** Per user: the answer depends on the user's AI-search profile and reactions. */
export const selectionInfoKeys = {
  all: [QUERY_ROOT.SELECTION_INFO] as const,
  of: (id: number, userId: number | null) => [QUERY_ROOT.SELECTION_INFO, id, userId] as const,
};

export const complexKeys = {
  properties: (complexId: number) => [QUERY_ROOT.COMPLEX, 'properties', complexId] as const,
  infrastructure: (complexId: number) => [QUERY_ROOT.COMPLEX, 'infrastructure', complexId] as const,
  page: (complexId: number) => [QUERY_ROOT.COMPLEX, 'page', complexId] as const,
};

export const districtStatisticsKeys = {
  of: (cityIds: readonly number[], areaId: number) => [QUERY_ROOT.DISTRICT_STATISTICS, 'district', cityIds, areaId] as const,
};
