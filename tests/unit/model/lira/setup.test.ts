// features/lira-settings setup: create → trial → start, and LIRA_SWITCH into the guided creation (split from the former tests/unit/model/lira.test.ts).
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $liraStatus,
  $profileInitialised,
  liraLoadRequested,
  selectionStartRequested,
  selectionStarted,
  variantsReloadRequired,
  createProfileFx,
  profileCreationSubmitted,
  startTrialFx,
  $subscription,
  fetchSubscriptionFx,
  $drawer,
  drawerViewRequested,
  sub,
  form,
  profile,
  setup,
  texts,
  type LiraStatus,
  type Subscription,
} from './fixtures';

afterEach(() => vi.useRealTimers());

describe('create → NOT_PAID → trial → start selection (spec §4)', () => {
  it('creates, takes the trial (3 days) and starts: START, status sent, lists reloaded', async () => {
    const { scope, puts } = setup({ subscription: null });
    const started = vi.fn();
    const reloaded = vi.fn();
    const unwatch = [selectionStarted.watch(started), variantsReloadRequired.watch(reloaded)];
    await allSettled(profileCreationSubmitted, { scope, params: form() });
    unwatch.forEach((u) => u());
    expect(scope.getState($liraStatus)).toBe('START');
    expect(puts).toEqual(['START']);
    expect(scope.getState($subscription)?.daysLeft).toBe(3);
    expect(started).toHaveBeenCalledWith('START');
    expect(reloaded).toHaveBeenCalled();
  });

  it('a retry after the trial went through but the start failed skips the trial (once per user) and starts', async () => {
    const { handlers, puts } = setup({ subscription: sub('ACTIVE', 3 * 86_400_000) });
    const trial = vi.fn(async () => Promise.reject(new Error('Промокод уже использован')));
    const retry = fork({
      values: [
        [$liraStatus, 'NOT_PAID'],
        [$profileInitialised, true],
      ],
      handlers: [...handlers.filter(([fx]) => fx !== startTrialFx), [startTrialFx, trial]],
    });
    await allSettled(profileCreationSubmitted, { scope: retry, params: form() });
    expect(trial).not.toHaveBeenCalled();
    expect(retry.getState($liraStatus)).toBe('START');
    expect(texts(retry)).toEqual([]);
    expect(puts).toEqual(['START']);
  });

  it('a trial refused leaves NOT_PAID and says why', async () => {
    vi.useFakeTimers();
    const refused = fork({
      values: [[$liraStatus, 'NOT_CREATED']],
      handlers: [
        [createProfileFx, async () => profile('NOT_PAID')],
        [fetchSubscriptionFx, async () => null],
        [startTrialFx, async () => Promise.reject(new Error('Пробный период уже использован'))],
      ],
    });
    void allSettled(profileCreationSubmitted, { scope: refused, params: form() });
    await vi.advanceTimersByTimeAsync(10);
    expect(refused.getState($liraStatus)).toBe('NOT_PAID');
    expect(texts(refused)).toContain('Не удалось подключить пробный период: Пробный период уже использован');
  });

  it.each<[LiraStatus, Subscription['status'], LiraStatus]>([
    ['NOT_PAID', 'ACTIVE', 'START'],
    ['NOT_PAID', 'CANCELLED', 'START'],
    ['EXPIRED', 'ACTIVE', 'ACTIVE'],
    ['REJECTED', 'CANCELLED', 'CANCELLED'],
  ])('start selection from %s with subscription %s → %s', async (from, subStatus, expected) => {
    const { scope, puts } = setup({ status: from, subscription: sub(subStatus) });
    await allSettled(selectionStartRequested, { scope });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(puts).toEqual([expected]);
  });

  it.each([['EXPIRED'], ['PAST_DUE'], [null]] as const)(
    "subscription %s: 'Ошибка оформления подписки', status unchanged",
    async (subStatus) => {
      vi.useFakeTimers();
      const { scope, puts } = setup({
        status: 'NOT_PAID',
        subscription: subStatus ? sub(subStatus, subStatus === 'EXPIRED' ? -1000 : 86_400_000) : null,
      });
      void allSettled(selectionStartRequested, { scope });
      await vi.advanceTimersByTimeAsync(10);
      expect(scope.getState($liraStatus)).toBe('NOT_PAID');
      expect(puts).toEqual([]);
      expect(texts(scope)).toContain('Ошибка оформления подписки');
    },
  );
});

describe('LIRA_SWITCH of a profile not created opens LIRA_CREATION (spec §2)', () => {
  it('only once the profile is initialised', async () => {
    const { scope } = setup({ profile: null, initialised: false });
    await allSettled(drawerViewRequested, { scope, params: 'LIRA_SWITCH' });
    expect(scope.getState($drawer).view).toBe('LIRA_SWITCH');
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    await allSettled(drawerViewRequested, { scope, params: 'LIRA_SWITCH' });
    expect(scope.getState($drawer).view).toBe('LIRA_CREATION');
    const created = setup({ status: 'ACTIVE', profile: profile('ACTIVE') });
    await allSettled(liraLoadRequested, { scope: created.scope, params: { cityKladr: 78, hasMetro: true } });
    await allSettled(drawerViewRequested, { scope: created.scope, params: 'LIRA_SWITCH' });
    expect(created.scope.getState($drawer).view).toBe('LIRA_SWITCH');
  });
});
