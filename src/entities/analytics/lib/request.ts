import type { AnalyticsRequest } from '@/shared/api';
import { ANALYTICS_PRICE, ROOM_NUMBERS, type AnalyticsFilters } from './filters';

/**
 * Spec §5: the analytics request runs only with non-empty cityIds and both price bounds;
 * a bound equal to 0 or 200 000 000 (the range's own ends) is omitted, as are empty arrays;
 * room keys become numbers. Metro ids go only for a city with metro. Null means "do not run".
 */
export function buildAnalyticsRequest(filters: AnalyticsFilters, cityIds: readonly number[]): AnalyticsRequest | null {
  const [min, max] = filters.priceRange;
  if (cityIds.length === 0 || min === null || max === null || min > max) return null;
  const request: AnalyticsRequest = { cityIds: [...cityIds] };
  if (filters.areaIds.length > 0) request.areaIds = [...filters.areaIds];
  if (filters.hasMetro && filters.metroIds.length > 0) request.metroIds = [...filters.metroIds];
  const rooms = [...new Set(filters.roomsCntForFilter.map((key) => ROOM_NUMBERS[key]))].sort((a, b) => a - b);
  if (rooms.length > 0) request.roomsCntForFilter = rooms;
  if (min !== ANALYTICS_PRICE.MIN) request.priceTotalMinFrom = min;
  if (max !== ANALYTICS_PRICE.MAX) request.priceTotalMinTo = max;
  return request;
}
