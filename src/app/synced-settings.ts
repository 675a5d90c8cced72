import type { SyncedStorage } from '@platform';
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { saveCityFx, savedCityFound } from '@/entities/city';
import { saveViewModesFx, savedViewModesFound } from '@/features/view-mode';
import { STORAGE_KEYS } from '@/shared/lib';

/** Where the buyer's last city and views are kept beyond this device (the Mini App: Telegram's CloudStorage). */
export interface SyncedSettingsEnvironment {
  storage: SyncedStorage;
  /** The launch opens a page of some city (a listing from a message, a complex): the remembered city does not override it. */
  cityInUrl: boolean;
}

const CITY = STORAGE_KEYS.CURRENT_CITY;
const VIEWS = STORAGE_KEYS.SELECTION_VIEW_MODE;

export const syncedSettingsStarted = createEvent<SyncedSettingsEnvironment>();

const $syncedStorage = createStore<SyncedStorage | null>(null, { serialize: 'ignore' });

const readSyncedFx = createEffect(({ storage }: SyncedSettingsEnvironment) => storage.read([CITY, VIEWS]));
/** Nothing to write to outside the Mini App. */
const writeSyncedFx = attach({
  source: $syncedStorage,
  effect: (storage, { key, value }: { key: string; value: string }) => storage?.write(key, value),
});

sample({ clock: syncedSettingsStarted, fn: (env) => env.storage, target: $syncedStorage });
// Read after this device's own copy (restored synchronously at the start): the account's, newer or from another device, wins.
sample({ clock: syncedSettingsStarted, target: readSyncedFx });
sample({
  clock: readSyncedFx.done,
  filter: ({ params, result }) => !params.cityInUrl && result[CITY] !== undefined,
  fn: ({ result }) => result[CITY]!,
  target: savedCityFound,
});
sample({
  clock: readSyncedFx.doneData,
  filter: (values) => values[VIEWS] !== undefined,
  fn: (values) => values[VIEWS]!,
  target: savedViewModesFound,
});

// The buyer's own choices go to the account as they go to the device.
sample({ clock: saveCityFx, fn: (kladr) => ({ key: CITY, value: String(kladr) }), target: writeSyncedFx });
sample({ clock: saveViewModesFx, fn: (modes) => ({ key: VIEWS, value: JSON.stringify(modes) }), target: writeSyncedFx });
