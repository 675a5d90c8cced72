import { describe, expect, it } from 'vitest';
import { adPositions } from '@/widgets/apartment-feed';
import { locationSummary, searchSummary } from '@/pages/top/lib/summary';

describe('ad positions (spec §9)', () => {
  it.each([
    [2, [1], [1]],
    [6, [5], [2]],
    [7, [5], [2]],
    [30, [5, 15, 25], [2, 8, 14, 20, 26]],
    [0, [], []],
  ])('a list of %i items: ads after %j, compact %j', (length, normal, compact) => {
    expect(adPositions(length, false)).toEqual(normal);
    expect(adPositions(length, true)).toEqual(compact);
  });
});

describe('search summary (spec §2, §9)', () => {
  it.each([
    [[], [], 'Все районы и метро'],
    [['Ладожская'], [], 'Метро Ладожская, все районы'],
    [['Ладожская', 'Дыбенко'], [], 'Метро - 2, все районы'],
    [[], ['Невский'], 'Все метро, Невский район'],
    [[], ['Невский', 'Центральный', 'Приморский'], 'Все метро, Район - 3'],
    [['Ладожская'], ['Невский'], 'Метро Ладожская, Невский район'],
  ])('metro %j, districts %j → %s', (metro, areas, text) => {
    expect(locationSummary(metro, areas)).toBe(text);
  });

  it('builds the whole line', () => {
    expect(searchSummary('Для семьи', [3, 2], 12_340_000, 'Все районы и метро').replace(/\u00a0/g, ' ')).toBe(
      'Для семьи, 2-к, 3-к, ~ 12,3 млн ₽. Все районы и метро',
    );
  });
});
