import type { AreaItem, AreaList } from '@/shared/api';
import { compareRussian } from '@/shared/lib';

const byName = (a: AreaItem, b: AreaItem) => compareRussian(a.name, b.name);

/**
 * Spec §3 "Area list": all city groups merged, de-duplicated by id and sorted by name
 * (case-insensitive); region items sorted by name.
 */
export function mergeAreaGroups(list: AreaList): { city: AreaItem[]; region: AreaItem[] } {
  const seen = new Map<number, AreaItem>();
  for (const group of Object.values(list.city)) for (const item of group) if (!seen.has(item.id)) seen.set(item.id, item);
  return { city: [...seen.values()].sort(byName), region: [...list.region.none].sort(byName) };
}
