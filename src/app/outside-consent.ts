import { createEffect, createEvent, createStore, sample } from 'effector';
import { $analyticsAllowed, analyticsConsentStarted } from '@/entities/consent';
import { METRIKA_COOKIES, analyticsNeedConsent, startAnalytics, stopAnalytics } from '@/shared/outside';

/** What the analytics consent needs from where the app runs. */
export interface OutsideConsentEnvironment {
  forgetCookies: (names: RegExp) => void;
}

export const outsideConsentStarted = createEvent<OutsideConsentEnvironment>();

const $environment = createStore<OutsideConsentEnvironment | null>(null, { serialize: 'ignore' }).on(
  outsideConsentStarted,
  (_, env) => env,
);

/** The counters load only once consent is given (startAnalytics), and stop the moment it is withdrawn, without a reload. */
const startAnalyticsFx = createEffect(startAnalytics);
const stopAnalyticsFx = createEffect((env: OutsideConsentEnvironment | null) => {
  stopAnalytics();
  env?.forgetCookies(METRIKA_COOKIES);
});

sample({ clock: outsideConsentStarted, fn: () => ({ needed: analyticsNeedConsent() }), target: analyticsConsentStarted });
sample({ clock: $analyticsAllowed.updates, filter: Boolean, target: startAnalyticsFx });
sample({ clock: $analyticsAllowed.updates, source: $environment, filter: (_, allowed) => !allowed, target: stopAnalyticsFx });
