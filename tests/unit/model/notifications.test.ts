import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $notifications, notificationDismissed, notificationShown } from '@/shared/model';

describe('notifications model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queues toasts in order and removes each after 5000 ms by default', async () => {
    const scope = fork();
    void allSettled(notificationShown, { scope, params: { text: 'Первое' } });
    void allSettled(notificationShown, { scope, params: { text: 'Второе', type: 'success' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($notifications).map((n) => [n.text, n.type])).toEqual([
      ['Первое', 'error'],
      ['Второе', 'success'],
    ]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(scope.getState($notifications)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(scope.getState($notifications)).toHaveLength(0);
  });

  it('keeps INFINITE toasts until dismissed', async () => {
    const scope = fork();
    void allSettled(notificationShown, { scope, params: { text: 'Навсегда', lifeTime: 'INFINITE' } });
    await vi.advanceTimersByTimeAsync(60_000);
    const [toast] = scope.getState($notifications);
    expect(toast?.text).toBe('Навсегда');
    await allSettled(notificationDismissed, { scope, params: toast!.id });
    expect(scope.getState($notifications)).toEqual([]);
  });

  it('honours a custom lifetime', async () => {
    const scope = fork();
    void allSettled(notificationShown, { scope, params: { text: 'Коротко', lifeTime: 1000 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(scope.getState($notifications)).toEqual([]);
  });

  it('numbers toasts per scope: ids live in the scope, not in the module', async () => {
    const first = fork();
    const second = fork();
    void allSettled(notificationShown, { scope: first, params: { text: 'А', lifeTime: 'INFINITE' } });
    void allSettled(notificationShown, { scope: first, params: { text: 'Б', lifeTime: 'INFINITE' } });
    void allSettled(notificationShown, { scope: second, params: { text: 'В', lifeTime: 'INFINITE' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.getState($notifications).map((n) => n.id)).toEqual([1, 2]);
    expect(second.getState($notifications).map((n) => n.id)).toEqual([1]);
  });
});
