import type { PaymentCurrency, PaymentMethod } from '@kvarta/contract/subscription';
import type { Queryable } from '../core/database';
import { profileFollows, type StatusNeeds } from '../lira/status';
import { markRefundQueued, recordCharge } from './charges';
import { payInvoice, recordRenewal, type PaymentRow } from './payments';
import type { PriceList } from './price-list';
import type { RedemptionMarker } from './redemption-marker';
import { findSubscription, lockSubscriptionOf, type SubscriptionRow } from './subscriptions';
import type { JobQueue } from '../infra/job-queue';

/** What this module uses of the running server (the profile follows, jobs go out): handed over by the composition. */
export interface SettlementNeeds extends StatusNeeds {
  queue: JobQueue;
}

/** What a settled notification asks for once its transaction has committed. */
export type Effect =
  | { kind: 'activated'; userId: number }
  /** The subscription stopped renewing (user's cancel or the provider's verdict): the profile follows the status rules. */
  | { kind: 'stopped'; userId: number; status: 'CANCELLED' | 'EXPIRED' }
  | { kind: 'refund'; method: PaymentMethod; transactionId: string; amount: number; telegramUserId: number | null }
  | { kind: 'cancelAtProvider'; method: PaymentMethod; subscriptionId: string; telegramUserId: number | null }
  /** A charge that paid for days: the buyer gets a receipt naming the seller (jobs/payments.ts). */
  | PaymentReceiptJob;

/** The receipt of one successful charge, sent by the bot through a job (retried while Telegram is down). */
export interface PaymentReceiptJob {
  kind: 'receipt';
  userId: number;
  days: number;
  amount: number;
  currency: PaymentCurrency;
  transactionId: string;
  paidAt: string;
  renewal: boolean;
  receiptEmail: string | null;
}

export const PROVIDER_CANCEL_JOB = 'payment-provider-cancel';
export const PROVIDER_REFUND_JOB = 'payment-provider-refund';
export const PAYMENT_RECEIPT_JOB = 'payment-receipt';

export type ProviderCancelJob = Extract<Effect, { kind: 'cancelAtProvider' }>;
export type ProviderRefundJob = Extract<Effect, { kind: 'refund' }>;

/** Runs the effects in order; talking to a provider always goes through a job (retried while it is down). */
export async function applyEffects(ctx: SettlementNeeds, effects: Effect[]): Promise<void> {
  for (const effect of effects) {
    // The profile follows the subscription by the status rules (contract/lira-status.ts), the agent with it.
    if (effect.kind === 'activated') await profileFollows(ctx, effect.userId, { kind: 'renewal' });
    else if (effect.kind === 'stopped') await profileFollows(ctx, effect.userId, { kind: 'cancel' });
    else if (effect.kind === 'refund') await queueRefund(ctx, effect);
    // One receipt per charge, however often its notification comes.
    else if (effect.kind === 'receipt') await ctx.queue.send(PAYMENT_RECEIPT_JOB, effect, { singletonKey: effect.transactionId });
    else await ctx.queue.send(PROVIDER_CANCEL_JOB, effect, { singletonKey: effect.subscriptionId });
  }
}

/** Queues the refund and notes it in the ledger; a refund whose note is missing is queued again by the sweeper. */
export async function queueRefund(ctx: Pick<SettlementNeeds, 'queue' | 'db' | 'now'>, refund: ProviderRefundJob): Promise<void> {
  await ctx.queue.send(PROVIDER_REFUND_JOB, refund, { singletonKey: refund.transactionId });
  await markRefundQueued(ctx.db, refund.method, refund.transactionId, ctx.now());
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
 * A charge for the user's invoice, through the invoice's state machine: the first charge of an open invoice grants
 * its days and the plan that renews at the price list's full price (a promocode discounted only this payment);
 * any other charge (a second tab, a retried form, a Pay for an invoice already paid or closed) goes back.
 * `renews` and the provider's subscription id come from the provider.
 */
export async function settleFirstPayment(
  tx: Queryable,
  payment: PaymentRow,
  prices: PriceList,
  charge: Charge,
  provider: { renews: boolean; subscriptionId: string | null },
  now: Date,
  marker: RedemptionMarker,
): Promise<Effect[]> {
  const plan = prices.find(payment.days);
  const amount = plan ? (charge.method === 'stars' ? plan.stars : plan.rub) : payment.amount;
  if (payment.userId !== null) await lockSubscriptionOf(tx, payment.userId);
  const before = payment.userId === null ? null : await findSubscription(tx, payment.userId);
  const outcome = await payInvoice(
    tx,
    payment,
    charge,
    {
      plan: { method: charge.method, days: payment.days, amount, currency: payment.currency },
      renews: provider.renews,
      providerSubscriptionId: provider.subscriptionId,
      providerUserId: charge.telegramUserId,
    },
    now,
    marker,
  );
  const started = provider.renews && provider.subscriptionId ? provider.subscriptionId : null;
  if (outcome !== 'granted' || payment.userId === null) {
    // The charge goes back; a subscription the provider opened with it must not charge again either.
    const refund: Effect[] = [{ kind: 'refund', ...charge }];
    if (started)
      refund.push({ kind: 'cancelAtProvider', method: charge.method, subscriptionId: started, telegramUserId: charge.telegramUserId });
    return refund;
  }
  const effects: Effect[] = [
    { kind: 'activated', userId: payment.userId },
    receiptOf(payment.userId, payment.days, charge, now, { renewal: false, receiptEmail: payment.receiptEmail }),
  ];
  // A new renewing subscription replaces the one recorded before (cancelled but still paid up): that one stops at its
  // provider too, so the account keeps one renewing subscription (the cancel is idempotent there).
  const replaced = provider.renews ? before : null;
  if (replaced?.plan && replaced.providerSubscriptionId && replaced.providerSubscriptionId !== started)
    effects.push({
      kind: 'cancelAtProvider',
      method: replaced.plan.method,
      subscriptionId: replaced.providerSubscriptionId,
      telegramUserId: replaced.providerUserId,
    });
  return effects;
}

function receiptOf(
  userId: number,
  days: number,
  charge: Charge,
  now: Date,
  how: { renewal: boolean; receiptEmail: string | null },
): PaymentReceiptJob {
  return {
    kind: 'receipt',
    userId,
    days,
    amount: charge.amount,
    currency: charge.method === 'stars' ? 'XTR' : 'RUB',
    transactionId: charge.transactionId,
    paidAt: now.toISOString(),
    ...how,
  };
}

/**
 * A charge that matched nothing of ours: written to the ledger as owed back, and refunded. `subscriptionId`: the
 * provider's subscription that took it, which is not the one we recorded — it is cancelled there, so it never charges again.
 */
export async function refundUnmatched(
  tx: Queryable,
  charge: Charge,
  paymentId: string | null,
  now: Date,
  subscriptionId: string | null = null,
): Promise<Effect[]> {
  await recordCharge(tx, charge, paymentId, 'refund', now);
  const effects: Effect[] = [{ kind: 'refund', ...charge }];
  if (subscriptionId)
    effects.push({ kind: 'cancelAtProvider', method: charge.method, subscriptionId, telegramUserId: charge.telegramUserId });
  return effects;
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
    const row = await recordRenewal(tx, { userId: sub.userId, paid, transactionId: charge.transactionId, status: 'REFUNDED' }, now);
    await recordCharge(tx, charge, row.id, 'refund', now);
    return [
      { kind: 'refund', ...charge },
      { kind: 'cancelAtProvider', method: charge.method, subscriptionId, telegramUserId: charge.telegramUserId },
    ];
  }
  const row = await recordRenewal(tx, { userId: sub.userId, paid, transactionId: charge.transactionId, status: 'SUCCEEDED' }, now);
  await recordCharge(tx, charge, row.id, 'granted', now);
  return [
    { kind: 'activated', userId: sub.userId },
    receiptOf(sub.userId, sub.plan.days, charge, now, { renewal: true, receiptEmail: null }),
  ];
}
