import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $analyticsFilters, $analyticsFiltersReady, analyticsFiltersChanged, useAnalyticsFiltersPolling } from '@/entities/analytics';
import { $currentCityKladr, cityListQuery } from '@/entities/city';

/** Spec §8: the analytics loaders need the city list; without it the error screen shows this message (HTTP 500 semantics). */
export class CityListUnavailable extends Error {
  readonly status = 500;
  constructor() {
    super('Список городов недоступен');
  }
}

/**
 * What both analytics screens need: the polled filters and their city. The filters follow the city
 * chosen in the app: a new city starts without districts and metro of the old one.
 */
export function useAnalyticsCity() {
  useAnalyticsFiltersPolling();
  const [filters, ready, appKladr, change] = useUnit([
    $analyticsFilters,
    $analyticsFiltersReady,
    $currentCityKladr,
    analyticsFiltersChanged,
  ]);
  const cities = useQuery(cityListQuery());
  const city = cities.data?.find((c) => c.kladr === appKladr) ?? null;
  useEffect(() => {
    if (!ready || !city) return;
    if (filters.currentCity !== city.kladr)
      change({ ...filters, currentCity: city.kladr, areaIds: [], metroIds: [], hasMetro: city.hasMetro });
    else if (filters.hasMetro !== city.hasMetro) change({ ...filters, hasMetro: city.hasMetro });
  }, [ready, city, filters, change]);
  if (cities.isError || (cities.data && cities.data.length === 0)) throw new CityListUnavailable();
  const settled = ready && city !== null && filters.currentCity === city.kladr;
  return { filters, city, isPending: cities.isPending || !settled };
}
