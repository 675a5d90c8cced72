import { CONSENT_VERSIONS, type ConsentDecision } from '@kvarta/contract/consents';
import { combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { $token } from '@/entities/session';
import { api } from '@/shared/api';
import { STORAGE_KEYS, onStorageChange, readJson, writeStorage } from '@/shared/lib';
import { serverDataChanged } from '@/shared/model';

/**
 * The analytics consent (#48): asked once, on the first visit where an outside service that sets identifiers is
 * configured (Metrica, GTM, AdFox); nothing of theirs loads before «Принять». The decision is kept on the device at once
 * and on the server for the session's person (signed in or not), so the website and the Mini App of one account agree;
 * the later of the two wins.
 */
export interface AnalyticsConsentEnvironment {
  /** Whether anything asks for it here: an outside service that sets identifiers is configured. */
  needed: boolean;
}

export const analyticsConsentStarted = createEvent<AnalyticsConsentEnvironment>();
/** «Принять» (true) or «Только необходимые» / «Отозвать» (false), wherever it is pressed. */
export const analyticsDecided = createEvent<boolean>();
/** The footer's or the profile's «Настройки cookie»: the choice is shown again. */
export const analyticsChoiceReopened = createEvent();
/** The choice was closed without a decision (Escape): it stays unasked until the next page load. */
export const analyticsChoiceDismissed = createEvent();
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

export const $analyticsDecision = createStore<ConsentDecision | null>(null, { serialize: 'ignore' });
const $needed = createStore(false, { serialize: 'ignore' }).on(analyticsConsentStarted, (_, env) => env.needed);
/** The server was asked (or could not be): until then a returning buyer on a new device is not asked again. */
const $serverChecked = createStore(false, { serialize: 'ignore' });
const $reopened = createStore(false, { serialize: 'ignore' })
  .on(analyticsChoiceReopened, () => true)
  .reset(analyticsDecided, analyticsChoiceDismissed);
const $dismissed = createStore(false, { serialize: 'ignore' }).on(analyticsChoiceDismissed, () => true);

/** Counters and identifiers may run: consent given, to the text in force. */
export const $analyticsAllowed = $analyticsDecision.map((decision) => decision?.given === true);
/** The banner: asked once where needed, or opened again from the footer or the profile. */
export const $analyticsChoiceShown = combine(
  $needed,
  $serverChecked,
  $analyticsDecision,
  $reopened,
  $dismissed,
  (needed, checked, decision, reopened, dismissed) => needed && (reopened || (checked && !decision && !dismissed)),
);

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

sample({ clock: analyticsConsentStarted, target: [readSavedFx, watchOtherTabsFx] });
sample({ clock: readSavedFx.doneData, target: $analyticsDecision });
sample({ clock: decidedElsewhere, fn: current, target: $analyticsDecision });

// Each session (the first, a sign-in, a sign-out) compares the device's decision with the server's record.
sample({ clock: $token.updates, filter: Boolean, target: readServerAnalyticsFx });
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
