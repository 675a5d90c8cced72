// features/lira-status-control: the launch toggle, the status button, and the cancel the subscription modal confirms (split from the former tests/unit/model/lira.test.ts).
import { allSettled } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $liraStatus,
  subscriptionCancelConfirmed,
  resubscribeRequired,
  authModalOpened,
  statusButtonClicked,
  statusChangeRequested,
  $subscription,
  $drawer,
  $modal,
  sub,
  setup,
  type LiraStatus,
  type Subscription,
} from './fixtures';

afterEach(() => vi.useRealTimers());

describe('toggle and cancel (spec §4)', () => {
  it.each<[Subscription['status'], 'ACTIVE' | 'STOP', LiraStatus]>([
    ['CANCELLED', 'ACTIVE', 'CANCELLED'],
    ['CANCELLED', 'STOP', 'REJECTED'],
    ['ACTIVE', 'ACTIVE', 'ACTIVE'],
    ['ACTIVE', 'STOP', 'STOP'],
  ])('subscription %s, requested %s → %s (the requested status is sent)', async (subStatus, requested, expected) => {
    const { scope, puts } = setup({ status: 'STOP', subscription: sub(subStatus) });
    await allSettled(statusChangeRequested, { scope, params: requested });
    expect(puts).toEqual([requested]);
    expect(scope.getState($liraStatus)).toBe(expected);
  });

  it.each<[LiraStatus, LiraStatus]>([
    ['ACTIVE', 'CANCELLED'],
    ['STOP', 'REJECTED'],
    ['START', 'CANCELLED'],
  ])('cancel subscription: %s → %s; the subscription is re-read', async (from, expected) => {
    const { scope } = setup({ status: from });
    await allSettled(subscriptionCancelConfirmed, { scope });
    expect(scope.getState($liraStatus)).toBe(expected);
    expect(scope.getState($subscription)?.status).toBe('CANCELLED');
  });
});

describe('status button (spec §4)', () => {
  it('NOT_CREATED opens the creation chat', async () => {
    const { scope } = setup({ status: 'NOT_CREATED' });
    await allSettled(statusButtonClicked, { scope });
    expect(scope.getState($drawer)).toMatchObject({ isOpen: true, view: 'LIRA_CREATION' });
  });
  it.each<[LiraStatus, Subscription['status'], LiraStatus, string]>([
    ['ACTIVE', 'ACTIVE', 'STOP', 'STOP'],
    ['CANCELLED', 'CANCELLED', 'REJECTED', 'STOP'],
    ['STOP', 'ACTIVE', 'ACTIVE', 'ACTIVE'],
    ['REJECTED', 'CANCELLED', 'CANCELLED', 'ACTIVE'],
  ])('%s (subscription %s) → %s', async (from, subStatus, expected, sent) => {
    const { scope, puts } = setup({ status: from, subscription: sub(subStatus), connected: true });
    await allSettled(statusButtonClicked, { scope });
    expect(puts).toEqual([sent]);
    expect(scope.getState($liraStatus)).toBe(expected);
  });
  it.each<LiraStatus>(['STOP', 'REJECTED'])('%s without the messenger asks to resubscribe and changes nothing', async (from) => {
    const { scope, puts } = setup({ status: from, connected: false });
    const asked = vi.fn();
    const modal = vi.fn();
    const unwatch = [resubscribeRequired.watch(asked), authModalOpened.watch(modal)];
    await allSettled(statusButtonClicked, { scope });
    for (const stop of unwatch) stop();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(modal).toHaveBeenCalledWith({ authType: 'resubscribe', pendingNavigateTo: '/agent' });
    expect(puts).toEqual([]);
    expect(scope.getState($liraStatus)).toBe(from);
  });
  it.each<LiraStatus>(['NOT_PAID', 'EXPIRED'])('%s opens the recurrent payment modal', async (from) => {
    vi.useFakeTimers();
    const { scope } = setup({ status: from });
    void allSettled(statusButtonClicked, { scope });
    await vi.advanceTimersByTimeAsync(10);
    expect(scope.getState($modal)?.id).toBe('recurrentPayment');
  });
  it('is ignored until the profile has loaded (NOT_CREATED is only the default then)', async () => {
    const { scope, puts } = setup({ status: 'NOT_CREATED', initialised: false });
    await allSettled(statusButtonClicked, { scope });
    expect(scope.getState($drawer).isOpen).toBe(false);
    expect(puts).toEqual([]);
  });
  it('START does nothing', async () => {
    const { scope, puts } = setup({ status: 'START' });
    await allSettled(statusButtonClicked, { scope });
    expect(puts).toEqual([]);
    expect(scope.getState($drawer).isOpen).toBe(false);
    expect(scope.getState($modal)).toBeNull();
  });
});
