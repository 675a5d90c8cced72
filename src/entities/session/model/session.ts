import type { AuthBootstrap, TokenStorage } from '@platform';
import { attach, createEvent, createStore, sample } from 'effector';
import { api } from '@/shared/api';
import type { Endpoints, TokenResponse } from '@/shared/api';

type LoginWidgetFields = Endpoints['loginTelegram']['body'];
import { STORAGE_KEYS, writeStorage } from '@/shared/lib';
import { decodeTokenPayload, isTokenFresh } from '../lib/jwt';

/** What the session needs from where the app runs (given once by app/ at start). */
export interface SessionEnvironment {
  tokenStorage: TokenStorage;
  bootstrap: AuthBootstrap;
  reload: () => void;
}

export const sessionStarted = createEvent<SessionEnvironment>();
/** Another tab changed IS_ANONYMOUS (spec §4 Cross-tab sync). */
export const anonymousFlagChangedElsewhere = createEvent<string | null>();
/** The user pressed 'Выйти'. */
export const loggedOut = createEvent();
/** The cabinet profile came back empty: the token was revoked. */
export const tokenRevoked = createEvent();
/** «Повторить» on a screen that could not start the session (the server did not answer). */
export const sessionRetried = createEvent();
/** A sign-in (bot stream, widget) delivered a token. */
export const tokenReceived = createEvent<TokenResponse>();

const $environment = createStore<SessionEnvironment | null>(null, { serialize: 'ignore' }).on(sessionStarted, (_, env) => env);
export const $token = createStore<string | null>(null);
export const $isAnonymous = createStore(true);
export const $userId = createStore<number | null>(null);
export const $sessionReady = createStore(false);

const fromToken = (token: string): TokenResponse => {
  const payload = decodeTokenPayload(token);
  return { token, expires: payload?.exp ?? 0, isAnonymous: payload?.isAnonymous ?? true };
};

/**
 * Spec §4 Session, in order: the Mini App signs in with initData; a Login Widget callback (the website's platform
 * took it out of the URL) signs in; a stored token with exp in the future is reused; otherwise
 * an anonymous token is requested.
 */
export const loadSessionFx = attach({
  source: $environment,
  effect: async (env): Promise<TokenResponse> => {
    if (!env) throw new Error('Сессия запущена без окружения');
    if (env.bootstrap.kind === 'telegram-init-data') {
      try {
        return await api.call('loginInitData', { body: { initData: env.bootstrap.initData } });
      } catch {
        /* Telegram's signature was refused: the Mini App still works anonymously */
      }
    }
    if (env.bootstrap.kind === 'telegram-login-widget') {
      try {
        // The server checks the fields and their signature.
        return await api.call('loginTelegram', { body: env.bootstrap.fields as LoginWidgetFields });
      } catch {
        /* a bad or stale callback: continue with the current session */
      }
    }
    const stored = env.tokenStorage.get();
    if (isTokenFresh(stored)) return fromToken(stored!);
    return api.call('passportToken');
  },
});

/** Back to an anonymous session: forget the token, get a new anonymous one. */
export const resetToAnonymousFx = attach({
  source: $environment,
  effect: async (env): Promise<TokenResponse> => {
    writeStorage(STORAGE_KEYS.IS_ANONYMOUS, 'true');
    env?.tokenStorage.clear();
    return api.call('passportToken');
  },
});

const storeTokenFx = attach({
  source: $environment,
  effect: (env, session: TokenResponse) => {
    env?.tokenStorage.set(session.token, session.expires);
    writeStorage(STORAGE_KEYS.IS_ANONYMOUS, String(session.isAnonymous));
  },
});

/** 'Token was revoked' (spec §8): anonymous again, with a page reload. */
const resetAndReloadFx = attach({
  source: $environment,
  effect: async (env): Promise<void> => {
    writeStorage(STORAGE_KEYS.IS_ANONYMOUS, 'true');
    env?.tokenStorage.clear();
    env?.reload();
  },
});

sample({ clock: sessionStarted, target: loadSessionFx });
// A token from the stream carries no expiry of its own: read exp and isAnonymous from the token.
const received = tokenReceived.map((s) => fromToken(s.token));
const sessionArrived = sample({ clock: [loadSessionFx.doneData, resetToAnonymousFx.doneData, received] });
sample({ clock: sessionArrived, target: storeTokenFx });
$token.on(sessionArrived, (_, s) => s.token);
$isAnonymous.on(sessionArrived, (_, s) => s.isAnonymous);
$userId.on(sessionArrived, (_, s) => decodeTokenPayload(s.token)?.id ?? null);
$sessionReady.on(loadSessionFx.finally, () => true);

/**
 * Who the app acts for: the user and whether they signed in. Signing in may keep the anonymous user's id (the account
 * is created from it) and still is another identity (spec §4 Session: an upgrade clears the cached data).
 */
const identityOf = (session: TokenResponse): string | null => {
  const id = decodeTokenPayload(session.token)?.id;
  return id === undefined ? null : `${id}:${session.isAnonymous}`;
};
const $identity = createStore<{ previous: string | null; current: string | null }>({ previous: null, current: null }).on(
  sessionArrived,
  ({ current }, session) => ({ previous: current, current: identityOf(session) }),
);
/** Sign-in, sign-out, a merge into an account, another tab's session: the first session is none of these. */
export const identityChanged = sample({
  clock: $identity.updates,
  filter: ({ previous, current }) => previous !== null && previous !== current,
});
/** No session could be started: screens that need one say so instead of waiting for it. */
export const $sessionFailed = createStore(false)
  .on(loadSessionFx.fail, () => true)
  .reset(sessionArrived);
sample({ clock: sessionRetried, filter: loadSessionFx.pending.map((pending) => !pending), target: loadSessionFx });

sample({ clock: loggedOut, target: resetToAnonymousFx });
sample({ clock: tokenRevoked, target: resetAndReloadFx });
// Another tab logged in or out: the shared storage already holds its token; read it again.
sample({ clock: anonymousFlagChangedElsewhere, filter: (value) => value === 'true' || value === 'false', target: loadSessionFx });
