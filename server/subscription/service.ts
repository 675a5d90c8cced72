import type { PaymentMethod, PromocodeCheckResponse, SubscriptionPostResponse, SubscriptionRequest } from '@kvarta/contract/subscription';
import type { UserRow } from '../auth/users';
import { profileFollows } from '../lira/status';
import { badRequest, forbidden, notFound, unavailable } from '../core/errors';
import { startPayment } from './payments';
import { applyEffects, type Effect, type SettlementNeeds } from './settlement';
import {
  PROMOCODE_MESSAGES,
  alreadyRedeemed,
  findPromocode,
  findSubscription,
  redeemDaysPromocode,
  stopRenewal,
  subscriptionView,
  trialUsed,
  type Promocode,
} from './subscriptions';
import type { RedemptionMarker } from './redemption-marker';
import type { Payments } from './';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs extends SettlementNeeds {
  redemptionMarker: RedemptionMarker;
  payments: Payments;
}

const discounted = (price: number, percent: number) => Math.max(1, Math.round((price * (100 - percent)) / 100));
const UNAVAILABLE: Record<PaymentMethod, string> = {
  card: 'Оплата картой временно недоступна',
  stars: 'Оплата звёздами временно недоступна',
};

async function promocodeOrFail(ctx: Needs, code: string): Promise<Promocode> {
  const promo = await findPromocode(ctx.db, code, ctx.now());
  if (!promo) throw badRequest(PROMOCODE_MESSAGES.notFound);
  return promo;
}

type PayBody = Pick<SubscriptionRequest, 'days' | 'promocode' | 'returnPath' | 'method' | 'receiptEmail'>;

/** Where the buyer is: inside Telegram (the Mini App's session, the bot) or on the website. */
export interface PaymentChannel {
  inTelegram: boolean;
}

/**
 * Telegram's rule for digital goods (Bot API 7.4): inside Telegram the AI search is sold for Stars only, so a card
 * payment is refused for a session that came from Telegram whatever its client sends; the website pays by card.
 */
export const STARS_ONLY_MESSAGE = 'В Telegram подписка оплачивается только звёздами Telegram Stars';

/** Starts a payment for a listed period (by card or Stars), with a percent promocode if given. */
export async function payForPeriod(ctx: Needs, user: UserRow, body: PayBody, channel: PaymentChannel) {
  const method = body.method ?? 'card';
  if (channel.inTelegram && method !== 'stars') throw forbidden(STARS_ONLY_MESSAGE);
  const provider = ctx.payments[method];
  if (!provider) throw unavailable(UNAVAILABLE[method]);
  const plan = ctx.payments.prices.plan(body.days);
  const price = method === 'card' ? plan.rub : plan.stars;
  let amount = price;
  let code: string | null = null;
  if (body.promocode) {
    const promo = await promocodeOrFail(ctx, body.promocode);
    if (promo.kind !== 'PERCENT') throw badRequest('Этот промокод даёт бесплатные дни: оформите подписку с ним без оплаты');
    if (await alreadyRedeemed(ctx.db, ctx.redemptionMarker.redeemer(user), promo.code)) throw badRequest(PROMOCODE_MESSAGES.used);
    amount = discounted(price, promo.value);
    code = promo.code;
  }
  return startPayment(
    ctx.db,
    provider,
    {
      userId: user.id,
      mark: ctx.redemptionMarker.redeemer(user).mark,
      days: body.days,
      amount,
      renewalAmount: price,
      promocode: code,
      returnPath: body.returnPath ?? null,
      receiptEmail: method === 'card' ? (body.receiptEmail ?? null) : null,
      telegramUserId: method === 'stars' && user.telegramId ? Number(user.telegramId) : null,
    },
    ctx.now(),
  );
}

/**
 * POST /cabinet/profile/subscription: the trial or a days promocode activates at once (once per user);
 * a paid period (no promocode or a percent one) starts a payment and activates only when it is confirmed.
 */
export async function subscribe(
  ctx: Needs,
  user: UserRow,
  body: SubscriptionRequest,
  channel: PaymentChannel,
): Promise<SubscriptionPostResponse> {
  const now = ctx.now();
  const who = ctx.redemptionMarker.redeemer(user);
  if (body.promocode) {
    const promo = await promocodeOrFail(ctx, body.promocode);
    if (promo.kind !== 'PERCENT') {
      const row = await ctx.db.transaction((tx) => redeemDaysPromocode(tx, who, promo, now));
      await profileFollows(ctx, user.id, { kind: 'promocode' });
      return { subscription: await subscriptionView(ctx.db, row, now, who), payment: null };
    }
  }
  const payment = await payForPeriod(ctx, user, body, channel);
  const current = await findSubscription(ctx.db, user.id);
  return { subscription: current ? await subscriptionView(ctx.db, current, now, who) : null, payment };
}

/**
 * DELETE: renewal stops at the provider first (CloudPayments' subscriptions/cancel, Telegram's
 * editUserStarSubscription — a job that retries while the provider is down), then access stays until the period
 * ends and the profile follows the status rules' cancel (a running one searches on as CANCELLED). A renewal charged
 * before the provider heard is refunded (cloudpayments/handlers.ts, stars.ts).
 */
export async function cancelAndStopLira(ctx: Needs, user: Pick<UserRow, 'id' | 'telegramId'>) {
  const userId = user.id;
  const now = ctx.now();
  const before = await findSubscription(ctx.db, userId);
  const row = await ctx.db.transaction((tx) => stopRenewal(tx, userId, now));
  if (!before || !row) throw notFound('Подписка не оформлена');
  const effects: Effect[] = [];
  if (before.autoRenewal && before.plan && before.providerSubscriptionId) {
    effects.push({
      kind: 'cancelAtProvider',
      method: before.plan.method,
      subscriptionId: before.providerSubscriptionId,
      telegramUserId: before.providerUserId,
    });
  }
  if (row.status === 'CANCELLED') effects.push({ kind: 'stopped', userId, status: 'CANCELLED' });
  await applyEffects(ctx, effects);
  return subscriptionView(ctx.db, row, now, ctx.redemptionMarker.redeemer(user));
}

export async function checkPromocode(
  ctx: Needs,
  user: Pick<UserRow, 'id' | 'telegramId'>,
  code: string,
  days: number | undefined,
): Promise<PromocodeCheckResponse> {
  const invalid = (message: string): PromocodeCheckResponse => ({
    valid: false,
    kind: null,
    days: null,
    percent: null,
    price: null,
    stars: null,
    message,
  });
  const promo = await findPromocode(ctx.db, code, ctx.now());
  if (!promo) return invalid(PROMOCODE_MESSAGES.notFound);
  const who = ctx.redemptionMarker.redeemer(user);
  // The trial is once per user, any other code once per user and code.
  if (promo.kind === 'TRIAL' ? await trialUsed(ctx.db, who) : await alreadyRedeemed(ctx.db, who, promo.code))
    return invalid(promo.kind === 'TRIAL' ? PROMOCODE_MESSAGES.trialUsed : PROMOCODE_MESSAGES.used);
  if (promo.kind !== 'PERCENT')
    return {
      valid: true,
      kind: promo.kind,
      days: promo.value,
      percent: null,
      price: 0,
      stars: 0,
      message: PROMOCODE_MESSAGES.days(promo.value),
    };
  const period = days === undefined ? undefined : ctx.payments.prices.find(days);
  return {
    valid: true,
    kind: 'PERCENT',
    days: null,
    percent: promo.value,
    price: period ? discounted(period.rub, promo.value) : null,
    stars: period ? discounted(period.stars, promo.value) : null,
    message: PROMOCODE_MESSAGES.percent(promo.value),
  };
}
