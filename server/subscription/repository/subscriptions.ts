import { LIRA_SERVICE_TYPE, type SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { PaymentCurrency, PaymentMethod } from '@kvarta/contract/subscription';
import { and, eq, getTableColumns, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { users } from '../../auth/schema';
import type { Queryable } from '../../core/database';
import { promocodeRedemptions, promocodes, redemptionMarks, subscriptions } from '../schema';

/**
 * The subscription aggregate as stored: the user's subscription per service, the promocodes and who redeemed them.
 * Every row type comes from the schema (./schema.ts); the rules live in subscriptions.ts.
 */

/**
 * Who redeems a code: the account (its own row goes with it on deletion) and the mark naming the person behind it,
 * which outlives the account. The mark is null without a Telegram id: the routes that redeem take signed-in accounts
 * only, and every signed-in account has one, so an anonymous session never redeems (it can only check a code), and a
 * session that binds Telegram later has nothing redeemed to carry over.
 */
export interface Redeemer {
  userId: number;
  mark: string | null;
}

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

// Every column but the bookkeeping times.
const { createdAt, updatedAt, ...COLUMNS } = getTableColumns(subscriptions);

type Stored = Pick<typeof subscriptions.$inferSelect, keyof typeof COLUMNS>;

const fromRow = ({ method, planDays, planAmount, planCurrency, ...r }: Stored): SubscriptionRow => ({
  ...r,
  plan:
    method && planDays !== null && planAmount !== null
      ? { method, days: planDays, amount: planAmount, currency: planCurrency ?? 'RUB' }
      : null,
});

export async function findSubscription(db: Queryable, userId: number, serviceType = LIRA_SERVICE_TYPE): Promise<SubscriptionRow | null> {
  const rows = await db.orm
    .select(COLUMNS)
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.serviceType, serviceType)));
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The subscription a provider's recurrent subscription (or Star subscription) belongs to. */
export async function findByProviderSubscription(db: Queryable, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
  const rows = await db.orm.select(COLUMNS).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Serialises changes of one user's subscription and payments until the transaction ends (PostgreSQL
 * runs transactions in parallel; PGlite queues them, and supports the call too). Call it inside a transaction.
 */
export async function lockSubscriptionOf(tx: Queryable, userId: number): Promise<void> {
  await tx.orm.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kvarta.subscription'), ${userId})`);
}

/** Writes the whole subscription (inserted, or replacing the stored one). */
export async function saveSubscription(db: Queryable, row: SubscriptionRow, now: Date): Promise<void> {
  const values = {
    userId: row.userId,
    serviceType: row.serviceType,
    status: row.status,
    expiredAt: row.expiredAt,
    autoRenewal: row.autoRenewal,
    method: row.plan?.method ?? null,
    planDays: row.plan?.days ?? null,
    planAmount: row.plan?.amount ?? null,
    planCurrency: row.plan?.currency ?? null,
    providerSubscriptionId: row.providerSubscriptionId,
    providerUserId: row.providerUserId,
    trial: row.trial,
    remindedFor: row.remindedFor,
    updatedAt: now,
  };
  // A stored one takes the same values but keeps its key.
  const { userId, serviceType, ...changes } = values;
  await db.orm
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.serviceType], set: changes });
}

/** Sets the stored status (and, when given, whether it renews); the dates stay. */
export async function setSubscriptionStatus(
  db: Queryable,
  userId: number,
  status: SubscriptionStatus,
  now: Date,
  autoRenewal?: boolean,
): Promise<void> {
  await db.orm
    .update(subscriptions)
    .set({ status, ...(autoRenewal === undefined ? {} : { autoRenewal }), updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.serviceType, LIRA_SERVICE_TYPE)));
}

/** Links the user's subscription to the provider's recurrent subscription that renews it. */
export async function linkProviderSubscription(db: Queryable, userId: number, providerSubscriptionId: string): Promise<void> {
  await db.orm.update(subscriptions).set({ providerSubscriptionId }).where(eq(subscriptions.userId, userId));
}

/** Takes `days` back from the period's end, not below now. */
export async function takeBackDays(db: Queryable, userId: number, days: number, now: Date): Promise<void> {
  await db.orm
    .update(subscriptions)
    .set({
      expiredAt: sql`greatest(${now.toISOString()}::timestamptz, ${subscriptions.expiredAt} - make_interval(days => ${days}))`,
      updatedAt: now,
    })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.serviceType, LIRA_SERVICE_TYPE)));
}

/**
 * Claims the reminders of paid renewals due in (from, until]: each period end once (`reminded_for` becomes it), so
 * two workers never both send one. Returns what the reminder says, with the user's Telegram id.
 */
export async function claimRenewalReminders(db: Queryable, from: Date, until: Date) {
  const s = subscriptions;
  return db.orm
    .update(subscriptions)
    .set({ remindedFor: sql`${s.expiredAt}` })
    .from(users)
    .where(
      and(
        eq(users.id, s.userId),
        s.autoRenewal,
        eq(s.status, 'ACTIVE'),
        isNotNull(s.planAmount),
        gt(s.expiredAt, from),
        lte(s.expiredAt, until),
        or(isNull(s.remindedFor), ne(s.remindedFor, s.expiredAt)),
      ),
    )
    .returning({
      userId: s.userId,
      expiredAt: s.expiredAt,
      planAmount: s.planAmount,
      planCurrency: s.planCurrency,
      method: s.method,
      telegramId: users.telegramId,
    });
}

/** Whether this account, or the person behind it under an account since deleted, has redeemed this code. */
export async function hasRedeemed(db: Queryable, who: Redeemer, code: string): Promise<boolean> {
  const byAccount = await db.orm
    .select({ code: promocodeRedemptions.code })
    .from(promocodeRedemptions)
    .where(and(eq(promocodeRedemptions.userId, who.userId), eq(promocodeRedemptions.code, code)));
  if (byAccount.length > 0 || who.mark === null) return byAccount.length > 0;
  const byPerson = await db.orm
    .select({ code: redemptionMarks.code })
    .from(redemptionMarks)
    .where(and(eq(redemptionMarks.personHmac, who.mark), eq(redemptionMarks.code, code)));
  return byPerson.length > 0;
}

/**
 * Records the redemption for the account and, with a Telegram id, for the person; false when either had redeemed the
 * code before (the primary keys say so: two requests at once cannot both win). A caller that refuses on false throws
 * inside its transaction, so neither row of the refused attempt stays.
 */
export async function redeem(db: Queryable, who: Redeemer, code: string, now: Date): Promise<boolean> {
  const byAccount = await db.orm
    .insert(promocodeRedemptions)
    .values({ userId: who.userId, code, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ code: promocodeRedemptions.code });
  if (who.mark === null) return byAccount.length > 0;
  const byPerson = await db.orm
    .insert(redemptionMarks)
    .values({ personHmac: who.mark, code, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ code: redemptionMarks.code });
  return byAccount.length > 0 && byPerson.length > 0;
}

/** Redemptions by accounts with a Telegram id since `since`, for marking those made before the marks existed. */
export async function telegramRedemptionsSince(db: Queryable, since: Date) {
  return db.orm
    .select({ telegramId: users.telegramId, code: promocodeRedemptions.code, redeemedAt: promocodeRedemptions.redeemedAt })
    .from(promocodeRedemptions)
    .innerJoin(users, eq(users.id, promocodeRedemptions.userId))
    .where(and(isNotNull(users.telegramId), gt(promocodeRedemptions.redeemedAt, since)));
}

/** Adds marks; one already there stays as it is. */
export async function addRedemptionMarks(db: Queryable, marks: Array<typeof redemptionMarks.$inferInsert>): Promise<void> {
  if (marks.length > 0) await db.orm.insert(redemptionMarks).values(marks).onConflictDoNothing();
}

/** Removes the redemption marks older than their retention (the cleanup job); answers how many went. */
export async function forgetRedemptionMarksBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.orm.delete(redemptionMarks).where(lt(redemptionMarks.redeemedAt, before)).returning({ code: redemptionMarks.code });
  return rows.length;
}

/** A stored promocode by its upper-cased code: active and not past `valid_until`. */
export async function findStoredPromocode(db: Queryable, normalized: string, now: Date) {
  const rows = await db.orm
    .select({ code: promocodes.code, kind: promocodes.kind, value: promocodes.value })
    .from(promocodes)
    .where(
      and(
        eq(sql`upper(${promocodes.code})`, normalized),
        promocodes.active,
        or(isNull(promocodes.validUntil), gt(promocodes.validUntil, now)),
      ),
    );
  return rows[0] ?? null;
}

/** Adds the promocode unless its code exists (an existing one is left as it is). */
export async function addPromocodeIfAbsent(db: Queryable, promo: { code: string; kind: 'DAYS' | 'PERCENT'; value: number }): Promise<void> {
  await db.orm.insert(promocodes).values(promo).onConflictDoNothing();
}
