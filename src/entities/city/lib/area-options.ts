import type { AreaList } from '@/shared/api';
import { mergeAreaGroups } from './merge-areas';

/** A choice of a district or metro picker: its group heading and, for a station, its line colour. */
export type PickerOption = { id: number; name: string; group: string; color?: string };

/**
 * Sides of the city in the order a person scans them: the centre first, then round the compass (north, east, south,
 * west), then districts without a side; the region's suburbs come last (see areaOptions).
 */
export const AREA_GROUP_ORDER = [
  ['center', 'Центр'],
  ['north', 'Север'],
  ['east', 'Восток'],
  ['south', 'Юг'],
  ['west', 'Запад'],
  ['none', 'Другие районы'],
] as const;
export const SUBURBS_GROUP = 'Пригороды';

/** Districts as picker options: by side of the city in AREA_GROUP_ORDER, by name within a side, then the suburbs. */
export function areaOptions(list: AreaList): PickerOption[] {
  const merged = mergeAreaGroups(list);
  const rank = new Map<number, number>();
  AREA_GROUP_ORDER.forEach(([key], index) => {
    for (const area of list.city[key]) if (!rank.has(area.id)) rank.set(area.id, index);
  });
  const city = merged.city
    .map((area) => ({ area, index: rank.get(area.id) ?? AREA_GROUP_ORDER.length - 1 }))
    // A stable sort keeps the names' order inside a side.
    .sort((a, b) => a.index - b.index)
    .map(({ area, index }) => ({ id: area.id, name: area.name, group: AREA_GROUP_ORDER[index]![1] }));
  return [...city, ...merged.region.map((area) => ({ id: area.id, name: area.name, group: SUBURBS_GROUP }))];
}
