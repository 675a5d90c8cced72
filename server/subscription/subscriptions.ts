import { LIRA_SERVICE_TYPE, TRIAL_DAYS, TRIAL_PROMOCODE, formatExpiredAt, type SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { PaymentCurrency, PaymentHistoryItem, PaymentMethod, Subscription } from '@kvarta/contract/subscription';
import { plural } from '@kvarta/contract/format';
import { liraTransition, subscriptionRuns } from '@kvarta/contract/lira-status';
import type { Queryable } from '../core/database';
import { badRequest } from '../core/errors';

const DAY_MS = 86_400_000;
/** A renewing period that has just ended waits this long for the renewal payment: PAST_DUE. */
export const PAST_DUE_GRACE_MS = DAY_MS;
/** The provider said PastDue (its retries of a declined renewal): access pauses; after this long without a verdict it is over. */
export const PAST_DUE_MAX_MS = 7 * DAY_MS;

/** How the current plan is paid, as it renews. */
export interface PaidPlan {
  method: PaymentMethod;
  days: number;
  amount: number;
  currency: PaymentCurrency;
}

export interface SubscriptionRow {
  userId: number;
  serviceType: string;
  status: SubscriptionStatus;
  expiredAt: Date;
  /** A card's recurrent subscription or a Star subscription will renew the period. */
  autoRenewal: boolean;
  plan: PaidPlan | null;
  providerSubscriptionId: string | null;
  providerUserId: number | null;
  /** Free days only since the last paid period. */
  trial: boolean;
  remindedFor: Date | null;
}

interface DbRow {
  user_id: number;
  service_type: string;
  status: SubscriptionStatus;
  expired_at: Date | string;
  auto_renewal: boolean;
  method: PaymentMethod | null;
  plan_days: number | null;
  plan_amount: number | null;
  plan_currency: PaymentCurrency | null;
  provider_subscription_id: string | null;
  provider_user_id: number | string | null;
  trial: boolean;
  reminded_for: Date | string | null;
}

const fromRow = (r: DbRow): SubscriptionRow => ({
  userId: r.user_id,
  serviceType: r.service_type,
  status: r.status,
  expiredAt: new Date(r.expired_at),
  autoRenewal: r.auto_renewal,
  plan:
    r.method && r.plan_days !== null && r.plan_amount !== null
      ? { method: r.method, days: r.plan_days, amount: r.plan_amount, currency: r.plan_currency ?? 'RUB' }
      : null,
  providerSubscriptionId: r.provider_subscription_id,
  providerUserId: r.provider_user_id === null ? null : Number(r.provider_user_id),
  trial: r.trial,
  remindedFor: r.reminded_for === null ? null : new Date(r.reminded_for),
});
const COLUMNS =
  'user_id, service_type, status, expired_at, auto_renewal, method, plan_days, plan_amount, plan_currency, provider_subscription_id, provider_user_id, trial, reminded_for';

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

export async function findSubscription(db: Queryable, userId: number, serviceType = LIRA_SERVICE_TYPE): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1 AND service_type = $2`, [
    userId,
    serviceType,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The subscription a provider's recurrent subscription (or Star subscription) belongs to. */
export async function findByProviderSubscription(db: Queryable, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE provider_subscription_id = $1`, [
    providerSubscriptionId,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function trialUsed(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM promocode_redemptions WHERE user_id = $1 AND code = $2', [userId, TRIAL_PROMOCODE]);
  return rows.length > 0;
}

/** How many payments SUBSCRIPTION_INFO lists. */
const HISTORY_SIZE = 5;

export async function paymentHistory(db: Queryable, userId: number): Promise<PaymentHistoryItem[]> {
  const { rows } = await db.query<{
    at: Date | string;
    amount: number;
    currency: PaymentCurrency;
    provider: PaymentHistoryItem['method'];
    status: PaymentHistoryItem['status'];
    kind: string;
  }>(
    `SELECT coalesce(completed_at, created_at) AS at, amount, currency, provider, status, kind FROM payments
      WHERE user_id = $1 AND status <> 'PENDING' ORDER BY coalesce(completed_at, created_at) DESC, created_at DESC LIMIT ${HISTORY_SIZE}`,
    [userId],
  );
  return rows.map((r) => ({
    date: formatExpiredAt(new Date(r.at)).slice(0, 10),
    amount: r.amount,
    currency: r.currency,
    method: r.provider,
    status: r.status,
    renewal: r.kind === 'renewal',
  }));
}

/** The answer of GET /cabinet/profile/subscription. */
export async function subscriptionView(db: Queryable, row: SubscriptionRow, now: Date): Promise<Subscription> {
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
    trialUsed: await trialUsed(db, row.userId),
    trial: row.trial && status !== 'EXPIRED',
    payments: await paymentHistory(db, row.userId),
  };
}

/**
 * Serialises changes of one user's subscription and payments until the transaction ends (PostgreSQL
 * runs transactions in parallel; PGlite queues them, and supports the call too). Call it inside a transaction.
 */
export async function lockSubscriptionOf(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('kvarta.subscription'), $1)`, [userId]);
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
  const next: SubscriptionRow = paid
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

async function saveSubscription(db: Queryable, row: SubscriptionRow, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO subscriptions (user_id, service_type, status, expired_at, auto_renewal, method, plan_days, plan_amount, plan_currency,
       provider_subscription_id, provider_user_id, trial, reminded_for, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (user_id, service_type) DO UPDATE SET status = excluded.status, expired_at = excluded.expired_at,
       auto_renewal = excluded.auto_renewal, method = excluded.method, plan_days = excluded.plan_days, plan_amount = excluded.plan_amount,
       plan_currency = excluded.plan_currency, provider_subscription_id = excluded.provider_subscription_id,
       provider_user_id = excluded.provider_user_id, trial = excluded.trial, reminded_for = excluded.reminded_for, updated_at = excluded.updated_at`,
    [
      row.userId,
      row.serviceType,
      row.status,
      row.expiredAt.toISOString(),
      row.autoRenewal,
      row.plan?.method ?? null,
      row.plan?.days ?? null,
      row.plan?.amount ?? null,
      row.plan?.currency ?? null,
      row.providerSubscriptionId,
      row.providerUserId,
      row.trial,
      row.remindedFor?.toISOString() ?? null,
      now.toISOString(),
    ],
  );
}

/** Sets the stored status (and optionally stops renewal); the dates stay. */
export async function setSubscriptionStatus(
  db: Queryable,
  userId: number,
  status: SubscriptionStatus,
  now: Date,
  autoRenewal?: boolean,
): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET status = $3, auto_renewal = coalesce($4, auto_renewal), updated_at = $5 WHERE user_id = $1 AND service_type = $2`,
    [userId, LIRA_SERVICE_TYPE, status, autoRenewal ?? null, now.toISOString()],
  );
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
  const { rows } = await db.query<{ code: string; kind: 'DAYS' | 'PERCENT'; value: number }>(
    `SELECT code, kind, value FROM promocodes WHERE upper(code) = $1 AND active AND (valid_until IS NULL OR valid_until > $2)`,
    [normalized, now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function alreadyRedeemed(db: Queryable, userId: number, code: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM promocode_redemptions WHERE user_id = $1 AND code = $2', [userId, code]);
  return rows.length > 0;
}

/** Records the redemption; false when this user has redeemed the code before (the primary key says so). */
export async function redeem(db: Queryable, userId: number, code: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO promocode_redemptions (user_id, code, redeemed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING code',
    [userId, code, now.toISOString()],
  );
  return rows.length > 0;
}

export const PROMOCODE_MESSAGES = {
  notFound: 'Промокод не найден',
  trialUsed: 'Пробный период уже использован',
  used: 'Вы уже использовали этот промокод',
  percent: (p: number) => `Скидка ${p} % на оплату подписки`,
  days: (d: number) => `Бесплатный доступ на ${d} ${plural(d, ['день', 'дня', 'дней'])}`,
} as const;

/** Grants the days of a TRIAL or DAYS promocode once per user; throws a 400 in Russian otherwise. */
export async function redeemDaysPromocode(db: Queryable, userId: number, promo: Promocode, now: Date): Promise<SubscriptionRow> {
  if (promo.kind === 'PERCENT') throw badRequest('Промокод даёт скидку на оплату, а не бесплатные дни');
  if (!(await redeem(db, userId, promo.code, now)))
    throw badRequest(promo.kind === 'TRIAL' ? PROMOCODE_MESSAGES.trialUsed : PROMOCODE_MESSAGES.used);
  return extendSubscription(db, userId, promo.value, now, null);
}
