import { sample } from 'effector';
import { createGate } from 'effector-react';
import { $liraStatus, $profileInitialised, liraLoadRequested } from '@/entities/lira-profile';
import { liraSettingsOpened } from '@/features/lira-settings';
import { paymentReturned } from '@/features/subscription-modals';
import { liraViewRestored } from './view';

/** The AGENT page on screen: the user and the city (hasMetro is null until the city list has loaded). */
export const LiraPageGate = createGate<{ userId: number; cityKladr: number; hasMetro: boolean | null }>();

/** The AGENT query parameters of spec §2, as the URL has them right now. */
export interface LiraQuery {
  settings: boolean;
  altSettings: boolean;
  settingsWishes: boolean;
  /** `?payment=<id>`: back from the payment page. */
  payment: string | null;
}
export const LiraQueryGate = createGate<LiraQuery>();

// The page shown: its sort and show-sold come back from local storage.
sample({ clock: LiraPageGate.open, target: liraViewRestored });
// A new user or city (or the page shown again) loads the profile and subscription.
sample({
  clock: LiraPageGate.state,
  source: LiraPageGate.status,
  filter: (open, page) => open && typeof page.hasMetro === 'boolean',
  fn: (_, page) => ({ cityKladr: page.cityKladr, hasMetro: page.hasMetro === true }),
  target: liraLoadRequested,
});

/**
 * 'settings' opens the main settings, 'alt_settings' the alternative settings, 'settings_wishes' the main settings on
 * the WISHES tab. Without a profile 'settings' goes through LIRA_SWITCH, which the setup turns into the guided creation.
 * All of it waits for the profile to load; the page then takes the parameters out of the URL.
 */
const queryArrived = sample({
  clock: [LiraQueryGate.state, $profileInitialised],
  source: { query: LiraQueryGate.state, open: LiraQueryGate.status, ready: $profileInitialised, status: $liraStatus },
  filter: ({ open, ready }) => open && ready,
});
sample({
  clock: queryArrived,
  filter: ({ query }) => query.settings || query.altSettings || query.settingsWishes,
  fn: ({ query, status }) =>
    query.settings
      ? { view: status === 'NOT_CREATED' ? ('LIRA_SWITCH' as const) : ('LIRA_MAIN' as const) }
      : query.altSettings
        ? { view: 'LIRA_ALTERNATIVE' as const }
        : { view: 'LIRA_MAIN' as const, tab: 'wishes' as const },
  target: liraSettingsOpened,
});
// Back from the payment page: the server, not the URL, says whether it went through.
sample({
  clock: queryArrived,
  filter: ({ query }) => Boolean(query.payment),
  fn: ({ query }) => query.payment as string,
  target: paymentReturned,
});
