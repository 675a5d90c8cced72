import type { PaymentMethod } from '@kvarta/contract/subscription';
import type { Queryable } from '../core/database';

/**
 * The ledger of charges: each money movement a provider reported as taken is written once, in the transaction that
 * decides it, as granted (it paid an invoice or a renewal) or refund (owed back). Refunds are sent from here, so a
 * retried notification or job never sends one twice.
 */
type ChargeOutcome = 'granted' | 'refund';

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
  const { rows } = await tx.query(
    `INSERT INTO payment_charges (provider, transaction_id, payment_id, amount, outcome, payer_telegram_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING transaction_id`,
    [charge.method, charge.transactionId, paymentId, charge.amount, outcome, charge.telegramUserId ?? null, now.toISOString()],
  );
  return rows.length > 0;
}

/** Whether the charge's money has already gone back (a refund sent once is never sent again). */
export async function isRefunded(db: Queryable, method: PaymentMethod, transactionId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM payment_charges WHERE provider = $1 AND transaction_id = $2 AND refunded_at IS NOT NULL`, [
    method,
    transactionId,
  ]);
  return rows.length > 0;
}

/** Marks the charge's money as returned (the provider confirmed it); a charge not in the ledger is written as a refund. */
export async function markRefunded(db: Queryable, charge: LedgerCharge, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO payment_charges (provider, transaction_id, amount, outcome, refunded_at) VALUES ($1, $2, $3, 'refund', $4)
     ON CONFLICT (provider, transaction_id) DO UPDATE SET refunded_at = coalesce(payment_charges.refunded_at, excluded.refunded_at)`,
    [charge.method, charge.transactionId, charge.amount, now.toISOString()],
  );
}

/** The refund job for this charge is queued (the ledger row is its outbox: see `unqueuedRefunds`). */
export async function markRefundQueued(db: Queryable, method: PaymentMethod, transactionId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE payment_charges SET refund_queued_at = $3 WHERE provider = $1 AND transaction_id = $2 AND refund_queued_at IS NULL`,
    [method, transactionId, now.toISOString()],
  );
}

/**
 * Refunds owed whose job was never queued: the deciding transaction committed and the process died before it queued
 * the job. Older than `graceMs`, so a refund queued a moment after its commit is not taken for a lost one.
 */
export async function unqueuedRefunds(db: Queryable, now: Date, graceMs: number): Promise<Required<LedgerCharge>[]> {
  const { rows } = await db.query<{
    provider: PaymentMethod;
    transaction_id: string;
    amount: number;
    payer_telegram_id: string | number | null;
  }>(
    `SELECT provider, transaction_id, amount, payer_telegram_id FROM payment_charges
      WHERE outcome = 'refund' AND refunded_at IS NULL AND refund_queued_at IS NULL AND created_at < $1
      ORDER BY created_at LIMIT 100`,
    [new Date(now.getTime() - graceMs).toISOString()],
  );
  return rows.map((row) => ({
    method: row.provider,
    transactionId: row.transaction_id,
    amount: Number(row.amount),
    telegramUserId: row.payer_telegram_id === null ? null : Number(row.payer_telegram_id),
  }));
}
