// entities/lira-profile: load, status on load, the expiry timer, reset and stale answers (split from the former tests/unit/model/lira.test.ts).
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $extension,
  $liraForm,
  $liraStatus,
  $profileInitialised,
  emptyForm,
  fetchLiraProfileFx,
  liraLoadRequested,
  liraReset,
  liraStatusRefreshRequested,
  $subscription,
  sub,
  derived,
  profile,
  setup,
  type LiraProfile,
  type LiraStatus,
  type Subscription,
} from './fixtures';

afterEach(() => vi.useRealTimers());

describe('profile status on load (spec §4), in a forked scope', () => {
  it.each<[LiraStatus | null, Subscription['status'] | null, LiraStatus]>([
    ['STOP', 'ACTIVE', 'STOP'],
    ['ACTIVE', 'CANCELLED', 'CANCELLED'],
    ['CANCELLED', 'CANCELLED', 'CANCELLED'],
    ['START', 'CANCELLED', 'CANCELLED'],
    ['STOP', 'CANCELLED', 'REJECTED'],
    ['ACTIVE', 'EXPIRED', 'EXPIRED'],
    ['ACTIVE', 'PAST_DUE', 'EXPIRED'],
    ['ACTIVE', null, 'NOT_PAID'],
    [null, 'ACTIVE', 'NOT_CREATED'],
  ])('profile %s, subscription %s → %s', async (profileStatus, subStatus, expected) => {
    const { scope } = setup({
      status: 'START',
      profile: profileStatus ? profile(profileStatus) : null,
      subscription: subStatus ? sub(subStatus) : null,
    });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(scope.getState($profileInitialised)).toBe(true);
  });

  it('a subscription past its expiredAt loads as EXPIRED even if the server says ACTIVE', async () => {
    const { scope } = setup({ profile: profile('ACTIVE'), subscription: sub('ACTIVE', -1000) });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe('EXPIRED');
  });

  it('no profile: defaults from the matching preset, else the first; metro cleared without metro', async () => {
    const { scope } = setup({ profile: null });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: false, templateId: 2 } });
    expect(scope.getState($liraForm)).toMatchObject({ roomsAmount: ['r2'], metroIds: [], areaIds: [1] });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraForm)).toMatchObject({ roomsAmount: ['r1'], metroIds: [2] });
  });
});

describe('the 1-day timer (spec §4)', () => {
  it('when one day is left, re-reads at expiredAt and sets EXPIRED', async () => {
    vi.useFakeTimers();
    const { scope, setSubscription } = setup({ status: 'ACTIVE', profile: profile('ACTIVE'), subscription: sub('ACTIVE', 3_600_000) });
    void allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($subscription)?.daysLeft).toBe(1);
    setSubscription(sub('EXPIRED', -1));
    await vi.advanceTimersByTimeAsync(3_600_000 - 2_000);
    expect(scope.getState($liraStatus)).toBe('ACTIVE');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(scope.getState($liraStatus)).toBe('EXPIRED');
    expect(scope.getState($subscription)?.status).toBe('EXPIRED');
  });
  it('no timer with more days left', async () => {
    vi.useFakeTimers();
    const { scope, setSubscription } = setup({ status: 'ACTIVE', profile: profile('ACTIVE'), subscription: sub('ACTIVE', 3 * 86_400_000) });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    setSubscription(null);
    await vi.advanceTimersByTimeAsync(4 * 86_400_000);
    expect(scope.getState($liraStatus)).toBe('ACTIVE');
  });
});

describe('logout resets the AI search state (spec §4 Session "Downgrade")', () => {
  it('status, form and subscription go back to their defaults', async () => {
    const { loggedOut, resetToAnonymousFx } = await import('@/entities/session');
    const scope = fork({
      values: [
        [$liraStatus, 'ACTIVE'],
        [$subscription, derived('ACTIVE')],
        [$profileInitialised, true],
      ],
      handlers: [[resetToAnonymousFx, async () => ({ token: 'h.e30.s', expires: 0, isAnonymous: true })]],
    });
    await allSettled(loggedOut, { scope });
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($subscription)).toBeNull();
    expect(scope.getState($profileInitialised)).toBe(false);
  });
});

describe('stale loads and the status-only refresh', () => {
  /** A profile read the test answers when it wants. */
  function pendingProfile() {
    let resolve!: (p: LiraProfile | null) => void;
    const promise = new Promise<LiraProfile | null>((res) => (resolve = res));
    return { promise, resolve };
  }

  it('a load in flight across a logout (liraReset) does not write the previous user back', async () => {
    const { handlers } = setup();
    const read = pendingProfile();
    const scope = fork({ handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => read.promise]] });
    const loading = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    // Not awaited alone: allSettled waits for the read in flight too.
    const resetting = allSettled(liraReset, { scope });
    read.resolve(profile('ACTIVE'));
    await Promise.all([loading, resetting]);
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($profileInitialised)).toBe(false);
    expect(scope.getState($subscription)).toBeNull();
    expect(scope.getState($liraForm)).toEqual(emptyForm([]));
  });

  it('of two loads only the latest applies, whatever order they answer in', async () => {
    const { handlers } = setup();
    const first = pendingProfile();
    const second = pendingProfile();
    const reads = [first.promise, second.promise];
    const scope = fork({ handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => reads.shift()]] });
    const a = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    const b = allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    second.resolve(profile('STOP'));
    await vi.waitFor(() => expect(scope.getState($liraStatus)).toBe('STOP'));
    first.resolve(profile('ACTIVE'));
    await Promise.all([a, b]);
    expect(scope.getState($liraStatus)).toBe('STOP');
  });

  it('the status refresh updates status and subscription but leaves the forms alone', async () => {
    const { scope, setProfile, setSubscription } = setup({ profile: profile('START') });
    await allSettled(liraLoadRequested, { scope, params: { cityKladr: 78, hasMetro: true } });
    expect(scope.getState($liraStatus)).toBe('START');
    const formBefore = scope.getState($liraForm);
    const extBefore = scope.getState($extension);
    setProfile({ ...profile('ACTIVE'), portraitId: 5 });
    setSubscription(sub('CANCELLED'));
    await allSettled(liraStatusRefreshRequested, { scope });
    expect(scope.getState($liraStatus)).toBe('CANCELLED');
    expect(scope.getState($subscription)?.status).toBe('CANCELLED');
    expect(scope.getState($liraForm)).toBe(formBefore);
    expect(scope.getState($extension)).toBe(extBefore);
  });

  it('a status refresh answered after a logout is dropped', async () => {
    const { handlers } = setup();
    const read = pendingProfile();
    const scope = fork({
      values: [
        [$profileInitialised, true],
        [$liraStatus, 'START'],
      ],
      handlers: [...handlers.filter(([fx]) => fx !== fetchLiraProfileFx), [fetchLiraProfileFx, () => read.promise]],
    });
    const refreshing = allSettled(liraStatusRefreshRequested, { scope });
    const resetting = allSettled(liraReset, { scope });
    read.resolve(profile('ACTIVE'));
    await Promise.all([refreshing, resetting]);
    expect(scope.getState($liraStatus)).toBe('NOT_CREATED');
    expect(scope.getState($subscription)).toBeNull();
  });
});
