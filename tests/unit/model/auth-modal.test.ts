import { allSettled, fork, type EventCallable, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $isAnonymous } from '@/entities/session';
import {
  $navigateTo,
  $streamPending,
  AUTH_ERRORS,
  authButtonClicked,
  authEnvironmentSet,
  authModalOpened,
  classifyStreamData,
  type StreamResult,
} from '@/features/auth-modal';
// The flow's effects, replaced in the scope: the flow is a chunk the modal's first opening loads (it is loaded here at
// once, so the handlers are in place before the first fork).
import { fetchBindingInfoFx, listenStreamFx } from '@/features/auth-modal/model/flow';
import { $modal, $notifications } from '@/shared/model';

const info = {
  eventEmitterId: 'e-1',
  telegramBindingToken: 'tok',
  deepLink: 'tg://resolve?domain=bot&start=tok',
  webFallbackLink: 'https://t.me/bot?start=tok',
};
const signedToken = `h.${btoa(JSON.stringify({ id: 5, exp: 9_999_999_999, isAnonymous: false }))}.s`;

/**
 * Launches a unit under fake timers and lets 120 ms pass (the modal's open delay). Toasts keep
 * their 5 s timers pending, so this does not wait for everything to settle.
 */
async function run<T>(scope: Scope, unit: EventCallable<T>, params?: T) {
  void allSettled(unit, { scope, params: params as T });
  await vi.advanceTimersByTimeAsync(120);
}

function setup(result: StreamResult, bindingType: string[] = []) {
  const opened: string[] = [];
  const scope = fork({
    handlers: [
      [fetchBindingInfoFx, async (type: 'login' | 'binding') => (bindingType.push(type), info)],
      [listenStreamFx, async () => result],
    ],
  });
  return { scope, opened, env: { openBinding: ({ deepLink }: { deepLink: string }) => (opened.push(deepLink), () => undefined) } };
}

describe('auth modal flow (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches binding info by mode: login for login, binding otherwise', async () => {
    for (const [authType, expected] of [
      ['login', 'login'],
      ['binding', 'binding'],
      ['resubscribe', 'binding'],
    ] as const) {
      const types: string[] = [];
      const { scope } = setup({ kind: 'ok' }, types);
      await run(scope, authModalOpened, { authType });
      expect(types).toEqual([expected]);
    }
  });

  it('a token closes the modal, upgrades the session and goes to pendingNavigateTo', async () => {
    const { scope, env, opened } = setup({ kind: 'token', token: signedToken });
    await allSettled(authEnvironmentSet, { scope, params: env });
    void allSettled(authModalOpened, { scope, params: { authType: 'binding', pendingNavigateTo: '/agent' } });
    await vi.advanceTimersByTimeAsync(60);
    expect(scope.getState($modal)?.id).toBe('auth');
    await allSettled(authButtonClicked, { scope });
    expect(opened).toEqual([info.deepLink]);
    expect(scope.getState($modal)).toBeNull();
    expect(scope.getState($isAnonymous)).toBe(false);
    expect(scope.getState($navigateTo)).toBe('/agent');
    expect(scope.getState($streamPending)).toBe(false);
  });

  it('the binding’s web fallback is the platform’s, stopped once the stream answers', async () => {
    let finish: (r: StreamResult) => void = () => undefined;
    const scope = fork({
      handlers: [
        [fetchBindingInfoFx, async () => info],
        [listenStreamFx, () => new Promise<StreamResult>((r) => (finish = r))],
      ],
    });
    const log: string[] = [];
    const env = { openBinding: ({ deepLink }: { deepLink: string }) => (log.push(`open ${deepLink}`), () => void log.push('stop')) };
    await allSettled(authEnvironmentSet, { scope, params: env });
    await run(scope, authModalOpened, { authType: 'login' });
    const clicked = allSettled(authButtonClicked, { scope });
    expect(log).toEqual([`open ${info.deepLink}`]);
    finish({ kind: 'ok' });
    await clicked;
    expect(log).toEqual([`open ${info.deepLink}`, 'stop']);
  });

  it.each<[StreamResult, string]>([
    [{ kind: 'message', message: 'Incorrect Auth' }, AUTH_ERRORS.incorrectAuth],
    [{ kind: 'message', message: 'Время ожидания входа истекло, попробуйте ещё раз' }, 'Время ожидания входа истекло, попробуйте ещё раз'],
    [{ kind: 'unparseable', data: '<html>' }, 'Неизвестная ошибка: <html>'],
    [{ kind: 'connection-error' }, 'Произошла ошибка соединения'],
  ])('stream %j → the notification of spec §8', async (result, text) => {
    const { scope, env } = setup(result);
    await allSettled(authEnvironmentSet, { scope, params: env });
    await run(scope, authModalOpened, { authType: 'login' });
    await run<void>(scope, authButtonClicked);
    expect(scope.getState($notifications).map((n) => n.text)).toEqual([text]);
  });

  it('a failed binding-info fetch says Telegram is unavailable', async () => {
    const scope = fork({ handlers: [[fetchBindingInfoFx, async () => Promise.reject(new Error('down'))]] });
    await run(scope, authModalOpened, { authType: 'login' });
    expect(scope.getState($notifications)[0]?.text).toBe('Telegram API недоступно. Попробуйте позже');
  });
});

describe('stream message classification', () => {
  it('reads the spec messages', () => {
    expect(classifyStreamData('{"status":"ok","token":"t"}')).toEqual({ kind: 'token', token: 't' });
    expect(classifyStreamData('{"status":"ok"}')).toEqual({ kind: 'ok' });
    expect(classifyStreamData('{"message":"x"}')).toEqual({ kind: 'message', message: 'x' });
    expect(classifyStreamData('oops')).toEqual({ kind: 'unparseable', data: 'oops' });
    expect(classifyStreamData('42')).toEqual({ kind: 'unparseable', data: '42' });
  });
});
