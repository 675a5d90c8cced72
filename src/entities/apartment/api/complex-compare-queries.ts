import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import { apartKeys, complexKeys, favouriteKeys } from './keys';

/** A complex's (or resale house's) page: `GET /complex/{id}`. No retry: a 404 means "not found" at once. */
export function complexPageQuery(complexId: number) {
  return queryOptions({
    queryKey: complexKeys.page(complexId),
    queryFn: ({ signal }) => api.call('complexPage', { params: { complexId }, signal }),
    enabled: Number.isSafeInteger(complexId) && complexId > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
    retry: false,
  });
}

/** The apartments compared, in the order given (ids that no longer exist are left out by the server). */
export function compareQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: apartKeys.compare(ids),
    queryFn: ({ signal }) => api.call('apartmentCompare', { query: { ids: ids.join(',') }, signal }),
    enabled: ids.length > 0,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** Favourites' notes and changes: read once a user is known, like the favourites themselves. */
export function favouriteMarksQuery(userId: number | null) {
  return queryOptions({
    queryKey: favouriteKeys.marks(userId),
    queryFn: ({ signal }) => api.call('favouriteMarks', { signal }),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}
