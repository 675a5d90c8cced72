import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRussian } from '@/shared/lib';

const cities = JSON.parse(readFileSync('server/catalog/data/cities.json', 'utf8')) as Array<{ districts: Array<{ name: string }> }>;
const metro = JSON.parse(readFileSync('server/catalog/data/metro.json', 'utf8')) as Array<{
  lines: Array<{ name: string; stations: Array<{ name: string }> }>;
}>;

describe('Russian alphabetical order', () => {
  const collator = new Intl.Collator('ru', { sensitivity: 'base' });
  const names = [
    ...cities.flatMap((city) => city.districts.map((d) => d.name)),
    ...metro.flatMap((city) => city.lines.flatMap((line) => [line.name, ...line.stations.map((s) => s.name)])),
  ];

  it('sorts the reference districts, metro lines and stations as a Russian collator does', () => {
    expect(names.length).toBeGreaterThan(300);
    const ours = [...names].sort(compareRussian);
    const intl = [...names].sort((a, b) => collator.compare(a, b));
    expect(ours).toEqual(intl);
  });

  it('ignores case and files ё with е', () => {
    expect(compareRussian('ёлки', 'Елки')).toBe(0);
    expect(['Яблоновка', 'адмиралтейская', 'Ёлочная', 'Звёздная', 'Звездочка'].sort(compareRussian)).toEqual([
      'адмиралтейская',
      'Ёлочная',
      'Звёздная',
      'Звездочка',
      'Яблоновка',
    ]);
  });
});
