import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { tokenReceived } from '@/entities/session';
import { RAW_PATHS, api } from '@/shared/api';
import type { BindingInfo } from '@/shared/api';
import { modalClosed, modalOpened, notificationShown } from '@/shared/model';
import { AUTH_ERRORS, classifyStreamData, streamErrorText, type StreamResult } from '../lib/stream-message';

export type AuthType = 'login' | 'binding' | 'resubscribe';

/** How the modal reaches the bot where the app runs (the platform's, given by app/). */
export interface AuthEnvironment {
  /** Opens the deep link (and, on the website, its web version later); returns the stop for that fallback. */
  openBinding: (links: { deepLink: string; webFallbackLink: string }) => () => void;
}

export const authEnvironmentSet = createEvent<AuthEnvironment>();
export const authModalOpened = createEvent<{ authType: AuthType; pendingNavigateTo?: string | null }>();
export const authButtonClicked = createEvent();
export const authModalDismissed = createEvent();
/** After a successful sign-in, where to go (consumed by the router). */
export const navigationRequested = createEvent<string>();
export const navigationHandled = createEvent();

const $environment = createStore<AuthEnvironment | null>(null, { serialize: 'ignore' }).on(authEnvironmentSet, (_, env) => env);
export const $authType = createStore<AuthType>('login').on(authModalOpened, (_, { authType }) => authType);
export const $pendingNavigateTo = createStore<string | null>(null).on(
  authModalOpened,
  (_, { pendingNavigateTo }) => pendingNavigateTo ?? null,
);
export const $bindingInfo = createStore<BindingInfo | null>(null);
/** The button was pressed and the stream is open. */
export const $streamPending = createStore(false);
export const $navigateTo = createStore<string | null>(null)
  .on(navigationRequested, (_, to) => to)
  .reset(navigationHandled);

export const fetchBindingInfoFx = createEffect((type: 'login' | 'binding') => api.call('telegramBinding', { body: { type } }));

/**
 * Waits for the one final message of the stream, then closes it. Read through the shared client
 * (not EventSource): the server answers the stream only to the bearer that asked for the binding.
 */
export const listenStreamFx = createEffect((eventEmitterId: string): Promise<StreamResult> =>
  api.passport
    .firstEvent(RAW_PATHS.PASSPORT_EVENTS, { params: { id: eventEmitterId } })
    .then(classifyStreamData, () => ({ kind: 'connection-error' as const })),
);

/** The stop of the open binding's web fallback (the platform's timer), kept in the scope. */
const $stopFallback = createStore<(() => void) | null>(null, { serialize: 'ignore' });
export const clearWebFallbackFx = attach({ source: $stopFallback, effect: (stop) => stop?.() });
$stopFallback.reset(clearWebFallbackFx.finally);

const openBindingFx = attach({
  source: { env: $environment, stop: $stopFallback },
  effect: ({ env, stop }, info: BindingInfo) => {
    stop?.();
    return env?.openBinding(info) ?? null;
  },
});
$stopFallback.on(openBindingFx.doneData, (_, stop) => stop);

// 1. Opening fetches binding info: 'login' for login, 'binding' otherwise.
sample({
  clock: authModalOpened,
  fn: ({ authType }) => ({ id: 'auth' as const, props: { authType }, delay: 50 as const }),
  target: modalOpened,
});
$bindingInfo.reset(authModalOpened).on(fetchBindingInfoFx.doneData, (_, info) => info);
sample({ clock: authModalOpened, fn: ({ authType }) => (authType === 'login' ? 'login' : 'binding'), target: fetchBindingInfoFx });
sample({ clock: fetchBindingInfoFx.fail, fn: () => ({ text: AUTH_ERRORS.telegramUnavailable }), target: notificationShown });

// 2–4. The click opens the stream, marks the button pending, opens the deep link, arms the web fallback.
const clicked = sample({
  clock: authButtonClicked,
  source: $bindingInfo,
  filter: (info: BindingInfo | null): info is BindingInfo => info !== null,
});
sample({ clock: clicked, fn: (info) => info.eventEmitterId, target: listenStreamFx });
sample({ clock: clicked, target: openBindingFx });
$streamPending.on(clicked, () => true).reset([listenStreamFx.finally, authModalOpened]);

// 5–7. The outcome.
const outcome = listenStreamFx.doneData;
sample({ clock: outcome, target: clearWebFallbackFx });
sample({
  clock: outcome.filterMap((r) => (r.kind === 'token' ? { token: r.token, expires: 0, isAnonymous: false } : undefined)),
  target: tokenReceived,
});
const succeeded = sample({ clock: outcome, filter: (r) => r.kind === 'token' || r.kind === 'ok' });
sample({ clock: succeeded, target: modalClosed });
sample({ clock: succeeded, source: $pendingNavigateTo, filter: (to): to is string => Boolean(to), target: navigationRequested });
sample({ clock: outcome.filterMap((r) => streamErrorText(r) ?? undefined), fn: (text) => ({ text }), target: notificationShown });

sample({ clock: authModalDismissed, target: [modalClosed, clearWebFallbackFx] });
$streamPending.reset(authModalDismissed);
