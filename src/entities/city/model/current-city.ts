import { createEffect, createEvent, createStore, sample } from 'effector';
import { DEFAULT_CITY_KLADR, SUPPORTED_KLADR } from '@/shared/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

const isSupported = (kladr: number) => (SUPPORTED_KLADR as readonly number[]).includes(kladr);

/** The user picked a city here. */
export const citySelected = createEvent<number>();
/** Another tab changed the city (storage event). */
export const cityChangedElsewhere = createEvent<string | null>();
export const cityRestored = createEvent();
/** The city remembered with the buyer's Telegram account (an earlier launch, maybe on another device). */
export const savedCityFound = createEvent<string>();

export const $currentCityKladr = createStore<number>(DEFAULT_CITY_KLADR);

export const readSavedCityFx = createEffect(() => Number(readStorage(STORAGE_KEYS.CURRENT_CITY)));
export const saveCityFx = createEffect((kladr: number) => writeStorage(STORAGE_KEYS.CURRENT_CITY, String(kladr)));
/** Spec §4 Cross-tab sync: a city change elsewhere marks the price as not user-modified. */
export const resetModifiedPriceFx = createEffect(() => writeStorage(STORAGE_KEYS.USER_MODIFIED_PRICE, 'false'));

sample({ clock: cityRestored, target: readSavedCityFx });
sample({ clock: readSavedCityFx.doneData, filter: isSupported, target: $currentCityKladr });
sample({ clock: citySelected, filter: isSupported, target: [$currentCityKladr, saveCityFx] });
// Shown, not saved again: the device's own copy follows the buyer's next pick.
sample({ clock: savedCityFound, filter: (value) => isSupported(Number(value)), fn: Number, target: $currentCityKladr });

sample({
  clock: cityChangedElsewhere,
  filter: (value) => isSupported(Number(value)),
  fn: (value) => Number(value),
  target: [$currentCityKladr, resetModifiedPriceFx],
});
