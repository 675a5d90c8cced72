import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { MapBuilding } from '@/shared/api';
import { LIRA_PAGE_SIZE, type LiraSettableStatus, type LiraSort } from '@/shared/api/contract/lira-rules';
import type { FiltersCheckResponse, LiraStatusResponse, LiraVariantList } from '@/shared/api/contract/lira';
import type { ExtensionPayload, LiraProfile, LiraProfilePayload } from '../model/types';

/** GET the profile; any failure means "no profile" (spec §7). */
export async function fetchLiraProfile(signal?: AbortSignal): Promise<LiraProfile | null> {
  try {
    return (await api.get<LiraProfile | null>(API_PATHS.LIRA_PROFILE, { signal })) ?? null;
  } catch {
    return null;
  }
}
export const createLiraProfile = (payload: LiraProfilePayload) => api.post<LiraProfile>(API_PATHS.LIRA_PROFILE, payload);
export const updateLiraProfile = (payload: LiraProfilePayload) => api.put<LiraProfile>(API_PATHS.LIRA_PROFILE, payload);
export const saveLiraExtension = (payload: ExtensionPayload) => api.put<unknown>(API_PATHS.LIRA_PROFILE_SETTINGS, payload);
export const putLiraStatus = (status: LiraSettableStatus) => api.put<LiraStatusResponse>(API_PATHS.LIRA_PROFILE_STATUS, { status });
export const checkLiraFilters = (payload: LiraProfilePayload) => api.post<FiltersCheckResponse>(API_PATHS.LIRA_FILTERS_CHECK, payload);
export const sendLiraFeedback = (body: { apartmentId: number; action: string; notices: string[] }) => api.post<unknown>(API_PATHS.LIRA_FEEDBACK, body);

export const liraKeys = {
  all: ['lira'] as const,
  variants: (userId: number | null, sort: LiraSort, showSold: boolean) => ['lira', 'variants', userId, sort, showSold] as const,
  map: (userId: number | null, showSold: boolean) => ['lira', 'map', userId, showSold] as const,
  sidebar: (userId: number | null, ids: number[]) => ['lira', 'sidebar', userId, ids] as const,
};

/** Spec §7: a next page exists while totalItems > page × size + size. */
export function nextLiraPage(last: LiraVariantList, pages: readonly LiraVariantList[]): number | undefined {
  const page = pages.length - 1;
  return last.meta.totalItems > page * LIRA_PAGE_SIZE + LIRA_PAGE_SIZE ? page + 1 : undefined;
}

/** Spec §7/§9: refetched every 5 s while `poll` is on and page one is empty. */
export function liraVariantsQuery(userId: number | null, sort: LiraSort, showSold: boolean, poll: boolean) {
  return infiniteQueryOptions({
    queryKey: liraKeys.variants(userId, sort, showSold),
    queryFn: ({ pageParam, signal }) =>
      api.get<LiraVariantList>(API_PATHS.LIRA_VARIANT, { query: { size: LIRA_PAGE_SIZE, page: pageParam, sort, showSold: showSold ? 'true' : 'false' }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextLiraPage,
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    refetchInterval: (query) => (poll && (query.state.data?.pages[0]?.items.length ?? 0) === 0 ? QUERY_TIME.LIRA_LIST_POLL : false),
  });
}

/** Spec §7/§9: the map is refetched every 60 s while `poll` is on. */
export function liraMapQuery(userId: number | null, showSold: boolean, poll: boolean) {
  return queryOptions({
    queryKey: liraKeys.map(userId, showSold),
    queryFn: ({ signal }) => api.get<MapBuilding[]>(API_PATHS.LIRA_MAP, { query: { showSold: showSold ? 'true' : 'false' }, signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    refetchInterval: poll ? QUERY_TIME.LIRA_MAP_POLL : false,
  });
}
