import { describe, expect, it } from 'vitest';
import { FEED_COLUMNS, columnCountFor, dealIntoColumns } from '@/shared/ui';

describe('masonry columns (spec §9: 300→1, 414→2, 1024→3, 1280→4)', () => {
  it.each([
    [200, 1],
    [300, 1],
    [390, 1],
    [414, 2],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1279, 3],
    [1280, 4],
    [1920, 4],
  ])('a %i px viewport has %i columns', (width, columns) => {
    expect(columnCountFor(width, FEED_COLUMNS)).toBe(columns);
  });

  it('reads the other breakpoint set of the spec too (350→1, 750→2, 900→3)', () => {
    const other = { 350: 1, 750: 2, 900: 3 };
    expect([349, 350, 749, 750, 899, 900, 1400].map((w) => columnCountFor(w, other))).toEqual([1, 1, 1, 2, 2, 3, 3]);
  });

  it('deals items left to right so the first row is in rank order', () => {
    expect(dealIntoColumns([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([
      [1, 4, 7],
      [2, 5],
      [3, 6],
    ]);
    expect(dealIntoColumns(['a', 'b'], 4)).toEqual([['a'], ['b'], [], []]);
    expect(dealIntoColumns([1, 2], 0)).toEqual([[1, 2]]);
  });
});
