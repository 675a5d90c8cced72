import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $liraStatus, $profileInitialised, emptyForm, extensionToPayload, refreshStatusFx, type LiraProfile, type LiraStatus } from '@/entities/lira-profile';
import { deriveSubscription } from '@/entities/subscription';
import { AgentList } from '@/pages/agent/ui/agent-list';
import { StatusControl } from '@/pages/agent/ui/status-control';
import { API_PATHS, api } from '@/shared/api';
import { DEFAULT_EXTENSION_FORM, formatExpiredAt } from '@/shared/api/contract/lira-rules';

// The feed's cards are not what this test is about.
vi.mock('@/widgets/apartment-feed', () => ({ ApartmentFeed: () => null }));

const profile = (status: LiraStatus): LiraProfile => ({
  filters: { cityIds: [78], areaIds: [], metroIds: [], priceTotalMinGte: 1, priceTotalMinLte: 2, realtyType: 'ALL', isApartHotel: null, renovationType: null,
    roomsCntForFilter: [2], areaForFilter: null, areaKitchenGte: null, areaResidentialGte: null, areaTotalGte: null, avgAreaRoomsGte: null, deadlineGte: null,
    deadlineLte: null, stageIsPut: null },
  portraitId: null, wishGroups: {}, status, settings: extensionToPayload(DEFAULT_EXTENSION_FORM, emptyForm([78])), createdAt: '', updatedAt: '',
});
const active = deriveSubscription({
  status: 'ACTIVE', expiredAt: formatExpiredAt(new Date(Date.now() + 5 * 86_400_000)), serviceType: 'LIRA_4', autoRenewal: true, nextPaymentAt: null, trialUsed: true,
}, Date.now());

function renderList(items: number) {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === API_PATHS.LIRA_VARIANT) return { items: Array.from({ length: items }, (_, id) => ({ id })), meta: { totalItems: items } };
    throw new Error(`unexpected ${path}`);
  });
  let serverStatus: LiraStatus = 'START';
  const refresh = vi.fn(async (seq: number) => ({ seq, profile: profile(serverStatus), subscription: active }));
  const scope = fork({ values: [[$liraStatus, 'START'], [$profileInitialised, true]], handlers: [[refreshStatusFx, refresh]] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Provider value={scope}>
      <QueryClientProvider client={client}>
        <AgentList userId={1} />
      </QueryClientProvider>
    </Provider>,
  );
  return { refresh, scope, view, serverSays: (s: LiraStatus) => (serverStatus = s) };
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
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    await tick(9_000);
    expect(empty.refresh).not.toHaveBeenCalled();
  });
});

describe('AGENT status control before the profile has loaded', () => {
  it("NOT_CREATED is only the default then: the setup button is disabled until the profile is initialised", async () => {
    const scope = fork({ values: [[$liraStatus, 'NOT_CREATED'], [$profileInitialised, false]] });
    const view = render(<Provider value={scope}><StatusControl /></Provider>);
    expect((screen.getByRole('button', { name: 'Настроить и запустить' }) as HTMLButtonElement).disabled).toBe(true);
    view.unmount();
    const ready = fork({ values: [[$liraStatus, 'NOT_CREATED'], [$profileInitialised, true]] });
    render(<Provider value={ready}><StatusControl /></Provider>);
    expect((screen.getByRole('button', { name: 'Настроить и запустить' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
