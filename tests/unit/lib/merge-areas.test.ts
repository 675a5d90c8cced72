import { describe, expect, it } from 'vitest';
import { mergeAreaGroups } from '@/entities/city';

describe('area groups merge (spec §3)', () => {
  it('merges all city groups, removes duplicates by id and sorts by name ignoring case', () => {
    const merged = mergeAreaGroups({
      city: {
        east: [{ id: 3, name: 'невский' }],
        west: [{ id: 1, name: 'Адмиралтейский' }],
        north: [
          { id: 2, name: 'Выборгский' },
          { id: 3, name: 'невский' },
        ],
        south: [],
        center: [
          { id: 4, name: 'Центральный' },
          { id: 1, name: 'Адмиралтейский' },
        ],
        none: [{ id: 5, name: 'Курортный' }],
      },
      region: {
        none: [
          { id: 9, name: 'Мурино' },
          { id: 8, name: 'Кудрово' },
        ],
      },
    });
    expect(merged.city.map((a) => a.id)).toEqual([1, 2, 5, 3, 4]);
    expect(merged.region.map((a) => a.name)).toEqual(['Кудрово', 'Мурино']);
  });
});
