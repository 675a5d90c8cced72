import { LIRA_SERVICE_TYPE, TRIAL_DAYS, TRIAL_PROMOCODE, formatExpiredAt, type SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { Subscription } from '@kvarta/contract/subscription';
import { plural } from '@kvarta/contract/format';
import type { Queryable } from '../catalog/store';
import { badRequest } from '../http/errors';

const DAY_MS = 86_400_000;
/** A paid (auto-renewing) period that has just ended waits this long for the renewal payment: PAST_DUE. */
export const PAST_DUE_GRACE_MS = DAY_MS;

export interface SubscriptionRow {
  userId: number;
  serviceType: string;
  status: SubscriptionStatus;
  expiredAt: Date;
  autoRenewal: boolean;
}

interface DbRow {
  user_id: number;
  service_type: string;
  status: SubscriptionStatus;
  expired_at: Date | string;
  auto_renewal: boolean;
}

const fromRow = (r: DbRow): SubscriptionRow => ({
  userId: r.user_id,
  serviceType: r.service_type,
  status: r.status,
  expiredAt: new Date(r.expired_at),
  autoRenewal: r.auto_renewal,
});

/**
 * The status by the server clock (spec §4 "Subscription status"): a period that has ended is EXPIRED;
 * an auto-renewing one is PAST_DUE for a day first (its renewal payment is due).
 */
export function effectiveStatus(row: SubscriptionRow, now: Date): SubscriptionStatus {
  if (row.status === 'EXPIRED') return 'EXPIRED';
  if (row.expiredAt.getTime() > now.getTime()) return row.status === 'PAST_DUE' ? 'ACTIVE' : row.status;
  if (row.autoRenewal && row.status !== 'CANCELLED' && now.getTime() - row.expiredAt.getTime() < PAST_DUE_GRACE_MS) return 'PAST_DUE';
  return 'EXPIRED';
}

/** Whether the agent may work for this user now: ACTIVE or CANCELLED and the period not over. */
export const isValidSubscription = (row: SubscriptionRow | null, now: Date): boolean => {
  if (!row) return false;
  const status = effectiveStatus(row, now);
  return status === 'ACTIVE' || status === 'CANCELLED';
};

export async function findSubscription(db: Queryable, userId: number, serviceType = LIRA_SERVICE_TYPE): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<DbRow>(
    'SELECT user_id, service_type, status, expired_at, auto_renewal FROM subscriptions WHERE user_id = $1 AND service_type = $2',
    [userId, serviceType],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function trialUsed(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM promocode_redemptions WHERE user_id = $1 AND code = $2', [userId, TRIAL_PROMOCODE]);
  return rows.length > 0;
}

/** The answer of GET /cabinet/profile/subscription. */
export async function subscriptionView(db: Queryable, row: SubscriptionRow, now: Date): Promise<Subscription> {
  const status = effectiveStatus(row, now);
  const autoRenewal = status === 'ACTIVE' && row.autoRenewal;
  return {
    status,
    expiredAt: formatExpiredAt(row.expiredAt),
    serviceType: LIRA_SERVICE_TYPE,
    autoRenewal,
    nextPaymentAt: autoRenewal ? formatExpiredAt(row.expiredAt) : null,
    trialUsed: await trialUsed(db, row.userId),
  };
}

/**
 * Serialises changes of one user's subscription and payments until the transaction ends (PostgreSQL
 * runs transactions in parallel; PGlite queues them, and supports the call too). Call it inside a transaction.
 */
export async function lockSubscriptionOf(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('kvarta.subscription'), $1)`, [userId]);
}

/**
 * Adds days to the subscription: from its end while it still runs, from now otherwise. A paid period
 * turns autorenewal on; free days keep it as it was (off for a new subscription). Run it in a
 * transaction: the lock keeps two extensions from reading the same end and losing days.
 */
export async function extendSubscription(db: Queryable, userId: number, days: number, now: Date, paid: boolean): Promise<SubscriptionRow> {
  await lockSubscriptionOf(db, userId);
  const current = await findSubscription(db, userId);
  const running = current && isValidSubscription(current, now);
  const from = running ? current.expiredAt.getTime() : now.getTime();
  const expiredAt = new Date(from + days * DAY_MS);
  const autoRenewal = paid || (running ? current.autoRenewal && current.status === 'ACTIVE' : false);
  await db.query(
    `INSERT INTO subscriptions (user_id, service_type, status, expired_at, auto_renewal, updated_at) VALUES ($1, $2, 'ACTIVE', $3, $4, $5)
     ON CONFLICT (user_id, service_type) DO UPDATE SET status = 'ACTIVE', expired_at = excluded.expired_at, auto_renewal = excluded.auto_renewal, updated_at = excluded.updated_at`,
    [userId, LIRA_SERVICE_TYPE, expiredAt.toISOString(), autoRenewal, now.toISOString()],
  );
  return { userId, serviceType: LIRA_SERVICE_TYPE, status: 'ACTIVE', expiredAt, autoRenewal };
}

/** DELETE: access stays until the period ends (CANCELLED), autorenewal stops. Nothing to cancel → 404-like error upstream. */
export async function cancelSubscription(db: Queryable, userId: number, now: Date): Promise<SubscriptionRow | null> {
  const current = await findSubscription(db, userId);
  if (!current) return null;
  const status = effectiveStatus(current, now);
  if (status === 'EXPIRED' || status === 'PAST_DUE') {
    await db.query(
      `UPDATE subscriptions SET status = 'EXPIRED', auto_renewal = false, updated_at = $3 WHERE user_id = $1 AND service_type = $2`,
      [userId, LIRA_SERVICE_TYPE, now.toISOString()],
    );
    return { ...current, status: 'EXPIRED', autoRenewal: false };
  }
  await db.query(
    `UPDATE subscriptions SET status = 'CANCELLED', auto_renewal = false, updated_at = $3 WHERE user_id = $1 AND service_type = $2`,
    [userId, LIRA_SERVICE_TYPE, now.toISOString()],
  );
  return { ...current, status: 'CANCELLED', autoRenewal: false };
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
  return extendSubscription(db, userId, promo.value, now, false);
}
