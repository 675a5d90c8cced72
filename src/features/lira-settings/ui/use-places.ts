import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { $currentCityKladr, areaListQuery, cityListQuery, mergeAreaGroups, metroListQuery } from '@/entities/city';
import type { PickerOption } from './picker';

const GROUP_TITLES: Record<string, string> = { center: 'Центр', north: 'Север', south: 'Юг', east: 'Восток', west: 'Запад', none: 'Другие районы' };

/** The current city with its districts and metro as picker options. */
export function usePlaces() {
  const kladr = useUnit($currentCityKladr);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const areas = useQuery(areaListQuery([kladr]));
  const metro = useQuery(metroListQuery([kladr], city?.hasMetro ?? false));
  const areaOptions = useMemo<PickerOption[]>(() => {
    if (!areas.data) return [];
    const groupOf = new Map(Object.entries(areas.data.city).flatMap(([group, items]) => items.map((a) => [a.id, GROUP_TITLES[group] ?? group] as const)));
    const merged = mergeAreaGroups(areas.data);
    return [
      ...merged.city.map((a) => ({ ...a, group: groupOf.get(a.id) ?? '' })).sort((a, b) => a.group.localeCompare(b.group, 'ru')),
      ...merged.region.map((a) => ({ ...a, group: 'Пригороды' })),
    ];
  }, [areas.data]);
  const metroOptions = useMemo<PickerOption[]>(
    () => (metro.data ?? []).map((m) => ({ id: m.id, name: m.name, group: m.lineName, color: m.color })).sort((a, b) => a.group.localeCompare(b.group, 'ru')),
    [metro.data],
  );
  return { kladr, city, hasMetro: city?.hasMetro ?? false, areaOptions, metroOptions };
}
