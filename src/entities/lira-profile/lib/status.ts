import type { SubscriptionStatus } from '@/entities/subscription';
import { isLiraRunning } from '@kvarta/contract/lira-rules';
import type { LiraStatus } from '../model/types';

/** Spec §4 "AI agent (LIRA profile) status" labels. */
export const LIRA_STATUS_LABELS: Record<LiraStatus, string> = {
  NOT_CREATED: 'Не создан',
  NOT_PAID: 'Не оплачен',
  START: 'Запускается',
  ACTIVE: 'Запущен',
  STOP: 'Остановлен',
  REJECTED: 'Остановлен',
  CANCELLED: 'Запущен',
  EXPIRED: 'Остановлен',
};

export const STARTING_CAPTION = 'Подождите немного, скоро будут подобраны первые квартиры';

/** Spec §4 "Subscription caption". */
export function subscriptionCaption(status: LiraStatus, displayExpiredAt: string): string {
  if (status === 'START') return STARTING_CAPTION;
  if (status === 'ACTIVE' || status === 'STOP' || status === 'REJECTED' || status === 'CANCELLED') {
    return displayExpiredAt ? `Активен до ${displayExpiredAt}` : 'Активен';
  }
  return '';
}

/** Spec §4 "Subscription panel on AGENT". */
export type SubscriptionPanel = 'none' | 'starting' | 'status' | 'status-renew' | 'renew-danger';
export function subscriptionPanel(status: LiraStatus): SubscriptionPanel {
  switch (status) {
    case 'START':
      return 'starting';
    case 'ACTIVE':
    case 'STOP':
      return 'status';
    case 'REJECTED':
    case 'CANCELLED':
      return 'status-renew';
    case 'EXPIRED':
      return 'renew-danger';
    default:
      return 'none';
  }
}

/** Spec §4 "Selection-status info block". */
export type InfoBlock = 'work' | 'unpaid' | 'stop';
export function infoBlockFor(status: LiraStatus): InfoBlock {
  if (isLiraRunning(status)) return 'work';
  if (status === 'EXPIRED') return 'unpaid';
  return 'stop';
}

/** Shown 'launched' for START, ACTIVE, CANCELLED; switchable for ACTIVE, STOP, REJECTED, CANCELLED. */
export const isLaunched = isLiraRunning;
export const isSwitchable = (status: LiraStatus): boolean =>
  status === 'ACTIVE' || status === 'STOP' || status === 'REJECTED' || status === 'CANCELLED';

/**
 * Spec §4 "Profile status on load". Our server stores the profile as CANCELLED when the subscription is cancelled
 * (from ACTIVE or START) and keeps the agent running, so under a CANCELLED subscription ACTIVE, CANCELLED and START
 * all load as CANCELLED; anything else as REJECTED.
 */
export function statusOnLoad(profileStatus: LiraStatus | null, subscription: SubscriptionStatus | null): LiraStatus {
  if (profileStatus === null) return 'NOT_CREATED';
  if (subscription === 'ACTIVE') return profileStatus;
  if (subscription === 'CANCELLED') return isLiraRunning(profileStatus) ? 'CANCELLED' : 'REJECTED';
  if (subscription === 'EXPIRED' || subscription === 'PAST_DUE') return 'EXPIRED';
  return 'NOT_PAID';
}

/** Spec §4 "Start selection": null means 'Ошибка оформления подписки'. */
export function statusAfterStart(current: LiraStatus, subscription: SubscriptionStatus | null): 'START' | 'ACTIVE' | 'CANCELLED' | null {
  if (subscription !== 'ACTIVE' && subscription !== 'CANCELLED') return null;
  if (current === 'NOT_PAID') return 'START';
  return subscription;
}

/** Spec §4 "Change status (toggle)". */
export function statusAfterToggle(requested: LiraStatus, subscription: SubscriptionStatus | null): LiraStatus {
  if (subscription === 'CANCELLED') return requested === 'ACTIVE' ? 'CANCELLED' : 'REJECTED';
  return requested;
}

/** Spec §4 "Cancel subscription": a running agent (ACTIVE, or START as the server treats it) keeps running as CANCELLED. */
export const statusAfterCancel = (current: LiraStatus): LiraStatus =>
  current === 'ACTIVE' || current === 'START' ? 'CANCELLED' : 'REJECTED';

/** Spec §4 "Status button". */
export type StatusButtonAction = 'open-creation' | 'stop' | 'resume' | 'resubscribe' | 'pay' | 'none';
export function statusButtonAction(status: LiraStatus, messengerConnected: boolean): StatusButtonAction {
  switch (status) {
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
    default:
      return 'none';
  }
}
