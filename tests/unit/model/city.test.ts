import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $currentCityKladr, cityChangedElsewhere, cityRestored, citySelected } from '@/entities/city';

describe('current city model', () => {
  it('defaults to Saint Petersburg (kladr 78)', () => {
    expect(fork().getState($currentCityKladr)).toBe(78);
  });

  it('persists a selected supported city and restores it', async () => {
    const scope = fork();
    await allSettled(citySelected, { scope, params: 77 });
    expect(localStorage.getItem('currentCity')).toBe('77');
    const next = fork();
    await allSettled(cityRestored, { scope: next });
    expect(next.getState($currentCityKladr)).toBe(77);
  });

  it('ignores unsupported cities', async () => {
    const scope = fork();
    await allSettled(citySelected, { scope, params: 50 });
    expect(scope.getState($currentCityKladr)).toBe(78);
    localStorage.setItem('currentCity', 'junk');
    await allSettled(cityRestored, { scope });
    expect(scope.getState($currentCityKladr)).toBe(78);
  });

  it('a city change in another tab sets the city and marks the price as not user-modified', async () => {
    localStorage.setItem('userModifiedPrice', 'true');
    const scope = fork();
    await allSettled(cityChangedElsewhere, { scope, params: '661' });
    expect(scope.getState($currentCityKladr)).toBe(661);
    expect(localStorage.getItem('userModifiedPrice')).toBe('false');
  });
});
