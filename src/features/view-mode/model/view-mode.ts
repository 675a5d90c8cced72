import { createEffect, createEvent, createStore, sample } from 'effector';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

export type ViewMode = 'list' | 'map';
/** Routes with a list/map switch (spec §2 "List and feed"). */
export type ViewModeRoute = 'home' | 'agent' | 'favourites';
export type ViewModes = Record<ViewModeRoute, ViewMode>;

const DEFAULT_MODES: ViewModes = { home: 'list', agent: 'list', favourites: 'list' };

export const viewModesRestored = createEvent();
/** The views remembered with the buyer's Telegram account (the same JSON as the device's own copy). */
export const savedViewModesFound = createEvent<string>();
export const viewModeToggled = createEvent<ViewModeRoute>();

export const $viewModes = createStore<ViewModes>(DEFAULT_MODES);

/** Saved views as JSON; anything unreadable is the list. */
function parseViewModes(raw: string | null): ViewModes {
  let saved: Partial<Record<string, unknown>> = {};
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (parsed && typeof parsed === 'object') saved = parsed;
  } catch {
    /* not JSON: every view is the list */
  }
  const pick = (route: ViewModeRoute): ViewMode => (saved[route] === 'map' ? 'map' : 'list');
  return { home: pick('home'), agent: pick('agent'), favourites: pick('favourites') };
}

export const readViewModesFx = createEffect((): ViewModes => parseViewModes(readStorage(STORAGE_KEYS.SELECTION_VIEW_MODE)));
export const saveViewModesFx = createEffect((modes: ViewModes) => writeStorage(STORAGE_KEYS.SELECTION_VIEW_MODE, JSON.stringify(modes)));

sample({ clock: viewModesRestored, target: readViewModesFx });
// Only views that differ are set: the restore runs right after hydration, and new but equal views would re-render the
// pages that read them (TOP with its whole feed) at once.
const sameModes = (a: ViewModes, b: ViewModes) => a.home === b.home && a.agent === b.agent && a.favourites === b.favourites;
sample({
  clock: [readViewModesFx.doneData, sample({ clock: savedViewModesFound, fn: parseViewModes })],
  source: $viewModes,
  filter: (current, saved) => !sameModes(current, saved),
  fn: (_, saved) => saved,
  target: $viewModes,
});
const toggled = sample({
  clock: viewModeToggled,
  source: $viewModes,
  fn: (modes, route): ViewModes => ({ ...modes, [route]: modes[route] === 'map' ? 'list' : 'map' }),
});
sample({ clock: toggled, target: [$viewModes, saveViewModesFx] });
