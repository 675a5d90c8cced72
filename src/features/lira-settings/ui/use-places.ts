import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery, useAreaOptions, useMetroOptions } from '@/entities/city';

/** The current city with its districts and metro as picker options. */
export function usePlaces() {
  const kladr = useUnit($currentCityKladr);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const hasMetro = city?.hasMetro ?? false;
  const areaOptions = useAreaOptions([kladr]);
  const metroOptions = useMetroOptions([kladr], hasMetro);
  return { kladr, city, hasMetro, areaOptions, metroOptions };
}
