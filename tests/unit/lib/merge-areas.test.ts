import { describe, expect, it } from 'vitest';
import { mergeAreaGroups } from '@/entities/city';

/** A district; where its centre is does not matter to the merge. */
const area = (id: number, name: string) => ({ id, name, latitude: 59.9, longitude: 30.3 });

describe('area groups merge (spec §3)', () => {
  it('merges all city groups, removes duplicates by id and sorts by name ignoring case', () => {
    const merged = mergeAreaGroups({
      city: {
        east: [area(3, 'невский')],
        west: [area(1, 'Адмиралтейский')],
        north: [area(2, 'Выборгский'), area(3, 'невский')],
        south: [],
        center: [area(4, 'Центральный'), area(1, 'Адмиралтейский')],
        none: [area(5, 'Курортный')],
      },
      region: {
        none: [area(9, 'Мурино'), area(8, 'Кудрово')],
      },
    });
    expect(merged.city.map((a) => a.id)).toEqual([1, 2, 5, 3, 4]);
    expect(merged.region.map((a) => a.name)).toEqual(['Кудрово', 'Мурино']);
  });
});
