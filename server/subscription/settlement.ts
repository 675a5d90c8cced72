import type { PaymentMethod } from '@kvarta/contract/subscription';
import type { Queryable } from '../catalog/store';
import type { AppContext } from '../context';
import { findLiraProfile, setLiraStatus } from '../lira/profiles';
import { completePayment, recordRenewal, type PaymentRow } from './payments';
import type { PriceList } from './price-list';
import type { SubscriptionRow } from './subscriptions';

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

/** One charge as a provider reports it: who took how much, under which id. */
export interface Charge {
  method: PaymentMethod;
  transactionId: string;
  amount: number;
  /** Stars: the payer (refunds and cancels go to them). */
  telegramUserId: number | null;
}

/**
 * The user's first payment succeeded: its days, and the plan that renews at the price list's full price (a
 * promocode discounted only this payment). `renews` and the provider's subscription id come from the provider.
 */
export async function settleFirstPayment(
  tx: Queryable,
  payment: PaymentRow,
  prices: PriceList,
  charge: Charge,
  provider: { renews: boolean; subscriptionId: string | null },
  now: Date,
): Promise<Effect[]> {
  const plan = prices.find(payment.days);
  const amount = plan ? (charge.method === 'stars' ? plan.stars : plan.rub) : payment.amount;
  await completePayment(
    tx,
    payment,
    {
      status: 'SUCCEEDED',
      transactionId: charge.transactionId,
      paid: {
        plan: { method: charge.method, days: payment.days, amount, currency: payment.currency },
        renews: provider.renews,
        providerSubscriptionId: provider.subscriptionId,
        providerUserId: charge.telegramUserId,
      },
    },
    now,
  );
  return [{ kind: 'activated', userId: payment.userId }];
}

/**
 * A renewal the provider charged by itself extends the period. One charged after the user cancelled (the provider
 * had not heard yet) gives no days: it is recorded as REFUNDED, since the refund job retries until the money is
 * back, and the provider's subscription is cancelled again.
 */
export async function settleRenewal(
  tx: Queryable,
  sub: SubscriptionRow & { plan: NonNullable<SubscriptionRow['plan']> },
  charge: Charge,
  now: Date,
): Promise<Effect[]> {
  const subscriptionId = sub.providerSubscriptionId ?? charge.transactionId;
  const paid = { plan: sub.plan, renews: sub.autoRenewal, providerSubscriptionId: subscriptionId, providerUserId: sub.providerUserId };
  if (!sub.autoRenewal) {
    await recordRenewal(tx, { userId: sub.userId, paid, transactionId: charge.transactionId, status: 'REFUNDED' }, now);
    return [
      { kind: 'refund', ...charge },
      { kind: 'cancelAtProvider', method: charge.method, subscriptionId, telegramUserId: charge.telegramUserId },
    ];
  }
  await recordRenewal(tx, { userId: sub.userId, paid, transactionId: charge.transactionId, status: 'SUCCEEDED' }, now);
  return [{ kind: 'activated', userId: sub.userId }];
}
