import type { QueryClient } from '@tanstack/react-query';
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import { cityChangedElsewhere, cityRestored } from '@/entities/city';
import { analyticsConsentStarted } from '@/entities/consent';
import { anonymousFlagChangedElsewhere, sessionStarted, type SessionEnvironment } from '@/entities/session';
import { authEnvironmentSet, type AuthEnvironment } from '@/features/auth-modal';
import { themeChangedElsewhere, themeRestored } from '@/features/theme-toggle';
import { viewModesRestored } from '@/features/view-mode';
import { cleanIds, compareReplaced, compareRestored } from '@/features/compare-apartments';
import { STORAGE_KEYS, onStorageChange } from '@/shared/lib';
import { analyticsNeedConsent } from '@/shared/outside';
import { serverCacheAttached } from './server-cache';
import { syncedSettingsStarted, type SyncedSettingsEnvironment } from './synced-settings';

/** Where the app runs, as the models need it (built from the Platform in main.tsx). */
export interface AppEnvironment {
  session: SessionEnvironment;
  auth: AuthEnvironment;
  /** The query cache the pages read; what flows change in it is wired in server-cache.ts. */
  queryClient: QueryClient;
  /** The Mini App: the buyer's last city and views, kept with their Telegram account. */
  synced?: SyncedSettingsEnvironment;
  /** The analytics consent: what the platform does when it is withdrawn. */
  outside: { forgetCookies: (names: RegExp) => void };
}

/** The one explicit start of the app: restore what was saved, start the session, listen to other tabs. */
export const appStarted = createEvent<AppEnvironment>();

/** Spec §4 Cross-tab sync: theme and city changes in another tab apply here too. */
export const watchOtherTabsFx = createEffect(() => {
  const themeElsewhere = scopeBind(themeChangedElsewhere, { safe: true });
  const cityElsewhere = scopeBind(cityChangedElsewhere, { safe: true });
  const anonymousElsewhere = scopeBind(anonymousFlagChangedElsewhere, { safe: true });
  onStorageChange(STORAGE_KEYS.APP_THEME, themeElsewhere);
  onStorageChange(STORAGE_KEYS.CURRENT_CITY, cityElsewhere);
  onStorageChange(STORAGE_KEYS.IS_ANONYMOUS, anonymousElsewhere);
  const compareElsewhere = scopeBind(compareReplaced, { safe: true });
  onStorageChange(STORAGE_KEYS.COMPARE_IDS, (value) => compareElsewhere(cleanIds(value ? (JSON.parse(value) as unknown) : [])));
});

sample({ clock: appStarted, target: [themeRestored, cityRestored, viewModesRestored, compareRestored, watchOtherTabsFx] });
sample({ clock: appStarted, fn: (env) => env.queryClient, target: serverCacheAttached });
sample({ clock: appStarted, fn: (env) => env.auth, target: authEnvironmentSet });
sample({
  clock: appStarted,
  fn: (env) => ({ needed: analyticsNeedConsent(), forgetCookies: env.outside.forgetCookies }),
  target: analyticsConsentStarted,
});
sample({ clock: appStarted, fn: (env) => env.session, target: sessionStarted });
sample({
  clock: appStarted,
  filter: (env) => env.synced !== undefined,
  fn: (env) => env.synced!,
  target: syncedSettingsStarted,
});
