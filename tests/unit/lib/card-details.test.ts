import { describe, expect, it } from 'vitest';
import { formatDistance, formatSuggestionDate, moreStations } from '@/entities/apartment';

describe('card details', () => {
  it('shows the suggestion day and month in Russian; an unreadable value stays as it came', () => {
    expect(formatSuggestionDate('2026-11-22T10:00:00Z')).toBe('22 ноября');
    expect(formatSuggestionDate('вчера')).toBe('вчера');
  });
  it('reads the distance to the metro in metres, then kilometres', () => {
    expect(formatDistance(437)).toBe('440 м');
    expect(formatDistance(999)).toBe('1 км');
    expect(formatDistance(1260)).toBe('1,3 км');
  });
  it('counts the stations a card leaves out with Russian plurals', () => {
    expect([1, 2, 5, 21].map(moreStations)).toEqual(['ещё 1 станция', 'ещё 2 станции', 'ещё 5 станций', 'ещё 21 станция']);
  });
});
