import { CONSENT_VERSIONS, type ConsentDecision } from '@kvarta/contract/consents';
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import { $token } from '@/entities/session';
import { api } from '@/shared/api';
import { STORAGE_KEYS, onStorageChange, readJson, writeStorage } from '@/shared/lib';
import { serverDataChanged } from '@/shared/model';
import { METRIKA_COOKIES, startAnalytics, stopAnalytics } from '@/shared/outside';
import {
  $analyticsAllowed,
  $analyticsDecision,
  $consentEnvironment,
  $serverChecked,
  analyticsDecided,
  consentFlowLoaded,
  type AnalyticsConsentEnvironment,
} from './units';

/** Another tab decided. */
const decidedElsewhere = createEvent<ConsentDecision | null>();
const isDecision = (value: unknown): value is ConsentDecision =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConsentDecision).given === 'boolean' &&
  typeof (value as ConsentDecision).version === 'number' &&
  typeof (value as ConsentDecision).decidedAt === 'string';

/** The decision in force: one on an older text counts as none (the new text is asked). */
const current = (decision: ConsentDecision | null | undefined): ConsentDecision | null =>
  decision && decision.version === CONSENT_VERSIONS.analytics ? decision : null;
/** Whether `a` was decided after `b` (anything is later than nothing). */
const isLater = (a: ConsentDecision | null, b: ConsentDecision | null) =>
  a !== null && (b === null || Date.parse(a.decidedAt) > Date.parse(b.decidedAt));

const readSavedFx = createEffect(() => {
  const saved = readJson<unknown>(STORAGE_KEYS.ANALYTICS_CONSENT, null);
  return isDecision(saved) ? current(saved) : null;
});
const saveFx = createEffect((decision: ConsentDecision) => writeStorage(STORAGE_KEYS.ANALYTICS_CONSENT, JSON.stringify(decision)));
const watchOtherTabsFx = createEffect(() => {
  const elsewhere = scopeBind(decidedElsewhere, { safe: true });
  onStorageChange(STORAGE_KEYS.ANALYTICS_CONSENT, (value) => {
    try {
      const parsed: unknown = value ? JSON.parse(value) : null;
      elsewhere(isDecision(parsed) ? parsed : null);
    } catch {
      elsewhere(null);
    }
  });
});
/** The server's record for this session's person (null: none, or none on the text in force). */
export const readServerAnalyticsFx = createEffect(async () =>
  current((await api.call('consentList')).find((s) => s.purpose === 'analytics')?.decision),
);
/** Records a decision for the session's person; a failure keeps the device's and is sent again at the next start. */
export const sendAnalyticsDecisionFx = createEffect((decision: ConsentDecision) =>
  api.call('consentDecide', { params: { purpose: 'analytics' }, body: { given: decision.given, version: decision.version } }),
);

sample({ clock: consentFlowLoaded, target: [readSavedFx, watchOtherTabsFx] });
sample({ clock: readSavedFx.doneData, target: $analyticsDecision });
sample({ clock: decidedElsewhere, fn: current, target: $analyticsDecision });

// Each session (the first, a sign-in, a sign-out) compares the device's decision with the server's record.
sample({ clock: $token.updates, filter: Boolean, target: readServerAnalyticsFx });
// The session may have started before this chunk arrived.
sample({ clock: readSavedFx.done, source: $token, filter: Boolean, target: readServerAnalyticsFx });
$serverChecked.on(readServerAnalyticsFx.finally, () => true);
const compared = sample({
  clock: readServerAnalyticsFx.doneData,
  source: $analyticsDecision,
  fn: (device, server) => ({ device, server }),
});
sample({
  clock: compared,
  filter: ({ device, server }) => isLater(server, device),
  fn: ({ server }) => server!,
  target: [$analyticsDecision, saveFx],
});
sample({
  clock: compared,
  filter: ({ device, server }) => isLater(device, server),
  fn: ({ device }) => device!,
  target: sendAnalyticsDecisionFx,
});

const decided = sample({
  clock: analyticsDecided,
  fn: (given): ConsentDecision => ({ given, version: CONSENT_VERSIONS.analytics, decidedAt: new Date().toISOString() }),
});
sample({ clock: decided, target: [$analyticsDecision, saveFx, sendAnalyticsDecisionFx] });
sample({ clock: sendAnalyticsDecisionFx.done, fn: () => 'consents' as const, target: serverDataChanged });

/** The counters load only once consent is given (startAnalytics), and stop the moment it is withdrawn, without a reload. */
const startAnalyticsFx = createEffect(startAnalytics);
const stopAnalyticsFx = createEffect((env: AnalyticsConsentEnvironment | null) => {
  stopAnalytics();
  env?.forgetCookies(METRIKA_COOKIES);
});
sample({ clock: $analyticsAllowed.updates, filter: Boolean, target: startAnalyticsFx });
sample({ clock: $analyticsAllowed.updates, source: $consentEnvironment, filter: (_, allowed) => !allowed, target: stopAnalyticsFx });
