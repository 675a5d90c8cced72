import { createEffect, createEvent, createStore, sample } from 'effector';
import { STORAGE_KEYS, readJson, writeStorage } from '@/shared/lib';

export type ViewMode = 'list' | 'map';
/** Routes with a list/map switch (spec §2 "List and feed"). */
export type ViewModeRoute = 'home' | 'agent' | 'favourites';
export type ViewModes = Record<ViewModeRoute, ViewMode>;

const DEFAULT_MODES: ViewModes = { home: 'list', agent: 'list', favourites: 'list' };

export const viewModesRestored = createEvent();
export const viewModeToggled = createEvent<ViewModeRoute>();

export const $viewModes = createStore<ViewModes>(DEFAULT_MODES);

export const readViewModesFx = createEffect((): ViewModes => {
  const saved = readJson<Partial<Record<string, unknown>>>(STORAGE_KEYS.SELECTION_VIEW_MODE, {});
  const pick = (route: ViewModeRoute): ViewMode => (saved[route] === 'map' ? 'map' : 'list');
  return { home: pick('home'), agent: pick('agent'), favourites: pick('favourites') };
});
export const saveViewModesFx = createEffect((modes: ViewModes) => writeStorage(STORAGE_KEYS.SELECTION_VIEW_MODE, JSON.stringify(modes)));

sample({ clock: viewModesRestored, target: readViewModesFx });
sample({ clock: readViewModesFx.doneData, target: $viewModes });
const toggled = sample({
  clock: viewModeToggled,
  source: $viewModes,
  fn: (modes, route): ViewModes => ({ ...modes, [route]: modes[route] === 'map' ? 'list' : 'map' }),
});
sample({ clock: toggled, target: [$viewModes, saveViewModesFx] });
