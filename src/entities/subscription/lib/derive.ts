import { parseExpiredAt } from '@kvarta/contract/lira-rules';
import type { SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { Subscription } from '@kvarta/contract/subscription';

export type { Subscription, SubscriptionStatus };

/** The subscription with what the screens show (spec §3 "Subscription": displayExpiredAt, daysLeft). */
export interface DerivedSubscription extends Subscription {
  /** 'DD.MM', or '' without a readable date. */
  displayExpiredAt: string;
  /** 'DD.MM.YYYY' for the info message. */
  displayExpiredDate: string;
  /** Whole days left, rounded up; 0 when expired. */
  daysLeft: number;
  /** Milliseconds since epoch, or null without a readable date. */
  expiresAtMs: number | null;
}

export const DAY_MS = 86_400_000;

/** 'DD.MM.YYYY HH:MM:SS' (Moscow time, as the server writes it) → epoch ms; null when unreadable. */
export function expiredAtMs(text: string | null | undefined): number | null {
  return text ? (parseExpiredAt(text)?.getTime() ?? null) : null;
}

/** A subscription whose expiredAt is in the past is EXPIRED, whatever the server said (spec §4). */
export function deriveSubscription(sub: Subscription, now: number): DerivedSubscription {
  const expiresAtMs = expiredAtMs(sub.expiredAt);
  const expired = expiresAtMs !== null && expiresAtMs <= now;
  return {
    ...sub,
    status: expired ? 'EXPIRED' : sub.status,
    displayExpiredAt: expiresAtMs === null ? '' : sub.expiredAt.slice(0, 5),
    displayExpiredDate: expiresAtMs === null ? '' : sub.expiredAt.slice(0, 10),
    daysLeft: expiresAtMs === null || expired ? 0 : Math.ceil((expiresAtMs - now) / DAY_MS),
    expiresAtMs,
  };
}
