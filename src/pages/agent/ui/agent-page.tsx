import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import { $liraStatus, $profileInitialised, liraKeys, liraLoadRequested, messengerConnectionKnown, type LiraStatus } from '@/entities/lira-profile';
import { $isAnonymous, $sessionReady, $userId, cabinetProfileQuery } from '@/entities/session';
import { liraSettingsOpened } from '@/features/lira-settings';
import { paymentReturned } from '@/features/subscription-modals';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { $liraDataVersion, agentViewRestored } from '../model';
import { AgentList } from './agent-list';
import { AgentMap } from './agent-map';
import { BindingScreen } from './binding-screen';
import { InfoBlock } from './info-block';
import { SortPopover } from './sort-popover';
import { StatusControl } from './status-control';
import { SubscriptionPanel } from './subscription-panel';
import './agent.css';

/**
 * Spec §2 AGENT query parameters: 'settings' opens the main settings, 'alt_settings' the alternative settings,
 * 'settings_wishes' the main settings on the WISHES tab; each then leaves the URL. Without a profile 'settings'
 * goes through LIRA_SWITCH, which the model turns into the guided creation.
 */
function useSettingsParams(ready: boolean, status: LiraStatus) {
  const [search, setSearch] = useSearchParams();
  const [openSettings, returned] = useUnit([liraSettingsOpened, paymentReturned]);
  useEffect(() => {
    if (!ready) return;
    const next = new URLSearchParams(search);
    let changed = false;
    if (search.has('settings')) openSettings({ view: status === 'NOT_CREATED' ? 'LIRA_SWITCH' : 'LIRA_MAIN' });
    else if (search.has('alt_settings')) openSettings({ view: 'LIRA_ALTERNATIVE' });
    else if (search.has('settings_wishes')) openSettings({ view: 'LIRA_MAIN', tab: 'wishes' });
    for (const key of ['settings', 'alt_settings', 'settings_wishes']) if (next.has(key)) (next.delete(key), (changed = true));
    // Back from the payment page: the server, not the URL, says whether it went through.
    const payment = search.get('payment');
    if (payment) returned(payment);
    for (const key of ['payment', 'paymentStatus']) if (next.has(key)) (next.delete(key), (changed = true));
    if (changed) setSearch(next, { replace: true });
  }, [ready, status, search, setSearch, openSettings, returned]);
}

function AgentContent({ userId }: { userId: number }) {
  const [kladr, load, setConnected, viewModes, version, initialised, restoreView, status] = useUnit([
    $currentCityKladr, liraLoadRequested, messengerConnectionKnown, $viewModes, $liraDataVersion, $profileInitialised, agentViewRestored, $liraStatus,
  ]);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const profile = useQuery(cabinetProfileQuery(userId));
  const queryClient = useQueryClient();
  useEffect(() => restoreView(), [restoreView]);
  useEffect(() => {
    if (city) load({ cityKladr: kladr, hasMetro: city.hasMetro });
  }, [userId, kladr, city, load]);
  useEffect(() => {
    if (profile.data) setConnected(profile.data.connectedToTelegram);
  }, [profile.data, setConnected]);
  // Settings, status and reactions change what the agent shows: read lists, map and sidebar again.
  useEffect(() => {
    if (version > 0) void queryClient.invalidateQueries({ queryKey: liraKeys.all });
  }, [version, queryClient]);
  useSettingsParams(initialised, status);
  // Until the profile has loaded the status is only the NOT_CREATED default: 'Не создан' and the setup button would lie.
  if (!initialised) return <div className="kv-page-loading" role="status" data-testid="agent-loading">Загружаем…</div>;
  return (
    <>
      <div className="kv-agent-head">
        <StatusControl />
        <SubscriptionPanel />
      </div>
      {status !== 'NOT_CREATED' && (
        <div className="kv-agent-toolbar">
          <SortPopover />
          <ViewModeSwitch route="agent" />
        </div>
      )}
      <InfoBlock />
      {viewModes.agent === 'map' && status !== 'NOT_CREATED' ? <AgentMap userId={userId} /> : <AgentList userId={userId} />}
    </>
  );
}

/** AGENT (ИИ Поиск): the agent's status, subscription, suggestions as a list or a map; binding first for anonymous users. */
export function AgentPage() {
  const [isAnonymous, userId, ready] = useUnit([$isAnonymous, $userId, $sessionReady]);
  return (
    <section className="kv-agent">
      <h1 className="kv-page-title">ИИ Поиск</h1>
      {!ready || userId === null ? <div className="kv-page-loading" role="status">Загружаем…</div> : isAnonymous ? <BindingScreen /> : <AgentContent userId={userId} />}
    </section>
  );
}
