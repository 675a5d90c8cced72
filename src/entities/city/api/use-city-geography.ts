import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MapGeography } from '@/shared/ui';
import { areaListQuery, metroListQuery } from './area-metro-queries';
import { cityListQuery } from './city-query';

/**
 * What the offline map draws under the markers for a city (kladr): its districts at their centres and its metro
 * stations with their lines. The same cached reference lists the pickers use; undefined until they arrive.
 */
export function useCityGeography(kladr: number | null | undefined): MapGeography | undefined {
  const cityIds = kladr ? [kladr] : [];
  const cities = useQuery(cityListQuery());
  const hasMetro = cities.data?.find((c) => c.kladr === kladr)?.hasMetro ?? false;
  const areas = useQuery(areaListQuery(cityIds));
  const metro = useQuery(metroListQuery(cityIds, hasMetro));
  return useMemo(() => {
    if (!areas.data) return undefined;
    // The central districts first: where names would crowd, theirs are the ones kept.
    const { center, ...outer } = areas.data.city;
    const districts = [...center, ...Object.values(outer).flat()];
    return { districts, stations: metro.data ?? [] };
  }, [areas.data, metro.data]);
}
