export { ROOM_KEYS, ROOM_LABELS, ANALYTICS_PRICE, DEFAULT_ANALYTICS_FILTERS, parseAnalyticsFilters } from './lib/filters';
export type { AnalyticsFilters, RoomKey } from './lib/filters';
export { buildAnalyticsRequest } from './lib/request';
export { keyAnalyticsResult } from './lib/result';
export type { AnalyticsResult } from './lib/result';
export {
  $analyticsFilters,
  $analyticsFiltersReady,
  analyticsFiltersChanged,
  analyticsFiltersPolled,
  readAnalyticsFiltersFx,
  saveAnalyticsFiltersFx,
} from './model/filters';
export { useAnalyticsFiltersPolling } from './model/use-filters-polling';
export { analyticsQuery, analyticsDetailsQuery } from './api/queries';
