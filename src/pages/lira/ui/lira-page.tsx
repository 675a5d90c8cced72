import { useQuery } from '@tanstack/react-query';
import { useGate, useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { $currentCityKladr, cityListQuery } from '@/entities/city';
import {
  $liraStatus,
  $profileInitialised,
  $profileLoadFailed,
  liraRefreshRequested,
  messengerConnectionKnown,
} from '@/entities/lira-profile';
import { OFFLINE_LOAD_MESSAGE } from '@/shared/api';
import { InlineError } from '@/shared/ui';
import { $isAnonymous, $sessionFailed, $sessionReady, $userId, cabinetProfileQuery, sessionRetried } from '@/entities/session';
import { StatusControl } from '@/features/lira-status-control';
import { PersonalisationOffNotice } from '@/features/personalisation';
import { $viewModes, ViewModeSwitch } from '@/features/view-mode';
import { LiraPageGate, LiraQueryGate } from '../model';
import { LiraList } from './lira-list';
import { LiraMap } from './lira-map';
import { BindingScreen } from './binding-screen';
import { InfoBlock } from './info-block';
import { SortPopover } from './sort-popover';
import { SubscriptionPanel } from './subscription-panel';
import './lira-page.css';

const QUERY_KEYS = ['settings', 'alt_settings', 'settings_wishes', 'payment', 'paymentStatus'] as const;

/**
 * Spec §2 AGENT query parameters enter the model through LiraQueryGate (model/route.ts acts on them once the profile
 * has loaded); then they leave the URL.
 */
function useLiraQuery(ready: boolean) {
  const [search, setSearch] = useSearchParams();
  useGate(LiraQueryGate, {
    settings: search.has('settings'),
    altSettings: search.has('alt_settings'),
    settingsWishes: search.has('settings_wishes'),
    payment: search.get('payment'),
  });
  useEffect(() => {
    if (!ready || !QUERY_KEYS.some((key) => search.has(key))) return;
    const next = new URLSearchParams(search);
    for (const key of QUERY_KEYS) next.delete(key);
    setSearch(next, { replace: true });
  }, [ready, search, setSearch]);
}

function LiraContent({ userId }: { userId: number }) {
  const [kladr, setConnected, viewModes, initialised, status, loadFailed, retry] = useUnit([
    $currentCityKladr,
    messengerConnectionKnown,
    $viewModes,
    $profileInitialised,
    $liraStatus,
    $profileLoadFailed,
    liraRefreshRequested,
  ]);
  const city = useQuery(cityListQuery()).data?.find((c) => c.kladr === kladr);
  const profile = useQuery(cabinetProfileQuery(userId));
  useGate(LiraPageGate, { userId, cityKladr: kladr, hasMetro: city?.hasMetro ?? null });
  useEffect(() => {
    if (profile.data) setConnected(profile.data.connectedToTelegram);
  }, [profile.data, setConnected]);
  useLiraQuery(initialised);
  // Until the profile has loaded the status is only the NOT_CREATED default: 'Не создан' and the setup button would lie.
  if (!initialised && loadFailed) return <InlineError text={OFFLINE_LOAD_MESSAGE} onRetry={() => retry()} />;
  if (!initialised)
    return (
      <div className="kv-page-loading" role="status" data-testid="agent-loading">
        Загружаем…
      </div>
    );
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
      {viewModes.agent === 'map' && status !== 'NOT_CREATED' ? <LiraMap userId={userId} /> : <LiraList userId={userId} />}
    </>
  );
}

/** AGENT (ИИ Поиск): the agent's status, subscription, suggestions as a list or a map; binding first for anonymous users. */
export function LiraPage() {
  const [isAnonymous, userId, ready, sessionFailed, retrySession] = useUnit([
    $isAnonymous,
    $userId,
    $sessionReady,
    $sessionFailed,
    sessionRetried,
  ]);
  return (
    <section className="kv-agent">
      <h1 className="kv-page-title">ИИ Поиск</h1>
      {/* Off, AI search waits (server/lira/matcher.ts): said first, with the way back. */}
      {userId !== null && <PersonalisationOffNotice />}
      {/* No session could be started (the server did not answer): said so, with «Повторить», not an endless wait. */}
      {sessionFailed && userId === null ? (
        <InlineError text={OFFLINE_LOAD_MESSAGE} onRetry={() => retrySession()} />
      ) : !ready || userId === null ? (
        <div className="kv-page-loading" role="status">
          Загружаем…
        </div>
      ) : isAnonymous ? (
        <BindingScreen />
      ) : (
        <LiraContent userId={userId} />
      )}
    </section>
  );
}
