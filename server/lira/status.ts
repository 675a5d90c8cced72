import type { LiraSettableStatus, LiraStatus } from '../../src/shared/api/contract/lira-rules';
import { effectiveStatus, type SubscriptionRow } from '../subscription/subscriptions';

/**
 * What the server stores for a requested status (spec §4 "Transitions", "Change status"): stopping
 * is always allowed; running (START/ACTIVE/CANCELLED) needs a subscription that still runs, and with
 * a cancelled subscription ACTIVE becomes CANCELLED (it runs until the period ends).
 */
export function decideStatus(requested: LiraSettableStatus, subscription: SubscriptionRow | null, now: Date): { status: LiraStatus } | { error: string } {
  if (requested === 'NOT_PAID' || requested === 'STOP' || requested === 'REJECTED') return { status: requested };
  const sub = subscription ? effectiveStatus(subscription, now) : null;
  if (sub === 'ACTIVE') return { status: requested };
  if (sub === 'CANCELLED') return { status: requested === 'START' ? 'START' : 'CANCELLED' };
  return { error: sub === null ? 'Подписка не оформлена' : 'Подписка не активна' };
}
