/**
 * The AI-search status rules (spec §4 "AI agent status", "Subscription status", "Profile status on load",
 * "Transitions") in one place: the server applies them to what it stores, the client to what it shows. Pure and
 * zod-free, so the client bundle gets them for nothing. The subscription status here is the effective one (by
 * the server clock: a period that has ended is EXPIRED); `null` means no subscription; the profile status
 * NOT_CREATED means no profile.
 */
import { isLiraRunning, type LiraSettableStatus, type LiraStatus, type SubscriptionStatus } from './lira-rules';

export interface LiraState {
  subscription: SubscriptionStatus | null;
  profile: LiraStatus;
}

export type LiraAction =
  /** Spec "Start selection": after the trial or a payment. */
  | { kind: 'start' }
  /** Spec "Change status": the launch switch (PUT /selection/lira/profile/status) asks for a status. */
  | { kind: 'toggle'; requested: LiraSettableStatus }
  /** Spec "Cancel subscription": the user turns auto-renewal off, or the provider says its subscription is over. */
  | { kind: 'cancel' }
  /** Spec "Status button" on AGENT. */
  | { kind: 'statusButton'; messengerConnected: boolean }
  /** A paid period was granted: a first payment, a renewal charge, a payment after cancelling. */
  | { kind: 'renewal' }
  /** The provider declined a renewal charge and will retry it. */
  | { kind: 'failedRenewal' }
  /** Money went back and took the period's remaining paid days with it. */
  | { kind: 'refund' }
  /** The period ended and nothing renewed it. */
  | { kind: 'expiry' }
  /** Free days: the built-in trial or a days promocode. */
  | { kind: 'promocode' }
  /** The agent stored its first batch. */
  | { kind: 'firstBatch' };

export interface LiraOutcome extends LiraState {
  /** Whether the agent keeps searching (and sending batches) afterwards. */
  runs: boolean;
  /** Refused: nothing changed; the reason in the user's words. */
  error?: string;
  /** What the status button opens instead of changing a status. */
  opens?: 'creation' | 'payment' | 'resubscribe';
  /** The search stopped because the paid period is over: the bot says so, once. */
  notifyExpired?: boolean;
}

export const NO_PROFILE_ERROR = 'Профиль ИИ Поиска не создан';
export const NO_SUBSCRIPTION_ERROR = 'Подписка не оформлена';
export const INACTIVE_SUBSCRIPTION_ERROR = 'Подписка не активна';

/** A subscription lets the agent work while it is ACTIVE or CANCELLED (renewal off, the paid days run to their end). */
export const subscriptionRuns = (subscription: SubscriptionStatus | null): boolean =>
  subscription === 'ACTIVE' || subscription === 'CANCELLED';

/** The agent searches while its profile is START/ACTIVE/CANCELLED and the subscription still runs. */
export const liraRuns = ({ subscription, profile }: LiraState): boolean => subscriptionRuns(subscription) && isLiraRunning(profile);

/**
 * Spec "Profile status on load": the stored status while the subscription is ACTIVE; with a cancelled one a running
 * profile (our server stores it as CANCELLED, or START before its first batch) shows CANCELLED — launched, searching
 * until the period ends — and any other REJECTED; an ended or unpaid subscription shows EXPIRED; none, NOT_PAID.
 */
export function shownLiraStatus({ subscription, profile }: LiraState): LiraStatus {
  if (profile === 'NOT_CREATED') return 'NOT_CREATED';
  if (subscription === null) return 'NOT_PAID';
  if (subscription === 'EXPIRED' || subscription === 'PAST_DUE') return 'EXPIRED';
  if (subscription === 'CANCELLED') return isLiraRunning(profile) ? 'CANCELLED' : 'REJECTED';
  return profile;
}

/** Spec "Status button": what pressing it does for the shown status. */
export type StatusButtonAction = 'open-creation' | 'stop' | 'resume' | 'resubscribe' | 'pay' | 'none';
export function statusButtonAction(shown: LiraStatus, messengerConnected: boolean): StatusButtonAction {
  switch (shown) {
    case 'NOT_CREATED':
      return 'open-creation';
    case 'ACTIVE':
    case 'CANCELLED':
      return 'stop';
    case 'STOP':
    case 'REJECTED':
      return messengerConnected ? 'resume' : 'resubscribe';
    case 'NOT_PAID':
    case 'EXPIRED':
      return 'pay';
    case 'START':
      return 'none';
  }
}

/**
 * Spec "Start selection": a profile that never ran starts (START until its first batch); one that ran before runs
 * again as the subscription allows — ACTIVE, or CANCELLED when renewal is off. Null: the subscription does not run.
 */
export function statusAfterStart(profile: LiraStatus, subscription: SubscriptionStatus | null): 'START' | 'ACTIVE' | 'CANCELLED' | null {
  if (subscription !== 'ACTIVE' && subscription !== 'CANCELLED') return null;
  if (profile === 'NOT_PAID' || profile === 'START') return 'START';
  return subscription;
}

/**
 * Spec "Change status": with a cancelled subscription a request to run becomes CANCELLED (runs until the period
 * ends) and any other REJECTED; START is "Start selection". Running needs a subscription that runs; stopping is
 * always allowed. Null: refused (the subscription does not run).
 */
export function statusAfterToggle(
  requested: LiraSettableStatus,
  profile: LiraStatus,
  subscription: SubscriptionStatus | null,
): LiraStatus | null {
  if (requested === 'START') return statusAfterStart(profile, subscription);
  const wantsToRun = requested === 'ACTIVE' || requested === 'CANCELLED';
  if (subscription === 'CANCELLED') return wantsToRun ? 'CANCELLED' : 'REJECTED';
  if (!wantsToRun) return requested;
  // Renewal is on: a request for CANCELLED (sent by a client that saw the subscription cancelled) runs as ACTIVE.
  return subscription === 'ACTIVE' ? 'ACTIVE' : null;
}

/** Spec "Cancel subscription": a running profile keeps running as CANCELLED until the period ends; anything else REJECTED. */
export const statusAfterCancel = (profile: LiraStatus): LiraStatus =>
  profile === 'NOT_CREATED' ? profile : isLiraRunning(profile) ? 'CANCELLED' : 'REJECTED';

/**
 * Days were granted and the subscription now runs as `subscription`: a profile the period's end (or a cancel) had
 * stopped follows it — running again if it ran, stopped if the user had stopped it; one that never ran waits for
 * "Start selection".
 */
function profileAfterGrant(profile: LiraStatus, subscription: 'ACTIVE' | 'CANCELLED'): LiraStatus {
  if (profile === 'ACTIVE' || profile === 'CANCELLED' || profile === 'EXPIRED') return subscription;
  if (profile === 'STOP' || profile === 'REJECTED') return subscription === 'CANCELLED' ? 'REJECTED' : 'STOP';
  return profile;
}

const outcome = (subscription: SubscriptionStatus | null, profile: LiraStatus, extra: Partial<LiraOutcome> = {}): LiraOutcome => ({
  subscription,
  profile,
  runs: liraRuns({ subscription, profile }),
  ...extra,
});

const refused = (state: LiraState, error: string): LiraOutcome => outcome(state.subscription, state.profile, { error });

/** The one transition table: what an action does to the subscription, the profile and the agent. */
export function liraTransition(state: LiraState, action: LiraAction): LiraOutcome {
  const { subscription, profile } = state;
  switch (action.kind) {
    case 'start':
    case 'toggle': {
      if (profile === 'NOT_CREATED') return refused(state, NO_PROFILE_ERROR);
      const next =
        action.kind === 'start' ? statusAfterStart(profile, subscription) : statusAfterToggle(action.requested, profile, subscription);
      if (next === null) return refused(state, subscription === null ? NO_SUBSCRIPTION_ERROR : INACTIVE_SUBSCRIPTION_ERROR);
      return outcome(subscription, next);
    }
    case 'statusButton': {
      const pressed = statusButtonAction(shownLiraStatus(state), action.messengerConnected);
      if (pressed === 'stop' || pressed === 'resume')
        return liraTransition(state, { kind: 'toggle', requested: pressed === 'stop' ? 'STOP' : 'ACTIVE' });
      const opens = ({ 'open-creation': 'creation', pay: 'payment', resubscribe: 'resubscribe', none: undefined } as const)[pressed];
      return outcome(subscription, profile, opens ? { opens } : {});
    }
    case 'cancel': {
      if (subscription === null) return refused(state, NO_SUBSCRIPTION_ERROR);
      // An ended subscription only stops renewing; the profile is the expiry's to stop (and to announce).
      if (!subscriptionRuns(subscription)) return outcome('EXPIRED', profile);
      return outcome('CANCELLED', statusAfterCancel(profile));
    }
    case 'renewal':
      return outcome('ACTIVE', profileAfterGrant(profile, 'ACTIVE'));
    case 'promocode': {
      // Free days never turn renewal back on: a cancelled subscription stays cancelled, with more days.
      const next = subscription === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE';
      return outcome(next, profileAfterGrant(profile, next));
    }
    case 'failedRenewal':
      // Only a renewing subscription is charged; it pauses until the provider's retry succeeds or gives up.
      return outcome(subscription === 'ACTIVE' ? 'PAST_DUE' : subscription, profile);
    case 'refund':
    case 'expiry': {
      if (subscription === null) return outcome(null, profile);
      const stops = isLiraRunning(profile);
      return outcome('EXPIRED', stops ? 'EXPIRED' : profile, stops ? { notifyExpired: true } : {});
    }
    case 'firstBatch':
      if (profile !== 'START' || !subscriptionRuns(subscription)) return outcome(subscription, profile);
      return outcome(subscription, subscription === 'CANCELLED' ? 'CANCELLED' : 'ACTIVE');
  }
}
