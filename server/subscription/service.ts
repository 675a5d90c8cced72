import { SUBSCRIPTION_PERIODS } from '@kvarta/contract/lira-rules';
import type { PromocodeCheckResponse, SubscriptionPostResponse, SubscriptionRequest } from '@kvarta/contract/subscription';
import type { AppContext } from '../context';
import { HttpError, badRequest, notFound } from '../http/errors';
import { findLiraProfile, setLiraStatus } from '../lira/profiles';
import { completePayment, findPayment, startPayment, type PaymentRow } from './payments';
import {
  PROMOCODE_MESSAGES,
  alreadyRedeemed,
  cancelSubscription,
  findPromocode,
  findSubscription,
  redeemDaysPromocode,
  subscriptionView,
  trialUsed,
  type Promocode,
} from './subscriptions';

const priceOf = (days: number): number => {
  const period = SUBSCRIPTION_PERIODS.find((p) => p.days === days);
  if (!period) throw badRequest(`days: выберите период из списка (${SUBSCRIPTION_PERIODS.map((p) => p.days).join(', ')} дней)`);
  return period.price;
};
const discounted = (price: number, percent: number) => Math.max(1, Math.round((price * (100 - percent)) / 100));

async function promocodeOrFail(ctx: AppContext, code: string): Promise<Promocode> {
  const promo = await findPromocode(ctx.db, code, ctx.now());
  if (!promo) throw badRequest(PROMOCODE_MESSAGES.notFound);
  return promo;
}

/** Starts a payment for a listed period, with a percent promocode if given. */
export async function payForPeriod(ctx: AppContext, userId: number, body: Pick<SubscriptionRequest, 'days' | 'promocode' | 'returnPath'>) {
  if (!ctx.payments) throw new HttpError(503, 'Оплата временно недоступна');
  let amount = priceOf(body.days);
  let code: string | null = null;
  if (body.promocode) {
    const promo = await promocodeOrFail(ctx, body.promocode);
    if (promo.kind !== 'PERCENT') throw badRequest('Этот промокод даёт бесплатные дни: оформите подписку с ним без оплаты');
    if (await alreadyRedeemed(ctx.db, userId, promo.code)) throw badRequest(PROMOCODE_MESSAGES.used);
    amount = discounted(amount, promo.value);
    code = promo.code;
  }
  return startPayment(
    ctx.db,
    ctx.payments,
    { userId, days: body.days, amount, promocode: code, returnPath: body.returnPath ?? null },
    ctx.now(),
  );
}

/**
 * POST /cabinet/profile/subscription: the trial or a days promocode activates at once (once per user);
 * a paid period (no promocode or a percent one) starts a payment and activates only when it is confirmed.
 */
export async function subscribe(ctx: AppContext, userId: number, body: SubscriptionRequest): Promise<SubscriptionPostResponse> {
  const now = ctx.now();
  if (body.promocode) {
    const promo = await promocodeOrFail(ctx, body.promocode);
    if (promo.kind !== 'PERCENT') {
      const row = await ctx.db.transaction((tx) => redeemDaysPromocode(tx, userId, promo, now));
      await wakeIfRunning(ctx, userId);
      return { subscription: await subscriptionView(ctx.db, row, now), payment: null };
    }
  }
  const payment = await payForPeriod(ctx, userId, body);
  const current = await findSubscription(ctx.db, userId);
  return { subscription: current ? await subscriptionView(ctx.db, current, now) : null, payment };
}

/** A profile that was waiting to start (START without a valid subscription) gets its first batch now. */
async function wakeIfRunning(ctx: AppContext, userId: number): Promise<void> {
  const profile = await findLiraProfile(ctx.db, userId);
  if (profile?.status === 'START') ctx.liraAgent.wake(userId);
}

/**
 * DELETE: access stays until the period ends. The profile follows spec §4 "Cancel subscription":
 * ACTIVE (and a START that already runs) becomes CANCELLED, anything else REJECTED (no profile: nothing).
 */
export async function cancelAndStopAgent(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const row = await cancelSubscription(ctx.db, userId, now);
  if (!row) throw notFound('Подписка не оформлена');
  const profile = await findLiraProfile(ctx.db, userId);
  if (profile && row.status === 'CANCELLED') {
    await setLiraStatus(ctx.db, userId, profile.status === 'ACTIVE' || profile.status === 'START' ? 'CANCELLED' : 'REJECTED', now);
  }
  return subscriptionView(ctx.db, row, now);
}

export async function checkPromocode(
  ctx: AppContext,
  userId: number,
  code: string,
  days: number | undefined,
): Promise<PromocodeCheckResponse> {
  const invalid = (message: string): PromocodeCheckResponse => ({
    valid: false,
    kind: null,
    days: null,
    percent: null,
    price: null,
    message,
  });
  const promo = await findPromocode(ctx.db, code, ctx.now());
  if (!promo) return invalid(PROMOCODE_MESSAGES.notFound);
  if (promo.kind === 'TRIAL') {
    if (await trialUsed(ctx.db, userId)) return invalid(PROMOCODE_MESSAGES.trialUsed);
    return { valid: true, kind: 'TRIAL', days: promo.value, percent: null, price: 0, message: PROMOCODE_MESSAGES.days(promo.value) };
  }
  if (await alreadyRedeemed(ctx.db, userId, promo.code)) return invalid(PROMOCODE_MESSAGES.used);
  if (promo.kind === 'DAYS')
    return { valid: true, kind: 'DAYS', days: promo.value, percent: null, price: 0, message: PROMOCODE_MESSAGES.days(promo.value) };
  const period = SUBSCRIPTION_PERIODS.find((p) => p.days === days);
  return {
    valid: true,
    kind: 'PERCENT',
    days: null,
    percent: promo.value,
    price: period ? discounted(period.price, promo.value) : null,
    message: PROMOCODE_MESSAGES.percent(promo.value),
  };
}

/** The sandbox page's verdict, as a provider's webhook would deliver it. */
export async function confirmSandboxPayment(
  ctx: AppContext,
  paymentId: string,
  outcome: 'SUCCEEDED' | 'FAILED',
): Promise<PaymentRow | null> {
  const existing = await findPayment(ctx.db, paymentId);
  if (!existing) return null;
  // The sandbox page may only settle its own payments: a card or Stars payment is confirmed by its provider.
  if (existing.provider !== 'sandbox') throw new HttpError(409, 'Этот платёж подтверждает платёжный провайдер');
  const payment = await completePayment(ctx.db, paymentId, outcome, ctx.now());
  if (payment?.status === 'SUCCEEDED') await wakeIfRunning(ctx, payment.userId);
  return payment;
}
