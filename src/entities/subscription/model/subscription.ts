import { attach, createEffect, createEvent, createStore, merge, sample } from 'effector';
import { fetchSubscription } from '../api/subscription';
import { deriveSubscription, type DerivedSubscription, type Subscription } from '../lib/derive';

/** Re-read the subscription (after a payment, a cancel, a sign-in). */
export const subscriptionRefreshRequested = createEvent();
/** The 1-day timer reached expiredAt and the re-read subscription is over (spec §4). */
export const subscriptionExpired = createEvent();
export const subscriptionReset = createEvent();
/**
 * A subscription read elsewhere and applied as the current one: the LIRA load reads it together with the profile
 * and applies it only if that load is still current (a read in flight across a logout must not write it back).
 */
export const subscriptionReceived = createEvent<DerivedSubscription | null>();

/** GET the subscription; a failure means none. */
export const fetchSubscriptionFx = createEffect((): Promise<Subscription | null> => fetchSubscription());

/** Reads and derives against the clock: a past expiredAt is EXPIRED whatever the server says. */
export const loadSubscriptionFx = createEffect(async (): Promise<DerivedSubscription | null> => {
  const raw = await fetchSubscriptionFx();
  return raw ? deriveSubscription(raw, Date.now()) : null;
});

/** The running expiry timer of this scope, so a new one (or a reset) stops it: at most one at a time. */
const $expiryTimer = createStore<ReturnType<typeof setTimeout> | null>(null, { serialize: 'ignore' });
const expiryTimerStarted = createEvent<ReturnType<typeof setTimeout>>();
$expiryTimer.on(expiryTimerStarted, (_, timer) => timer);
/** Waits until expiredAt; the timer it starts replaces the previous one. */
export const waitForExpiryFx = attach({
  source: $expiryTimer,
  effect: createEffect(
    ({ previous, expiresAtMs }: { previous: ReturnType<typeof setTimeout> | null; expiresAtMs: number }) =>
      new Promise<void>((resolve) => {
        if (previous !== null) clearTimeout(previous);
        // Called synchronously inside the handler, so it lands in the effect's scope.
        expiryTimerStarted(setTimeout(resolve, Math.max(0, expiresAtMs - Date.now())));
      }),
  ),
  mapParams: (expiresAtMs: number, previous) => ({ previous, expiresAtMs }),
});
export const stopExpiryTimerFx = attach({
  source: $expiryTimer,
  effect: (timer) => {
    if (timer !== null) clearTimeout(timer);
  },
});
$expiryTimer.reset(stopExpiryTimerFx.done);

const received = merge([loadSubscriptionFx.doneData, subscriptionReceived]);

export const $subscription = createStore<DerivedSubscription | null>(null)
  .on(received, (_, sub) => sub)
  .reset(subscriptionReset);

sample({ clock: subscriptionRefreshRequested, target: loadSubscriptionFx });

// Spec §4: when one day is left, a timer runs until expiredAt, then the subscription is read again.
sample({
  clock: received,
  filter: (sub): sub is DerivedSubscription => sub !== null && sub.daysLeft === 1 && sub.expiresAtMs !== null,
  fn: (sub) => sub!.expiresAtMs!,
  target: waitForExpiryFx,
});
sample({ clock: [subscriptionReset, received.filter({ fn: (sub) => sub === null || sub.daysLeft !== 1 })], target: stopExpiryTimerFx });
const timerFired = sample({ clock: waitForExpiryFx.done });
const recheckFx = createEffect(async (): Promise<DerivedSubscription | null> => loadSubscriptionFx());
sample({ clock: timerFired, target: recheckFx });
sample({
  clock: recheckFx.doneData,
  // "sets EXPIRED if expired": an absent subscription after expiry counts as expired too.
  filter: (sub) => sub === null || sub.status === 'EXPIRED',
  target: subscriptionExpired,
});
