import { renderWithApp } from '../support/render';
import { profile as liraProfile } from '../model/lira/fixtures';
import { act, screen, waitFor } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $liraStatus,
  $profileInitialised,
  emptyForm,
  extensionToPayload,
  refreshStatusFx,
  type LiraProfile,
  type LiraStatus,
} from '@/entities/lira-profile';
import { deriveSubscription } from '@/entities/subscription';
import { LiraList } from '@/pages/lira/ui/lira-list';
import { StatusControl } from '@/features/lira-status-control';
import { endpoints } from '@/shared/api';
import { HttpResponse, http } from 'msw';
import { apiRoute, ok, useNetwork } from '../support/network';

const network = useNetwork();
import { DEFAULT_EXTENSION_FORM, formatExpiredAt } from '@kvarta/contract/lira-rules';
import { subscriptionFixture } from '../support/subscription';

// The feed's cards are not what this test is about.
vi.mock('@/widgets/apartment-feed', () => ({ ApartmentFeed: () => null }));

const profile = (status: LiraStatus): LiraProfile => liraProfile(status, extensionToPayload(DEFAULT_EXTENSION_FORM, emptyForm([78])));
const active = deriveSubscription(
  subscriptionFixture({ expiredAt: formatExpiredAt(new Date(Date.now() + 5 * 86_400_000)), autoRenewal: true }),
  Date.now(),
);

function renderList(items: number) {
  let asked = 0;
  network.use(
    http.get(apiRoute(endpoints.liraVariantList.path), () => {
      asked++;
      return HttpResponse.json(ok({ items: Array.from({ length: items }, (_, id) => ({ id })), meta: { totalItems: items } }));
    }),
  );
  let serverStatus: LiraStatus = 'START';
  const refresh = vi.fn(async (seq: number) => ({ seq, profile: profile(serverStatus), subscription: active }));
  const scope = fork({
    values: [
      [$liraStatus, 'START'],
      [$profileInitialised, true],
    ],
    handlers: [[refreshStatusFx, refresh]],
  });
  const view = renderWithApp(<LiraList userId={1} />, { scope });
  return { refresh, scope, view, serverSays: (s: LiraStatus) => (serverStatus = s), asked: () => asked };
}
const tick = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('AGENT list while the agent is starting', () => {
  afterEach(() => (vi.useRealTimers(), vi.restoreAllMocks()));

  it('re-reads the status every 3 s once items exist, until it changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { refresh, scope, serverSays } = renderList(2);
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await tick(3_000);
    await tick(3_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(scope.getState($liraStatus)).toBe('START');
    serverSays('ACTIVE');
    await tick(3_000);
    await waitFor(() => expect(scope.getState($liraStatus)).toBe('ACTIVE'));
    await tick(9_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('stops on unmount; does not poll the status while the list is empty', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { refresh, view } = renderList(2);
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    view.unmount();
    await tick(9_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    const empty = renderList(0);
    await expect.poll(() => empty.asked()).toBeGreaterThan(0);
    await tick(9_000);
    expect(empty.refresh).not.toHaveBeenCalled();
  });
});

describe('AGENT status control before the profile has loaded', () => {
  it('NOT_CREATED is only the default then: the setup button is disabled until the profile is initialised', async () => {
    const scope = fork({
      values: [
        [$liraStatus, 'NOT_CREATED'],
        [$profileInitialised, false],
      ],
    });
    const view = renderWithApp(<StatusControl />, { scope });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Настроить и запустить' }).disabled).toBe(true);
    view.unmount();
    const ready = fork({
      values: [
        [$liraStatus, 'NOT_CREATED'],
        [$profileInitialised, true],
      ],
    });
    renderWithApp(<StatusControl />, { scope: ready });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Настроить и запустить' }).disabled).toBe(false);
  });
});
