import type { LiraSettableStatus, LiraStatus } from '@kvarta/contract/lira-rules';
import { effectiveStatus, type SubscriptionRow } from '../subscription/subscriptions';

/**
 * What the server stores for a requested status (spec §4 "Transitions", "Change status"): running
 * (START/ACTIVE/CANCELLED) needs a subscription that still runs. With a cancelled subscription a
 * request for ACTIVE becomes CANCELLED (it runs until the period ends) and any other becomes REJECTED —
 * except START and CANCELLED, which "Start selection" sends for a cancelled subscription and which run.
 * Without a running subscription stopping is always allowed.
 */
export function decideStatus(
  requested: LiraSettableStatus,
  subscription: SubscriptionRow | null,
  now: Date,
): { status: LiraStatus } | { error: string } {
  const sub = subscription ? effectiveStatus(subscription, now) : null;
  if (sub === 'CANCELLED') {
    if (requested === 'ACTIVE' || requested === 'CANCELLED') return { status: 'CANCELLED' };
    return { status: requested === 'START' ? 'START' : 'REJECTED' };
  }
  if (requested === 'NOT_PAID' || requested === 'STOP' || requested === 'REJECTED') return { status: requested };
  if (sub === 'ACTIVE') return { status: requested };
  return { error: sub === null ? 'Подписка не оформлена' : 'Подписка не активна' };
}
