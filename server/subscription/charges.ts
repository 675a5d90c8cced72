import type { PaymentMethod } from '@kvarta/contract/subscription';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { paymentCharges } from './schema';

/**
 * The ledger of charges: each money movement a provider reported as taken is written once, in the transaction that
 * decides it, as granted (it paid an invoice or a renewal) or refund (owed back). Refunds are sent from here, so a
 * retried notification or job never sends one twice.
 */
type ChargeOutcome = 'granted' | 'refund';

const ofCharge = (method: PaymentMethod, transactionId: string) =>
  and(eq(paymentCharges.provider, method), eq(paymentCharges.transactionId, transactionId));

export interface LedgerCharge {
  method: PaymentMethod;
  transactionId: string;
  amount: number;
  /** Stars: the payer, whom a refund goes back to. */
  telegramUserId?: number | null;
}

/** Writes the charge's outcome; false when this charge was already decided (the first decision stands). */
export async function recordCharge(
  tx: Queryable,
  charge: LedgerCharge,
  paymentId: string | null,
  outcome: ChargeOutcome,
  now: Date,
): Promise<boolean> {
  const rows = await tx.orm
    .insert(paymentCharges)
    .values({
      provider: charge.method,
      transactionId: charge.transactionId,
      paymentId,
      amount: charge.amount,
      outcome,
      payerTelegramId: charge.telegramUserId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ transactionId: paymentCharges.transactionId });
  return rows.length > 0;
}

/** Whether the charge's money has already gone back (a refund sent once is never sent again). */
export async function isRefunded(db: Queryable, method: PaymentMethod, transactionId: string): Promise<boolean> {
  const rows = await db.orm
    .select({ transactionId: paymentCharges.transactionId })
    .from(paymentCharges)
    .where(and(ofCharge(method, transactionId), isNotNull(paymentCharges.refundedAt)));
  return rows.length > 0;
}

/** Marks the charge's money as returned (the provider confirmed it); a charge not in the ledger is written as a refund. */
export async function markRefunded(db: Queryable, charge: LedgerCharge, now: Date): Promise<void> {
  await db.orm
    .insert(paymentCharges)
    .values({ provider: charge.method, transactionId: charge.transactionId, amount: charge.amount, outcome: 'refund', refundedAt: now })
    .onConflictDoUpdate({
      target: [paymentCharges.provider, paymentCharges.transactionId],
      set: { refundedAt: sql`coalesce(${paymentCharges.refundedAt}, excluded.refunded_at)` },
    });
}

/** The refund job for this charge is queued (the ledger row is its outbox: see `unqueuedRefunds`). */
export async function markRefundQueued(db: Queryable, method: PaymentMethod, transactionId: string, now: Date): Promise<void> {
  await db.orm
    .update(paymentCharges)
    .set({ refundQueuedAt: now })
    .where(and(ofCharge(method, transactionId), isNull(paymentCharges.refundQueuedAt)));
}

/**
 * Refunds owed whose job was never queued: the deciding transaction committed and the process died before it queued
 * the job. Older than `graceMs`, so a refund queued a moment after its commit is not taken for a lost one.
 */
export async function unqueuedRefunds(db: Queryable, now: Date, graceMs: number): Promise<Required<LedgerCharge>[]> {
  const c = paymentCharges;
  return db.orm
    .select({ method: c.provider, transactionId: c.transactionId, amount: c.amount, telegramUserId: c.payerTelegramId })
    .from(c)
    .where(and(eq(c.outcome, 'refund'), isNull(c.refundedAt), isNull(c.refundQueuedAt), lt(c.createdAt, new Date(now.getTime() - graceMs))))
    .orderBy(c.createdAt)
    .limit(100);
}
