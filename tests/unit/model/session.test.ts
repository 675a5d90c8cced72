import { allSettled, fork } from 'effector';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockPlatform } from '../../../platform/mock';
import {
  $isAnonymous,
  $token,
  $userId,
  anonymousFlagChangedElsewhere,
  isTokenFresh,
  loggedOut,
  sessionStarted,
  tokenReceived,
  tokenRevoked,
} from '@/entities/session';
import { ok, useNetwork } from '../support/network';

/** An unsigned JWT-shaped token: the client only reads its payload. */
const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
const future = () => Math.floor(Date.now() / 1000) + 3600;

function environment(overrides: { loginFields?: Record<string, string>; stored?: string | null; initData?: string } = {}) {
  const platform = createMockPlatform();
  if (overrides.stored) platform.tokenStorage.set(overrides.stored);
  const reload = vi.fn();
  return {
    platform,
    reload,
    env: {
      tokenStorage: platform.tokenStorage,
      bootstrap: overrides.initData
        ? ({ kind: 'telegram-init-data', initData: overrides.initData } as const)
        : overrides.loginFields
          ? ({ kind: 'telegram-login-widget', fields: overrides.loginFields } as const)
          : ({ kind: 'none' } as const),
      reload,
    },
  };
}

const network = useNetwork();

/** The passport service at the network: each answer by path; anything else is refused. */
function stubPassport(responses: Record<string, object>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  network.use(
    http.post('*/passport/*', async ({ request }) => {
      const path = new URL(request.url).pathname.replace(/^\/passport/, '');
      calls.push({ path, body: await request.json() });
      const response = responses[path];
      return response
        ? HttpResponse.json(ok(response))
        : HttpResponse.json({ result: 'error', message: `unexpected ${path}`, statusCode: 500, detail: null }, { status: 500 });
    }),
  );
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('session (spec §4)', () => {
  it('reuses a stored token whose exp is in the future', async () => {
    const stored = token({ id: 7, exp: future(), isAnonymous: false });
    const calls = stubPassport({});
    const { env } = environment({ stored });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    expect(calls).toEqual([]);
    expect(scope.getState($token)).toBe(stored);
    expect(scope.getState($isAnonymous)).toBe(false);
    expect(scope.getState($userId)).toBe(7);
  });

  it('requests an anonymous token when the stored one expired', async () => {
    const fresh = token({ id: 8, exp: future(), isAnonymous: true });
    const calls = stubPassport({ '/data/token': { token: fresh, expires: future(), isAnonymous: true } });
    const { env, platform } = environment({ stored: token({ id: 7, exp: 1000, isAnonymous: false }) });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    expect(calls.map((c) => c.path)).toEqual(['/data/token']);
    expect(platform.tokenStorage.get()).toBe(fresh);
    expect(localStorage.getItem('isAnonymous')).toBe('true');
  });

  it('signs in from the Login Widget callback the platform took out of the URL', async () => {
    const signed = token({ id: 9, exp: future(), isAnonymous: false });
    const calls = stubPassport({ '/data/login/telegram': { token: signed, expires: future(), isAnonymous: false } });
    const { env } = environment({ loginFields: { id: '42', first_name: 'A', auth_date: '1', hash: 'abc' } });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    expect(calls[0]).toEqual({ path: '/data/login/telegram', body: { id: '42', first_name: 'A', auth_date: '1', hash: 'abc' } });
    expect(scope.getState($isAnonymous)).toBe(false);
    expect(localStorage.getItem('isAnonymous')).toBe('false');
  });

  it('in the Mini App signs in with initData before anything else', async () => {
    const signed = token({ id: 10, exp: future(), isAnonymous: false });
    const calls = stubPassport({ '/data/login/telegram/init-data': { token: signed, expires: future(), isAnonymous: false } });
    const { env } = environment({ initData: 'user=…&hash=…', stored: token({ id: 1, exp: future(), isAnonymous: true }) });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    expect(calls.map((c) => c.path)).toEqual(['/data/login/telegram/init-data']);
    expect(scope.getState($userId)).toBe(10);
  });

  it('logout gets a new anonymous token; a revoked token also reloads the page', async () => {
    const anon = token({ id: 11, exp: future(), isAnonymous: true });
    stubPassport({ '/data/token': { token: anon, expires: future(), isAnonymous: true } });
    const { env, reload } = environment({ stored: token({ id: 5, exp: future(), isAnonymous: false }) });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    await allSettled(loggedOut, { scope });
    expect(scope.getState($isAnonymous)).toBe(true);
    expect(scope.getState($userId)).toBe(11);
    expect(reload).not.toHaveBeenCalled();
    await allSettled(tokenRevoked, { scope });
    expect(localStorage.getItem('isAnonymous')).toBe('true');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a token from the stream upgrades the session; another tab flipping IS_ANONYMOUS re-reads the stored token', async () => {
    stubPassport({});
    const { env, platform } = environment({ stored: token({ id: 3, exp: future(), isAnonymous: true }) });
    const scope = fork();
    await allSettled(sessionStarted, { scope, params: env });
    const signed = token({ id: 4, exp: future(), isAnonymous: false });
    await allSettled(tokenReceived, { scope, params: { token: signed, expires: 0, isAnonymous: false } });
    expect(scope.getState($isAnonymous)).toBe(false);
    expect(platform.tokenStorage.get()).toBe(signed);
    // The other tab logged out and stored its anonymous token in the shared storage.
    platform.tokenStorage.set(token({ id: 12, exp: future(), isAnonymous: true }));
    await allSettled(anonymousFlagChangedElsewhere, { scope, params: 'true' });
    expect(scope.getState($isAnonymous)).toBe(true);
    expect(scope.getState($userId)).toBe(12);
  });
});

describe('session helpers', () => {
  it('isTokenFresh reads exp', () => {
    expect(isTokenFresh(token({ id: 1, exp: future() }))).toBe(true);
    expect(isTokenFresh(token({ id: 1, exp: 1 }))).toBe(false);
    expect(isTokenFresh('garbage')).toBe(false);
    expect(isTokenFresh(null)).toBe(false);
  });
});
