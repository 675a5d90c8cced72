import type { PaymentMethod } from '@kvarta/contract/subscription';
import type { AppContext } from '../context';
import { findLiraProfile, setLiraStatus } from '../lira/profiles';

/** What a settled notification asks for once its transaction has committed. */
export type Effect =
  | { kind: 'activated'; userId: number }
  /** The subscription stopped renewing (user's cancel or the provider's verdict): the profile follows spec §4. */
  | { kind: 'stopped'; userId: number; status: 'CANCELLED' | 'EXPIRED' }
  | { kind: 'refund'; method: PaymentMethod; transactionId: string; amount: number; telegramUserId: number | null }
  | { kind: 'cancelAtProvider'; method: PaymentMethod; subscriptionId: string; telegramUserId: number | null };

export const PROVIDER_CANCEL_JOB = 'payment-provider-cancel';
export const PROVIDER_REFUND_JOB = 'payment-provider-refund';

export type ProviderCancelJob = Extract<Effect, { kind: 'cancelAtProvider' }>;
export type ProviderRefundJob = Extract<Effect, { kind: 'refund' }>;

/**
 * Spec §4 "Cancel subscription": a profile that runs (ACTIVE, or START already running) becomes CANCELLED,
 * anything else REJECTED; a subscription that is already over stops the profile too.
 */
export async function profileFollowsCancel(ctx: AppContext, userId: number, status: 'CANCELLED' | 'EXPIRED'): Promise<void> {
  const profile = await findLiraProfile(ctx.db, userId);
  if (!profile) return;
  const running = profile.status === 'ACTIVE' || profile.status === 'START';
  if (status === 'CANCELLED') await setLiraStatus(ctx.db, userId, running ? 'CANCELLED' : 'REJECTED', ctx.now());
}

/** A profile that was waiting to start (START without a valid subscription) gets its first batch now. */
export async function wakeIfRunning(ctx: AppContext, userId: number): Promise<void> {
  const profile = await findLiraProfile(ctx.db, userId);
  if (profile?.status === 'START') ctx.liraAgent.wake(userId);
}

/** Runs the effects in order; talking to a provider always goes through a job (retried while it is down). */
export async function applyEffects(ctx: AppContext, effects: Effect[]): Promise<void> {
  for (const effect of effects) {
    if (effect.kind === 'activated') await wakeIfRunning(ctx, effect.userId);
    else if (effect.kind === 'stopped') await profileFollowsCancel(ctx, effect.userId, effect.status);
    else if (effect.kind === 'refund') await ctx.queue.send(PROVIDER_REFUND_JOB, effect, { singletonKey: effect.transactionId });
    else await ctx.queue.send(PROVIDER_CANCEL_JOB, effect, { singletonKey: effect.subscriptionId });
  }
}
