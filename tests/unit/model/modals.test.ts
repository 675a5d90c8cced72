import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $modal, MODAL_IDS, callbackModal, cityModal, createModal, modalClosed, modalOpened } from '@/shared/model';

describe('modal model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the modal ids of the spec', () => {
    expect(MODAL_IDS).toEqual(
      expect.arrayContaining(['advert', 'apartment', 'auth', 'city', 'callback', 'lightbox', 'recurrentPayment', 'cancelSubscription']),
    );
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

  it("createModal: the open event takes the modal's own props, and only that modal sees them", async () => {
    const scope = fork();
    void allSettled(callbackModal.opened, { scope, params: { extraField: 'Услуга: ипотека', title: 'Заказать звонок', delay: 50 } });
    await vi.advanceTimersByTimeAsync(50);
    expect(scope.getState($modal)).toEqual({ id: 'callback', props: { extraField: 'Услуга: ипотека', title: 'Заказать звонок' } });
    expect(scope.getState(callbackModal.$props)).toEqual({ extraField: 'Услуга: ипотека', title: 'Заказать звонок' });
    expect(scope.getState(cityModal.$props)).toBeNull();
    void allSettled(cityModal.opened, { scope, params: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(cityModal.$props)).toEqual({});
    expect(scope.getState(callbackModal.$props)).toBeNull();
  });

  it('createModal: props are checked by the compiler', () => {
    const typed = createModal<{ count: number }>('productInfo');
    // @ts-expect-error a required prop is missing
    const missing = () => typed.opened({});
    // @ts-expect-error a prop of the wrong type
    const wrong = () => typed.opened({ count: 'one' });
    // @ts-expect-error a modal with required props cannot be opened bare
    const bare = () => typed.opened();
    expect([missing, wrong, bare].every((f) => typeof f === 'function')).toBe(true);
  });
});
