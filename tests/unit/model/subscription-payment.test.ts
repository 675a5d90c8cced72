import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liraStatus, putStatusFx } from '@/entities/lira-profile';
import { fetchSubscriptionFx, subscriptionRefreshRequested, type Subscription } from '@/entities/subscription';
import { $renewingMethod, paymentReturned, renewingNote, subscriptionActivated, verifyPaymentFx } from '@/features/subscription-modals';
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

describe('one renewing subscription: the payment modal’s note (one account never gets a second renewing one)', () => {
  const withSubscription = async (patch: Partial<Subscription>) => {
    const scope = fork({ handlers: [[fetchSubscriptionFx, async () => subscriptionFixture(patch)]] });
    await allSettled(subscriptionRefreshRequested, { scope });
    return scope.getState($renewingMethod);
  };

  it('a card subscription that renews: a renewing period is not offered and the note says how to manage it', async () => {
    const renewing = await withSubscription({ autoRenewal: true, paymentMethod: 'card' });
    expect(renewing).toBe('card');
    expect(renewingNote(renewing, true)).toBe(
      'У вас действует подписка с оплатой картой, она продлевается автоматически. Отключить автопродление можно в «Подписке» — доступ останется до конца оплаченного срока.',
    );
    // A one-off period (Stars, not 30 days) may still be bought.
    expect(renewingNote(renewing, false)).toBeNull();
  });

  it('a Star subscription that renews is named as such', async () => {
    expect(renewingNote(await withSubscription({ autoRenewal: true, paymentMethod: 'stars' }), true)).toMatch(
      /^У вас действует подписка за звёзды Telegram/,
    );
  });

  it.each([
    ['cancelled (runs to its end)', { status: 'CANCELLED', autoRenewal: false, paymentMethod: null }],
    ['the trial', { autoRenewal: false, paymentMethod: null, trial: true }],
  ] as const)('%s: nothing renews, every period is offered', async (_name, patch) => {
    const renewing = await withSubscription(patch);
    expect(renewing).toBeNull();
    expect(renewingNote(renewing, true)).toBeNull();
  });
});
