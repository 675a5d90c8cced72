import type { SubscriptionStatus } from '@/entities/subscription';
import { isLiraRunning } from '@kvarta/contract/lira-rules';
import { shownLiraStatus, statusAfterCancel, statusAfterStart, statusAfterToggle, statusButtonAction } from '@kvarta/contract/lira-status';
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
 * Spec §4 "Profile status on load", by the same rules the server stores statuses with: a running profile under a
 * cancelled subscription loads as CANCELLED — launched, searching until the period ends.
 */
export const statusOnLoad = (profileStatus: LiraStatus | null, subscription: SubscriptionStatus | null): LiraStatus =>
  shownLiraStatus({ subscription, profile: profileStatus ?? 'NOT_CREATED' });

/** Spec §4 "Start selection" (null: 'Ошибка оформления подписки'), "Change status", "Cancel subscription", "Status button". */
export { statusAfterCancel, statusAfterStart, statusAfterToggle, statusButtonAction };
