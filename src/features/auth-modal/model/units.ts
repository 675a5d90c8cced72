import { createEvent, createStore, sample } from 'effector';
import { modalClosed, modalOpened } from '@/shared/model';
import type { StreamResult } from '../lib/stream-message';

/*
 * What the first screen needs of the auth modal: its events, and the stores the layout reads (where to go after
 * sign-in, whether the stream is waiting). The flow behind them (binding info, the stream, the bot's link) is
 * ./flow.ts, a chunk of its own loaded when the modal is first opened (./load-flow.ts).
 */

export type AuthType = 'login' | 'binding' | 'resubscribe';

/** How the modal reaches the bot where the app runs (the platform's, given by app/). */
export interface AuthEnvironment {
  /** Opens the deep link (and, on the website, its web version later); returns the stop for that fallback. */
  openBinding: (links: { deepLink: string; webFallbackLink: string }) => () => void;
}

export interface AuthModalParams {
  authType: AuthType;
  pendingNavigateTo?: string | null;
}

export const authEnvironmentSet = createEvent<AuthEnvironment>();
export const authModalOpened = createEvent<AuthModalParams>();
export const authButtonClicked = createEvent();
export const authModalDismissed = createEvent();
/** After a successful sign-in, where to go (consumed by the router). */
export const navigationRequested = createEvent<string>();
export const navigationHandled = createEvent();
/** The flow is loaded and listening: the opening it was loaded for starts it (that event came before it). */
export const authFlowOpened = createEvent<AuthModalParams>();
/** The binding stream's one final message, classified (a page may act on the bot being started again). */
export const bindingStreamAnswered = createEvent<StreamResult>();

/** Set at the app's start, long before the flow loads. */
export const $environment = createStore<AuthEnvironment | null>(null, { serialize: 'ignore' }).on(authEnvironmentSet, (_, env) => env);
export const $authType = createStore<AuthType>('login').on(authModalOpened, (_, { authType }) => authType);
export const $pendingNavigateTo = createStore<string | null>(null).on(
  authModalOpened,
  (_, { pendingNavigateTo }) => pendingNavigateTo ?? null,
);
/** The button was pressed and the stream is open. */
export const $streamPending = createStore(false).reset(authModalOpened, authModalDismissed);
export const $navigateTo = createStore<string | null>(null)
  .on(navigationRequested, (_, to) => to)
  .reset(navigationHandled);

// The modal itself opens at once (its view is a chunk of its own too); a dismissal closes it whether or not the flow
// has loaded.
sample({
  clock: authModalOpened,
  fn: ({ authType }) => ({ id: 'auth' as const, props: { authType }, delay: 50 as const }),
  target: modalOpened,
});
sample({ clock: authModalDismissed, target: modalClosed });
