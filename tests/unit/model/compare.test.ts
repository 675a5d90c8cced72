import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $compareIds,
  cleanIds,
  comparePath,
  compareRemoved,
  compareReplaced,
  compareRestored,
  compareToggled,
} from '@/features/compare-apartments';
import { $notifications } from '@/shared/model';
import { COMPARE_ROWS, judgeRow, type Compared } from '@/pages/compare/lib/rows';
import type { ApartmentDetail } from '@/shared/api';

describe('compare: the list of up to four, kept under compareApartments', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('adds, takes back, keeps the order, refuses a fifth with a message, and is restored in another scope', async () => {
    const scope = fork();
    for (const id of [5, 3, 9]) await allSettled(compareToggled, { scope, params: id });
    await allSettled(compareToggled, { scope, params: 3 });
    expect(scope.getState($compareIds)).toEqual([5, 9]);
    for (const id of [1, 2]) await allSettled(compareToggled, { scope, params: id });
    // The refusal's toast leaves after its lifetime: the clock is moved on to let the scope settle.
    vi.useFakeTimers();
    const fifth = allSettled(compareToggled, { scope, params: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($notifications).map((n) => n.text)).toEqual(['В сравнении уже 4 квартиры: уберите одну, чтобы добавить другую']);
    await vi.advanceTimersByTimeAsync(10_000);
    await fifth;
    vi.useRealTimers();
    expect(scope.getState($compareIds)).toEqual([5, 9, 1, 2]);
    await allSettled(compareRemoved, { scope, params: 9 });
    expect(JSON.parse(localStorage.getItem('compareApartments')!)).toEqual([5, 1, 2]);

    const next = fork();
    await allSettled(compareRestored, { scope: next });
    expect(next.getState($compareIds)).toEqual([5, 1, 2]);
    await allSettled(compareReplaced, { scope: next, params: [4, 4, 8, 0, -1, 3, 6, 11] });
    expect(next.getState($compareIds)).toEqual([4, 8, 3, 6]);
  });

  it('reads only ids from a link or a tampered storage', () => {
    expect(cleanIds('12,abc,12,7,1e3, 8')).toEqual([12, 7, 8]);
    expect(cleanIds({ not: 'a list' })).toEqual([]);
    expect(cleanIds(['1', 2, 3.5, 99999999999, 4, 5, 6])).toEqual([1, 2, 4, 5]);
    expect(comparePath([3, 1])).toBe('/compare?ids=3,1');
  });

  it('highlights a row whose values differ and marks the best one, not a tie of everyone', () => {
    const apartment = (price: number, area: number) => ({ priceTotalMin: price, areaTotal: area }) as unknown as ApartmentDetail;
    const list = (pairs: Array<[number, number]>): Compared[] =>
      pairs.map(([p, a]) => ({ apartment: apartment(p, a), info: undefined, offer: null }));
    const price = COMPARE_ROWS.find((r) => r.key === 'price')!;
    const area = COMPARE_ROWS.find((r) => r.key === 'area')!;
    expect(
      judgeRow(
        price,
        list([
          [10e6, 40],
          [9e6, 40],
          [9e6, 50],
        ]),
      ),
    ).toEqual({ different: true, best: new Set([1, 2]) });
    expect(
      judgeRow(
        area,
        list([
          [10e6, 40],
          [9e6, 40],
          [9e6, 50],
        ]),
      ),
    ).toEqual({ different: true, best: new Set([2]) });
    expect(
      judgeRow(
        area,
        list([
          [10e6, 40],
          [9e6, 40],
        ]),
      ),
    ).toEqual({ different: false, best: new Set() });
  });
});
