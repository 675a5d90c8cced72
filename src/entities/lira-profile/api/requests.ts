import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOT, QUERY_TIME, api, isConnectionError } from '@/shared/api';
import { LIRA_PAGE_SIZE, type LiraSettableStatus, type LiraSort } from '@kvarta/contract/lira-rules';
import type { LiraVariantList } from '@kvarta/contract/lira';
import type { ExtensionPayload, LiraProfile, LiraProfilePayload } from '../model/types';

/**
 * GET the profile; a failure means "no profile" (spec §7) — except a lost connection, which says nothing about the
 * profile: read as «none», the page would offer to create the agent the user already has.
 */
export async function fetchLiraProfile(signal?: AbortSignal): Promise<LiraProfile | null> {
  try {
    return (await api.call('liraProfile', { signal })) ?? null;
  } catch (error) {
    if (isConnectionError(error)) throw error;
    return null;
  }
}
export const createLiraProfile = (payload: LiraProfilePayload) => api.call('liraProfileCreate', { body: payload });
export const updateLiraProfile = (payload: LiraProfilePayload) => api.call('liraProfileUpdate', { body: payload });
export const saveLiraExtension = (payload: ExtensionPayload) => api.call('liraSettings', { body: payload });
export const putLiraStatus = (status: LiraSettableStatus) => api.call('liraStatus', { body: { status } });
export const checkLiraFilters = (payload: LiraProfilePayload) => api.call('liraFiltersCheck', { body: payload });

export const liraKeys = {
  all: [QUERY_ROOT.LIRA] as const,
  variants: (userId: number | null, sort: LiraSort, showSold: boolean) => [QUERY_ROOT.LIRA, 'variants', userId, sort, showSold] as const,
  map: (userId: number | null, showSold: boolean) => [QUERY_ROOT.LIRA, 'map', userId, showSold] as const,
  sidebar: (userId: number | null, ids: number[]) => [QUERY_ROOT.LIRA, 'sidebar', userId, ids] as const,
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
      api.call('liraVariantList', {
        query: { size: LIRA_PAGE_SIZE, page: pageParam, sort, showSold: showSold ? 'true' : 'false' },
        signal,
      }),
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
    queryFn: ({ signal }) => api.call('liraMap', { query: { showSold: showSold ? 'true' : 'false' }, signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    refetchInterval: poll ? QUERY_TIME.LIRA_MAP_POLL : false,
  });
}

/** LIRA_SIDEBAR: the agent's suggestions in a building chosen on the AGENT map. */
export function liraSidebarQuery(userId: number | null, ids: number[]) {
  return queryOptions({
    queryKey: liraKeys.sidebar(userId, ids),
    queryFn: ({ signal }) => api.call('liraSidebar', { query: { apartmentIds: ids.join(',') }, signal }),
    enabled: ids.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
