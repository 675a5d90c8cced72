import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncedStorage } from '@platform';
import { syncedSettingsStarted } from '@/app/synced-settings';
import { $currentCityKladr, citySelected, cityRestored } from '@/entities/city';
import { $viewModes, viewModeToggled, viewModesRestored } from '@/features/view-mode';

/** Telegram's CloudStorage as the platform gives it: what the account holds, and what the app wrote. */
function cloud(initial: Record<string, string> = {}) {
  const values = { ...initial };
  const storage: SyncedStorage = {
    read: async (keys) => Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]!])),
    write: (key, value) => {
      values[key] = value;
    },
  };
  return { storage, values };
}

describe('the last city and views, kept with the buyer’s Telegram account', () => {
  afterEach(() => localStorage.clear());

  it('a new launch (another device: nothing on this one) starts in the remembered city and views', async () => {
    const scope = fork();
    await allSettled(cityRestored, { scope });
    await allSettled(viewModesRestored, { scope });
    const { storage } = cloud({ currentCity: '77', selectionViewMode: JSON.stringify({ home: 'map', agent: 'list', favourites: 'map' }) });
    await allSettled(syncedSettingsStarted, { scope, params: { storage, cityInUrl: false } });
    expect(scope.getState($currentCityKladr)).toBe(77);
    expect(scope.getState($viewModes)).toEqual({ home: 'map', agent: 'list', favourites: 'map' });
  });

  it('the account’s values win over this device’s older copy, unless the launch URL names a city', async () => {
    localStorage.setItem('currentCity', '161');
    const scope = fork();
    await allSettled(cityRestored, { scope });
    const { storage } = cloud({ currentCity: '77', selectionViewMode: JSON.stringify({ home: 'map' }) });
    await allSettled(syncedSettingsStarted, { scope, params: { storage, cityInUrl: true } });
    expect(scope.getState($currentCityKladr)).toBe(161);
    // The view has no place in the URL: it is restored all the same.
    expect(scope.getState($viewModes).home).toBe('map');
  });

  it('an unsupported or garbled value changes nothing', async () => {
    const scope = fork();
    const { storage } = cloud({ currentCity: '999', selectionViewMode: '{not json' });
    await allSettled(syncedSettingsStarted, { scope, params: { storage, cityInUrl: false } });
    expect(scope.getState($currentCityKladr)).toBe(78);
    expect(scope.getState($viewModes)).toEqual({ home: 'list', agent: 'list', favourites: 'list' });
  });

  it('the buyer’s picks go to the account as well as to this device', async () => {
    const scope = fork();
    const { storage, values } = cloud();
    await allSettled(syncedSettingsStarted, { scope, params: { storage, cityInUrl: false } });
    await allSettled(citySelected, { scope, params: 541 });
    await allSettled(viewModeToggled, { scope, params: 'home' });
    expect(values).toEqual({ currentCity: '541', selectionViewMode: JSON.stringify({ home: 'map', agent: 'list', favourites: 'list' }) });
    expect(localStorage.getItem('currentCity')).toBe('541');
  });

  it('without the account’s storage (the website) a pick is saved on the device only', async () => {
    const scope = fork();
    await allSettled(citySelected, { scope, params: 77 });
    expect(scope.getState($currentCityKladr)).toBe(77);
    expect(localStorage.getItem('currentCity')).toBe('77');
  });
});
