import type { LiraSettableStatus, LiraStatus } from '@kvarta/contract/lira-rules';
import { liraTransition, type LiraAction, type LiraOutcome, type LiraState } from '@kvarta/contract/lira-status';
import { effectiveStatus, findSubscription, type SubscriptionRow } from '../subscription/subscriptions';
import { findLiraProfile, moveLiraStatus } from './repository';
import type { Database } from '../db/connection';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
export interface StatusNeeds {
  db: Database;
  now: () => Date;
  liraMatcher: { wake(userId: number): void };
}

export { moveLiraStatus } from './repository';

/** What the rules see: the subscription by the server clock (an ended period is EXPIRED), no profile as NOT_CREATED. */
export const liraStateOf = (profile: LiraStatus | null, subscription: SubscriptionRow | null, now: Date): LiraState => ({
  subscription: subscription ? effectiveStatus(subscription, now) : null,
  profile: profile ?? 'NOT_CREATED',
});

/** What the server stores for a requested status (PUT status, the bot's /stop and /resume): the rules' toggle. */
export function decideStatus(
  requested: LiraSettableStatus,
  current: LiraStatus,
  subscription: SubscriptionRow | null,
  now: Date,
): { status: LiraStatus } | { error: string } {
  const result = liraTransition(liraStateOf(current, subscription, now), { kind: 'toggle', requested });
  return result.error === undefined ? { status: result.profile } : { error: result.error };
}

/**
 * The profile follows what just happened to the subscription (a cancel, a grant of days). Called once the
 * subscription's change has committed: the rules give the same profile whether they see the subscription before or
 * after the action (cancel, renewal and promocode are idempotent), so a repeated notification changes nothing.
 */
export async function profileFollows(
  ctx: Pick<StatusNeeds, 'db' | 'now' | 'liraMatcher'>,
  userId: number,
  action: Extract<LiraAction, { kind: 'cancel' | 'renewal' | 'promocode' }>,
): Promise<LiraOutcome | null> {
  const now = ctx.now();
  const [profile, subscription] = await Promise.all([findLiraProfile(ctx.db, userId), findSubscription(ctx.db, userId)]);
  if (!profile) return null;
  const result = liraTransition(liraStateOf(profile.status, subscription, now), action);
  if (result.error !== undefined) return result;
  if (result.profile !== profile.status) await moveLiraStatus(ctx.db, userId, profile.status, result.profile, now);
  if (result.runs) ctx.liraMatcher.wake(userId);
  return result;
}
