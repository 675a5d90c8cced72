import { createEffect, createEvent, sample, scopeBind } from 'effector';
import { cityChangedElsewhere, cityRestored } from '@/entities/city';
import { themeChangedElsewhere, themeRestored } from '@/features/theme-toggle';
import { viewModesRestored } from '@/features/view-mode';
import { STORAGE_KEYS, onStorageChange } from '@/shared/lib';

/** The one explicit start of the app: restore what was saved, then listen to other tabs. */
export const appStarted = createEvent();

/** Spec §4 Cross-tab sync: theme and city changes in another tab apply here too. */
export const watchOtherTabsFx = createEffect(() => {
  const themeElsewhere = scopeBind(themeChangedElsewhere, { safe: true });
  const cityElsewhere = scopeBind(cityChangedElsewhere, { safe: true });
  onStorageChange(STORAGE_KEYS.APP_THEME, themeElsewhere);
  onStorageChange(STORAGE_KEYS.CURRENT_CITY, cityElsewhere);
});

sample({ clock: appStarted, target: [themeRestored, cityRestored, viewModesRestored, watchOtherTabsFx] });
