import { describe, expect, it } from 'vitest';
import { adPositions, adSlotCode } from '@/widgets/apartment-feed';
import { locationSummary, searchSummary } from '@/pages/home/lib/summary';

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

  it('rotates three slot codes per theme', () => {
    expect([0, 1, 2, 3].map((i) => adSlotCode(i, 'light'))).toEqual(['feed-light-1', 'feed-light-2', 'feed-light-3', 'feed-light-1']);
    expect(adSlotCode(1, 'dark')).toBe('feed-dark-2');
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
