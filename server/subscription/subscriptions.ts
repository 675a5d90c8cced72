import { LIRA_SERVICE_TYPE, TRIAL_DAYS, TRIAL_PROMOCODE, formatExpiredAt, type SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { PaymentHistoryItem, Subscription } from '@kvarta/contract/subscription';
import { plural } from '@kvarta/contract/format';
import { liraTransition, subscriptionRuns } from '@kvarta/contract/lira-status';
import type { Queryable } from '../core/database';
import { badRequest } from '../core/errors';
import { settledPayments } from './repository/payments';
import {
  findStoredPromocode,
  findSubscription,
  hasRedeemed,
  lockSubscriptionOf,
  redeem,
  saveSubscription,
  setSubscriptionStatus,
  type PaidPlan,
  type Redeemer,
  type SubscriptionRow,
} from './repository/subscriptions';

export {
  findByProviderSubscription,
  findSubscription,
  lockSubscriptionOf,
  redeem,
  setSubscriptionStatus,
  type PaidPlan,
  type SubscriptionRow,
} from './repository/subscriptions';

const DAY_MS = 86_400_000;
/** A renewing period that has just ended waits this long for the renewal payment: PAST_DUE. */
export const PAST_DUE_GRACE_MS = DAY_MS;
/** The provider said PastDue (its retries of a declined renewal): access pauses; after this long without a verdict it is over. */
export const PAST_DUE_MAX_MS = 7 * DAY_MS;

/**
 * The status by the server clock (spec §4 "Subscription status"): a period that has ended is EXPIRED; a renewing
 * one is PAST_DUE for a day first (its renewal is due). The provider's PastDue (a declined renewal it retries)
 * is PAST_DUE until it decides, at most PAST_DUE_MAX_MS after the period ended.
 */
export function effectiveStatus(row: SubscriptionRow, now: Date): SubscriptionStatus {
  const ended = now.getTime() - row.expiredAt.getTime();
  if (row.status === 'EXPIRED') return 'EXPIRED';
  if (row.status === 'PAST_DUE') return ended < PAST_DUE_MAX_MS ? 'PAST_DUE' : 'EXPIRED';
  if (ended < 0) return row.status;
  if (row.autoRenewal && row.status === 'ACTIVE' && ended < PAST_DUE_GRACE_MS) return 'PAST_DUE';
  return 'EXPIRED';
}

/** Whether the agent may work for this user now: ACTIVE or CANCELLED and the period not over. */
export const isValidSubscription = (row: SubscriptionRow | null, now: Date): boolean =>
  row !== null && subscriptionRuns(effectiveStatus(row, now));

/** Whether a provider will charge this subscription again by itself (a card's or a Star subscription still on). */
export function isRenewing(row: SubscriptionRow, now: Date): boolean {
  const status = effectiveStatus(row, now);
  return row.autoRenewal && row.plan !== null && (status === 'ACTIVE' || status === 'PAST_DUE');
}

export const trialUsed = (db: Queryable, who: Redeemer): Promise<boolean> => hasRedeemed(db, who, TRIAL_PROMOCODE);

/** How many payments SUBSCRIPTION_INFO lists. */
const HISTORY_SIZE = 5;

export async function paymentHistory(db: Queryable, userId: number): Promise<PaymentHistoryItem[]> {
  const rows = await settledPayments(db, userId, HISTORY_SIZE);
  return rows.map((r) => ({
    date: formatExpiredAt(r.at).slice(0, 10),
    amount: r.amount,
    currency: r.currency,
    method: r.provider,
    status: r.status,
    renewal: r.kind === 'renewal',
  }));
}

/** The answer of GET /cabinet/profile/subscription; `who` is the row's user (whether the trial was taken). */
export async function subscriptionView(db: Queryable, row: SubscriptionRow, now: Date, who: Redeemer): Promise<Subscription> {
  const status = effectiveStatus(row, now);
  // Only a saved card or a Star subscription charges again; free days and a one-time payment never do.
  const renews = status === 'ACTIVE' && row.autoRenewal && row.plan !== null;
  return {
    status,
    expiredAt: formatExpiredAt(row.expiredAt),
    serviceType: LIRA_SERVICE_TYPE,
    autoRenewal: renews,
    nextPaymentAt: renews ? formatExpiredAt(row.expiredAt) : null,
    nextPayment: renews ? { amount: row.plan!.amount, currency: row.plan!.currency } : null,
    paymentMethod: renews ? row.plan!.method : null,
    trialUsed: await trialUsed(db, who),
    trial: row.trial && status !== 'EXPIRED',
    payments: await paymentHistory(db, row.userId),
  };
}

/** What a paid period brings: its plan, and the provider's subscription that will renew it (if any). */
export interface PaidPeriod {
  plan: PaidPlan;
  /** Whether the provider will charge again by itself (a card with `recurrent`, a 30-day Star subscription). */
  renews: boolean;
  providerSubscriptionId?: string | null;
  providerUserId?: number | null;
}

/**
 * Adds days to the subscription: from its end while it still runs, from now otherwise. A paid period sets the
 * plan and whether it renews; free days keep a running plan as it was, and alone they never renew. Run it in a
 * transaction: the lock keeps two extensions from reading the same end and losing days.
 */
export async function extendSubscription(
  db: Queryable,
  userId: number,
  days: number,
  now: Date,
  paid: PaidPeriod | null,
): Promise<SubscriptionRow> {
  await lockSubscriptionOf(db, userId);
  const current = await findSubscription(db, userId);
  const running = current !== null && isValidSubscription(current, now);
  const from = running ? current.expiredAt.getTime() : now.getTime();
  const expiredAt = new Date(from + days * DAY_MS);
  const keep = running && current.status === 'ACTIVE';
  // The status rules: paid days make it ACTIVE (renewing as paid); free days keep a cancelled one cancelled.
  const status = liraTransition(
    { subscription: current ? effectiveStatus(current, now) : null, profile: 'NOT_CREATED' },
    { kind: paid ? 'renewal' : 'promocode' },
  ).subscription!;
  // A one-off period bought while a subscription renews adds its days and makes it ACTIVE; the renewing plan and its
  // provider's subscription stay the account's one (their next charge is still recognised).
  const oneOffBesideRenewal = paid !== null && !paid.renews && current !== null && isRenewing(current, now);
  const next: SubscriptionRow = oneOffBesideRenewal
    ? { ...current, status: 'ACTIVE', expiredAt, trial: false }
    : paid
      ? {
          userId,
          serviceType: LIRA_SERVICE_TYPE,
          status,
          expiredAt,
          autoRenewal: paid.renews,
          plan: paid.plan,
          providerSubscriptionId:
            paid.providerSubscriptionId ?? (keep && current.plan?.method === paid.plan.method ? current.providerSubscriptionId : null),
          providerUserId: paid.providerUserId ?? (keep ? current.providerUserId : null),
          trial: false,
          remindedFor: current?.remindedFor ?? null,
        }
      : {
          userId,
          serviceType: LIRA_SERVICE_TYPE,
          status,
          expiredAt,
          autoRenewal: keep ? current.autoRenewal : false,
          // A cancelled period keeps its plan and provider ids: a renewal the provider charges late is still recognised.
          plan: running ? current.plan : null,
          providerSubscriptionId: running ? current.providerSubscriptionId : null,
          providerUserId: running ? current.providerUserId : null,
          trial: running ? current.trial : true,
          remindedFor: current?.remindedFor ?? null,
        };
  await saveSubscription(db, next, now);
  return next;
}

/**
 * The user cancelled, or the provider's subscription is gone (cancelled, rejected, finished): nothing renews,
 * the paid days stay (CANCELLED); one that already ended is EXPIRED. Null when there is no subscription.
 */
export async function stopRenewal(db: Queryable, userId: number, now: Date): Promise<SubscriptionRow | null> {
  const current = await findSubscription(db, userId);
  if (!current) return null;
  const next = liraTransition({ subscription: effectiveStatus(current, now), profile: 'NOT_CREATED' }, { kind: 'cancel' }).subscription!;
  await setSubscriptionStatus(db, userId, next, now, false);
  return { ...current, status: next, autoRenewal: false };
}

export type Promocode = { code: string; kind: 'TRIAL' | 'DAYS' | 'PERCENT'; value: number };

/** The trial is built in; others come from the promocodes table (case-insensitive, active, not past valid_until). */
export async function findPromocode(db: Queryable, code: string, now: Date): Promise<Promocode | null> {
  const normalized = code.trim().toUpperCase();
  if (normalized === TRIAL_PROMOCODE) return { code: TRIAL_PROMOCODE, kind: 'TRIAL', value: TRIAL_DAYS };
  return findStoredPromocode(db, normalized, now);
}

export const alreadyRedeemed = hasRedeemed;

export const PROMOCODE_MESSAGES = {
  notFound: 'Промокод не найден',
  trialUsed: 'Пробный период уже использован',
  used: 'Вы уже использовали этот промокод',
  percent: (p: number) => `Скидка ${p} % на оплату подписки`,
  days: (d: number) => `Бесплатный доступ на ${d} ${plural(d, ['день', 'дня', 'дней'])}`,
} as const;

/**
 * Grants the days of a TRIAL or DAYS promocode once per person (an account deleted and made again by the same Telegram
 * included); throws a 400 in Russian otherwise. Run it in a transaction: a refusal leaves no redemption row behind.
 */
export async function redeemDaysPromocode(db: Queryable, who: Redeemer, promo: Promocode, now: Date): Promise<SubscriptionRow> {
  if (promo.kind === 'PERCENT') throw badRequest('Промокод даёт скидку на оплату, а не бесплатные дни');
  if (!(await redeem(db, who, promo.code, now)))
    throw badRequest(promo.kind === 'TRIAL' ? PROMOCODE_MESSAGES.trialUsed : PROMOCODE_MESSAGES.used);
  return extendSubscription(db, who.userId, promo.value, now, null);
}
