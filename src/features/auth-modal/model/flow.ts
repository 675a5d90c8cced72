import { attach, createEffect, createStore, sample } from 'effector';
import { tokenReceived } from '@/entities/session';
import { RAW_PATHS, api } from '@/shared/api';
import type { BindingInfo } from '@/shared/api';
import { modalClosed, notificationShown } from '@/shared/model';
import { AUTH_ERRORS, classifyStreamData, streamErrorText, type StreamResult } from '../lib/stream-message';
import {
  $environment,
  $pendingNavigateTo,
  $streamPending,
  authButtonClicked,
  authFlowOpened,
  authModalDismissed,
  authModalOpened,
  bindingStreamAnswered,
  navigationRequested,
} from './units';

/*
 * The auth modal's flow (spec §4 "Auth modal flow"), loaded with the modal's first opening (./load-flow.ts): it starts
 * from `authFlowOpened`, which follows every `authModalOpened` once this module is there.
 */

export const $bindingInfo = createStore<BindingInfo | null>(null);

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

// 1. Opening fetches binding info: 'login' for login, 'binding' otherwise (the modal itself was opened by ./units.ts).
$bindingInfo.reset(authModalOpened).on(fetchBindingInfoFx.doneData, (_, info) => info);
sample({ clock: authFlowOpened, fn: ({ authType }) => (authType === 'login' ? 'login' : 'binding'), target: fetchBindingInfoFx });
sample({ clock: fetchBindingInfoFx.fail, fn: () => ({ text: AUTH_ERRORS.telegramUnavailable }), target: notificationShown });

// 2–4. The click opens the stream, marks the button pending, opens the deep link, arms the web fallback.
const clicked = sample({
  clock: authButtonClicked,
  source: $bindingInfo,
  filter: (info: BindingInfo | null): info is BindingInfo => info !== null,
});
sample({ clock: clicked, fn: (info) => info.eventEmitterId, target: listenStreamFx });
sample({ clock: clicked, target: openBindingFx });
$streamPending.on(clicked, () => true).reset(listenStreamFx.finally);

// 5–7. The outcome.
const outcome = listenStreamFx.doneData;
sample({ clock: outcome, target: bindingStreamAnswered });
sample({ clock: outcome, target: clearWebFallbackFx });
sample({
  clock: outcome.filterMap((r) => (r.kind === 'token' ? { token: r.token, expires: 0, isAnonymous: false } : undefined)),
  target: tokenReceived,
});
const succeeded = sample({ clock: outcome, filter: (r) => r.kind === 'token' || r.kind === 'ok' });
sample({ clock: succeeded, target: modalClosed });
sample({ clock: succeeded, source: $pendingNavigateTo, filter: (to): to is string => Boolean(to), target: navigationRequested });
sample({ clock: outcome.filterMap((r) => streamErrorText(r) ?? undefined), fn: (text) => ({ text }), target: notificationShown });

sample({ clock: authModalDismissed, target: clearWebFallbackFx });
