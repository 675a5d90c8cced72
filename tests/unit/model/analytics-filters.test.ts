import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import {
  $analyticsFilters,
  DEFAULT_ANALYTICS_FILTERS,
  analyticsFiltersChanged,
  analyticsFiltersPolled,
  readAnalyticsFiltersFx,
  saveAnalyticsFiltersFx,
} from '@/entities/analytics';

describe('analytics filters model (stored under analylicsFilters, re-read by polling)', () => {
  it('a poll picks up a value another tab stored, and ignores an unchanged one', async () => {
    let stored: string | null = null;
    let reads = 0;
    const scope = fork({ handlers: [[readAnalyticsFiltersFx, () => (reads++, stored)]] });
    await allSettled(analyticsFiltersPolled, { scope });
    expect(scope.getState($analyticsFilters)).toEqual(DEFAULT_ANALYTICS_FILTERS);
    stored = JSON.stringify({ ...DEFAULT_ANALYTICS_FILTERS, currentCity: 77, roomsCntForFilter: ['r2'] });
    await allSettled(analyticsFiltersPolled, { scope });
    const first = scope.getState($analyticsFilters);
    expect(first).toMatchObject({ currentCity: 77, roomsCntForFilter: ['r2'] });
    await allSettled(analyticsFiltersPolled, { scope });
    expect(scope.getState($analyticsFilters)).toBe(first);
    expect(reads).toBe(3);
  });

  it('a change here is saved under the spec key and is not re-read as news', async () => {
    const saved: string[] = [];
    const next = { ...DEFAULT_ANALYTICS_FILTERS, currentCity: 78, areaIds: [5] };
    const scope = fork({
      handlers: [
        [saveAnalyticsFiltersFx, (raw: string) => void saved.push(raw)],
        [readAnalyticsFiltersFx, () => saved.at(-1) ?? null],
      ],
    });
    await allSettled(analyticsFiltersChanged, { scope, params: next });
    expect(scope.getState($analyticsFilters)).toEqual(next);
    expect(saved).toEqual([JSON.stringify(next)]);
    const before = scope.getState($analyticsFilters);
    await allSettled(analyticsFiltersPolled, { scope });
    expect(scope.getState($analyticsFilters)).toBe(before);
  });

  it('the real effect writes localStorage key analylicsFilters', async () => {
    const scope = fork();
    await allSettled(analyticsFiltersChanged, { scope, params: { ...DEFAULT_ANALYTICS_FILTERS, currentCity: 66 } });
    expect(JSON.parse(localStorage.getItem('analylicsFilters') ?? 'null')).toMatchObject({ currentCity: 66 });
  });
});
