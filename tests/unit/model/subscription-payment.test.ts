import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liraStatus, putStatusFx } from '@/entities/lira-profile';
import { fetchSubscriptionFx, type Subscription } from '@/entities/subscription';
import { paymentReturned, subscriptionActivated, verifyPaymentFx } from '@/features/subscription-modals';
import { $modal } from '@/shared/model';
import { subscriptionFixture } from '../support/subscription';

const active: Subscription = subscriptionFixture({ autoRenewal: true });

function setup(paymentStatus: 'SUCCEEDED' | 'FAILED' | 'PENDING', status: 'NOT_PAID' | 'EXPIRED' = 'EXPIRED') {
  const puts: string[] = [];
  const scope = fork({
    values: [[$liraStatus, status]],
    handlers: [
      [verifyPaymentFx, async () => paymentStatus],
      [fetchSubscriptionFx, async () => (paymentStatus === 'SUCCEEDED' ? active : null)],
      [putStatusFx, async (s: string) => (puts.push(s), s)],
    ],
  });
  return { scope, puts };
}

describe('back from the payment page: the server decides (spec §4 "Start selection" after payment)', () => {
  afterEach(() => vi.useRealTimers());

  it('a confirmed payment starts the selection and shows success', async () => {
    vi.useFakeTimers();
    const { scope, puts } = setup('SUCCEEDED', 'EXPIRED');
    void allSettled(paymentReturned, { scope, params: 'pay-12345678' });
    await vi.advanceTimersByTimeAsync(150);
    expect(scope.getState($liraStatus)).toBe('ACTIVE');
    expect(puts).toEqual(['ACTIVE']);
    expect(scope.getState($modal)?.id).toBe('success');
  });

  it.each(['FAILED', 'PENDING'] as const)('a %s payment shows unsuccess and changes nothing', async (paymentStatus) => {
    vi.useFakeTimers();
    const { scope, puts } = setup(paymentStatus);
    void allSettled(paymentReturned, { scope, params: 'pay-12345678' });
    await vi.advanceTimersByTimeAsync(150);
    expect(scope.getState($liraStatus)).toBe('EXPIRED');
    expect(puts).toEqual([]);
    expect(scope.getState($modal)?.id).toBe('unsuccess');
  });

  it('a days promocode (no payment) starts a NOT_PAID profile: START', async () => {
    vi.useFakeTimers();
    const { scope, puts } = setup('SUCCEEDED', 'NOT_PAID');
    void allSettled(subscriptionActivated, { scope });
    await vi.advanceTimersByTimeAsync(150);
    expect(scope.getState($liraStatus)).toBe('START');
    expect(puts).toEqual(['START']);
  });
});
