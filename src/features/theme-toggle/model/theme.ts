import { createEffect, createEvent, createStore, sample } from 'effector';
import { STORAGE_KEYS, readStorage, writeStorage } from '@/shared/lib';

export type Theme = 'light' | 'dark';
const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

export const themeRestored = createEvent();
export const themeToggled = createEvent();
/** Another tab saved a theme (storage event). */
export const themeChangedElsewhere = createEvent<string | null>();
/** Telegram dictates the scheme (Mini App): follow it, never save it. */
export const themeDictated = createEvent<Theme>();

export const $theme = createStore<Theme>('light');
/** True when the scheme comes from Telegram: the toggle is hidden. */
export const $themeIsExternal = createStore(false).on(themeDictated, () => true);

export const readThemeFx = createEffect((): Theme => {
  const saved = readStorage(STORAGE_KEYS.APP_THEME);
  if (isTheme(saved)) return saved;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
});
export const saveThemeFx = createEffect((theme: Theme) => writeStorage(STORAGE_KEYS.APP_THEME, theme));

sample({ clock: themeRestored, filter: $themeIsExternal.map((external) => !external), target: readThemeFx });
sample({ clock: readThemeFx.doneData, filter: $themeIsExternal.map((external) => !external), target: $theme });
const toggled = sample({
  clock: themeToggled,
  source: $theme,
  filter: $themeIsExternal.map((e) => !e),
  fn: (theme): Theme => (theme === 'dark' ? 'light' : 'dark'),
});
sample({ clock: toggled, target: [$theme, saveThemeFx] });
sample({ clock: themeChangedElsewhere, filter: (value): value is Theme => isTheme(value), fn: (value) => value as Theme, target: $theme });
sample({ clock: themeDictated, target: $theme });
