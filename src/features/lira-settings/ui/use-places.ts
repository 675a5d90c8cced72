import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery, useAreaOptions, useMetroOptions } from '@/entities/city';

/**
 * A city with its districts and metro as picker options: the given one (a LIRA profile's city), else the site's
 * current city (e.g. a profile not created yet).
 */
export function usePlaces(cityKladr?: number) {
  const currentKladr = useUnit($currentCityKladr);
  const kladr = cityKladr ?? currentKladr;
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const hasMetro = city?.hasMetro ?? false;
  const areaOptions = useAreaOptions([kladr]);
  const metroOptions = useMetroOptions([kladr], hasMetro);
  return { kladr, city, hasMetro, areaOptions, metroOptions };
}
