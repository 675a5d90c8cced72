import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $modal, MODAL_IDS, modalClosed, modalOpened } from '@/shared/model';

describe('modal model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the modal ids of the spec', () => {
    expect(MODAL_IDS).toEqual(expect.arrayContaining(['advert', 'apartment', 'auth', 'city', 'callback', 'lightbox', 'recurrentPayment', 'cancelSubscription']));
  });

  it.each([0, 50, 100] as const)('opens after %i ms', async (delay) => {
    const scope = fork();
    void allSettled(modalOpened, { scope, params: { id: 'city', delay, props: { a: 1 } } });
    if (delay > 0) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(scope.getState($modal)).toBeNull();
    }
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($modal)).toEqual({ id: 'city', props: { a: 1 } });
    await allSettled(modalClosed, { scope });
    expect(scope.getState($modal)).toBeNull();
  });
});
