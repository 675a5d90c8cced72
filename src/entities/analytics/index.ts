export { ROOM_KEYS, ROOM_NUMBERS, ROOM_LABELS, ANALYTICS_PRICE, DEFAULT_ANALYTICS_FILTERS, parseAnalyticsFilters } from './lib/filters';
export type { AnalyticsFilters, RoomKey } from './lib/filters';
export { buildAnalyticsRequest } from './lib/request';
export { keyAnalyticsResult } from './lib/result';
export type { AnalyticsResult, AnalyticsResultItem, RoomsStat, RoomsShare, AreaStat, DynamicsPoint, SummaryStat } from './lib/result';
export {
  $analyticsFilters, $analyticsFiltersReady, analyticsFiltersChanged, analyticsFiltersPolled, readAnalyticsFiltersFx, saveAnalyticsFiltersFx, ANALYTICS_FILTERS_POLL_MS,
} from './model/filters';
export { useAnalyticsFiltersPolling } from './model/use-filters-polling';
export { analyticsQuery, analyticsDetailsQuery } from './api/queries';
