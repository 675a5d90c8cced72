import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREA_GROUP_ORDER, SUBURBS_GROUP, areaOptions } from '@/entities/city';
import type { AreaList } from '@/shared/api';

type RefCity = { name: string; districts: Array<{ name: string; group: string }>; region: Array<{ name: string }> };
const cities = JSON.parse(readFileSync('server/catalog/data/cities.json', 'utf8')) as RefCity[];

/** The reference data of a city as the area list route answers it (ids in file order). */
function areaList(city: RefCity): AreaList {
  const list: AreaList = { city: { east: [], west: [], north: [], south: [], center: [], none: [] }, region: { none: [] } };
  city.districts.forEach((d, i) =>
    list.city[d.group as keyof AreaList['city']].push({ id: i + 1, name: d.name, latitude: 0, longitude: 0 }),
  );
  city.region.forEach((r, i) => list.region.none.push({ id: 1000 + i, name: r.name, latitude: 0, longitude: 0 }));
  return list;
}

const order = AREA_GROUP_ORDER.map(([, title]) => title as string);

describe('district groups in the pickers', () => {
  it('the centre first, then north, east, south, west, other districts, and the suburbs last', () => {
    expect(order).toEqual(['Центр', 'Север', 'Восток', 'Юг', 'Запад', 'Другие районы']);
  });

  for (const city of cities) {
    it(`${city.name}: every district once, groups in that order, names sorted within a group`, () => {
      const options = areaOptions(areaList(city));
      expect(options).toHaveLength(city.districts.length + city.region.length);
      const groups = options.map((o) => o.group).filter((g, i, all) => all.indexOf(g) === i);
      const rank = (g: string) => (g === SUBURBS_GROUP ? order.length : order.indexOf(g));
      expect(groups.map(rank)).toEqual([...groups.map(rank)].sort((a, b) => a - b));
      if (city.districts.some((d) => d.group === 'center')) expect(options[0]!.group).toBe('Центр');
      for (const group of groups) {
        const names = options.filter((o) => o.group === group).map((o) => o.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru', { sensitivity: 'base' })));
      }
      // Each district sits under its own side of the city.
      for (const d of city.districts) {
        const title = AREA_GROUP_ORDER.find(([key]) => key === d.group)?.[1];
        expect(options.find((o) => o.name === d.name)?.group).toBe(title);
      }
    });
  }
});
