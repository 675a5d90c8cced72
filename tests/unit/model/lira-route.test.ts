import { QueryClient } from '@tanstack/react-query';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $profileInitialised, liraKeys, loadLiraFx, variantsReloadRequired } from '@/entities/lira-profile';
import { $liraMainTab } from '@/features/lira-settings';
import { fetchSubscriptionFx } from '@/entities/subscription';
import { verifyPaymentFx } from '@/features/subscription-modals';
import { LiraPageGate, LiraQueryGate, $liraSort } from '@/pages/lira';
import { serverCacheAttached } from '@/app/server-cache';
import { $drawer } from '@/shared/model';
import '@/widgets/assistant-drawer';

const noQuery = { settings: false, altSettings: false, settingsWishes: false, payment: null };

describe('AGENT route state enters the model through gates', () => {
  it('the page gate loads LIRA once the city is known and restores the sort', async () => {
    localStorage.setItem('agentSort', 'PRICE_DESC');
    const load = vi.fn(async (p: { seq: number; cityKladr: number; hasMetro: boolean }) => ({
      ...p,
      profile: null,
      subscription: null,
      preset: null,
    }));
    const scope = fork({ handlers: [[loadLiraFx, load]] });
    await allSettled(LiraPageGate.open, { scope, params: { userId: 1, cityKladr: 78, hasMetro: null } });
    expect(scope.getState($liraSort)).toBe('PRICE_DESC');
    expect(load).not.toHaveBeenCalled();
    await allSettled(LiraPageGate.close, { scope, params: { userId: 1, cityKladr: 78, hasMetro: null } });
    await allSettled(LiraPageGate.open, { scope, params: { userId: 1, cityKladr: 50, hasMetro: false } });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toMatchObject({ cityKladr: 50, hasMetro: false });
  });

  it('query parameters wait for the profile, then open the settings view they name', async () => {
    const scope = fork({ values: [[$profileInitialised, false]] });
    await allSettled(LiraQueryGate.open, { scope, params: { ...noQuery, settingsWishes: true } });
    expect(scope.getState($drawer).isOpen).toBe(false);
    await allSettled($profileInitialised, { scope, params: true });
    expect(scope.getState($drawer)).toEqual({ isOpen: true, view: 'LIRA_MAIN' });
    expect(scope.getState($liraMainTab)).toBe('wishes');
  });

  it('?payment=<id> asks the server about that payment', async () => {
    const verify = vi.fn(async () => 'SUCCEEDED' as const);
    const scope = fork({
      values: [[$profileInitialised, true]],
      handlers: [
        [verifyPaymentFx, verify],
        [fetchSubscriptionFx, async () => null],
      ],
    });
    // The answer's modal opens after a delay and its toast stays 5 s: fake timers keep the test short.
    vi.useFakeTimers();
    void allSettled(LiraQueryGate.open, { scope, params: { ...noQuery, payment: 'p-1' } });
    await vi.advanceTimersByTimeAsync(10);
    vi.useRealTimers();
    expect(verify).toHaveBeenCalledWith('p-1');
  });

  it('a settings save or status change invalidates the LIRA queries (the app wires it to the server cache)', async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const scope = fork();
    await allSettled(serverCacheAttached, { scope, params: client });
    await allSettled(variantsReloadRequired, { scope });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: liraKeys.all });
  });
});
