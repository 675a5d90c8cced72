import type { ConsentDecision } from '@kvarta/contract/consents';
import { combine, createEvent, createStore } from 'effector';

/**
 * The analytics consent (#48): asked once, on the first visit where an outside service that sets identifiers is
 * configured (Metrica, GTM, AdFox); nothing of theirs loads before «Принять». The decision is kept on the device at once
 * and on the server for the session's person (signed in or not), so the website and the Mini App of one account agree;
 * the later of the two wins.
 */
export interface AnalyticsConsentEnvironment {
  /** Whether anything asks for it here: an outside service that sets identifiers is configured. */
  needed: boolean;
  /** The platform's: deletes the page's cookies whose names match (the counter's, once consent is withdrawn). */
  forgetCookies: (names: RegExp) => void;
}

export const analyticsConsentStarted = createEvent<AnalyticsConsentEnvironment>();
/** «Принять» (true) or «Только необходимые» / «Отозвать» (false), wherever it is pressed. */
export const analyticsDecided = createEvent<boolean>();
/** The footer's or the profile's «Настройки cookie»: the choice is shown again. */
export const analyticsChoiceReopened = createEvent();
/** The choice was closed without a decision (Escape): it stays unasked until the next page load. */
export const analyticsChoiceDismissed = createEvent();

export const $analyticsDecision = createStore<ConsentDecision | null>(null, { serialize: 'ignore' });
export const $needed = createStore(false, { serialize: 'ignore' }).on(analyticsConsentStarted, (_, env) => env.needed);
export const $consentEnvironment = createStore<AnalyticsConsentEnvironment | null>(null, { serialize: 'ignore' }).on(
  analyticsConsentStarted,
  (_, env) => env,
);
/** The server was asked (or could not be): until then a returning buyer on a new device is not asked again. */
export const $serverChecked = createStore(false, { serialize: 'ignore' });
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

/** The flow (./sync.ts) is loaded and listening: it starts from here (the start event came before it). */
export const consentFlowLoaded = createEvent<AnalyticsConsentEnvironment>();
