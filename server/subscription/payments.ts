import { randomUUID } from 'node:crypto';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { Checkout, Payment, PaymentCurrency, PaymentMethod, PaymentStatus } from '@kvarta/contract/subscription';
import type { Queryable } from '../catalog/store';
import { badRequest } from '../http/errors';
import { PROMOCODE_MESSAGES, alreadyRedeemed, extendSubscription, lockSubscriptionOf, redeem, type PaidPeriod } from './subscriptions';

export type Transactional = Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> };

/** What a provider needs to open its payment form. */
export interface PaymentOrder {
  id: string;
  userId: number;
  days: number;
  amount: number;
  currency: PaymentCurrency;
  /** What a renewal will take (the full price: a promocode discounts only this payment). */
  renewalAmount: number;
  description: string;
  receiptEmail: string | null;
  /** Stars: the Telegram account the invoice is for. */
  telegramUserId: number | null;
}

/**
 * A way to take money: CloudPayments' card widget or a Telegram Stars invoice. A provider never activates
 * anything itself: its own notification (a signed webhook, Telegram's successful_payment) settles the payment.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  readonly currency: PaymentCurrency;
  checkout(order: PaymentOrder): Promise<Checkout>;
}

export interface PaymentRow {
  id: string;
  userId: number;
  provider: Payment['provider'];
  days: number;
  amount: number;
  currency: PaymentCurrency;
  kind: 'first' | 'renewal';
  promocode: string | null;
  status: PaymentStatus;
  returnPath: string | null;
  telegramUserId: number | null;
  providerTransactionId: string | null;
}

interface DbRow {
  id: string;
  user_id: number;
  provider: Payment['provider'];
  days: number;
  amount: number;
  currency: PaymentCurrency;
  kind: 'first' | 'renewal';
  promocode: string | null;
  status: PaymentStatus;
  return_path: string | null;
  telegram_user_id: number | string | null;
  provider_transaction_id: string | null;
}

const fromRow = (r: DbRow): PaymentRow => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  days: r.days,
  amount: r.amount,
  currency: r.currency,
  kind: r.kind,
  promocode: r.promocode,
  status: r.status,
  returnPath: r.return_path,
  telegramUserId: r.telegram_user_id === null ? null : Number(r.telegram_user_id),
  providerTransactionId: r.provider_transaction_id,
});
const COLUMNS =
  'id, user_id, provider, days, amount, currency, kind, promocode, status, return_path, telegram_user_id, provider_transaction_id';

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function findPaymentByTransaction(db: Queryable, provider: PaymentMethod, transactionId: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM payments WHERE provider = $1 AND provider_transaction_id = $2`, [
    provider,
    transactionId,
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export const paymentView = (p: PaymentRow, checkout: Checkout | null = null): Payment => ({
  paymentId: p.id,
  status: p.status,
  provider: p.provider,
  amount: p.amount,
  currency: p.currency,
  days: p.days,
  checkout,
});

export interface PaymentStart {
  userId: number;
  days: number;
  amount: number;
  renewalAmount: number;
  promocode: string | null;
  returnPath: string | null;
  receiptEmail: string | null;
  telegramUserId: number | null;
}

/**
 * Starts a payment. A promocode may discount only one payment: a newer payment with the same code
 * replaces the user's pending one (it becomes FAILED and can no longer complete), under a per-user
 * lock, so two tabs cannot both pay at the discount; the redemption is recorded when one succeeds.
 */
export async function startPayment(
  db: Transactional,
  provider: PaymentProvider,
  input: PaymentStart,
  now: Date = new Date(),
): Promise<Payment> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await lockSubscriptionOf(tx, input.userId);
    if (input.promocode) {
      // Checked again under the lock: a payment with this code may have just succeeded.
      if (await alreadyRedeemed(tx, input.userId, input.promocode)) throw badRequest(PROMOCODE_MESSAGES.used);
      await tx.query(
        `UPDATE payments SET status = 'FAILED', completed_at = $3 WHERE user_id = $1 AND promocode = $2 AND status = 'PENDING'`,
        [input.userId, input.promocode, now.toISOString()],
      );
    }
    await tx.query(
      `INSERT INTO payments (id, user_id, service_type, provider, days, amount, currency, promocode, status, return_path, receipt_email, telegram_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9, $10, $11)`,
      [
        id,
        input.userId,
        LIRA_SERVICE_TYPE,
        provider.method,
        input.days,
        input.amount,
        provider.currency,
        input.promocode,
        input.returnPath,
        input.receiptEmail,
        input.telegramUserId,
      ],
    );
  });
  let checkout: Checkout;
  try {
    checkout = await provider.checkout({
      id,
      userId: input.userId,
      days: input.days,
      amount: input.amount,
      currency: provider.currency,
      renewalAmount: input.renewalAmount,
      description: `ИИ Поиск «Кварты» на ${input.days} дн.`,
      receiptEmail: input.receiptEmail,
      telegramUserId: input.telegramUserId,
    });
  } catch (error) {
    await db.query(`UPDATE payments SET status = 'FAILED', completed_at = $2 WHERE id = $1 AND status = 'PENDING'`, [
      id,
      now.toISOString(),
    ]);
    throw error;
  }
  return paymentView((await findPayment(db, id))!, checkout);
}

/**
 * Records a provider notification once: false when this (provider, kind, id) was recorded before, so a repeated
 * notification changes nothing. Call it inside the transaction that applies the notification: if applying fails,
 * the record goes with it and the provider's retry is applied.
 */
export async function claimProviderEvent(
  tx: Queryable,
  provider: PaymentMethod,
  kind: string,
  eventId: string,
  paymentId: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO provider_events (provider, kind, event_id, payment_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id`,
    [provider, kind, eventId, paymentId],
  );
  return rows.length > 0;
}

/**
 * The provider's verdict on a payment the user started, applied once: SUCCEEDED extends the subscription by
 * the paid days with the plan that renews it (and records a percent promocode as used); FAILED only marks the
 * payment. A payment no longer PENDING is left as it is (its row is answered).
 */
export async function completePayment(
  tx: Queryable,
  payment: PaymentRow,
  outcome: { status: 'SUCCEEDED'; paid: PaidPeriod; transactionId: string } | { status: 'FAILED'; transactionId: string | null },
  now: Date,
): Promise<PaymentRow> {
  // The user's lock first (as startPayment takes it), then the row: no deadlock with a new payment.
  await lockSubscriptionOf(tx, payment.userId);
  const { rows } = await tx.query<DbRow>(
    `UPDATE payments SET status = $2, completed_at = $3, provider_transaction_id = coalesce($4, provider_transaction_id)
      WHERE id = $1 AND status = 'PENDING' RETURNING ${COLUMNS}`,
    [payment.id, outcome.status, now.toISOString(), outcome.transactionId],
  );
  if (!rows[0]) return (await findPayment(tx, payment.id))!;
  const settled = fromRow(rows[0]);
  if (outcome.status === 'SUCCEEDED') {
    await extendSubscription(tx, settled.userId, settled.days, now, outcome.paid);
    if (settled.promocode) await redeem(tx, settled.userId, settled.promocode, now);
  }
  return settled;
}

/**
 * A renewal the provider charged (or tried to) by itself: a row in the history; a SUCCEEDED one adds the plan's days.
 * REFUNDED: charged when it should not have been, owed back (a refund job runs), no days.
 */
export async function recordRenewal(
  tx: Queryable,
  input: { userId: number; paid: PaidPeriod; transactionId: string; status: 'SUCCEEDED' | 'FAILED' | 'REFUNDED' },
  now: Date,
): Promise<PaymentRow> {
  await lockSubscriptionOf(tx, input.userId);
  const id = randomUUID();
  const { plan } = input.paid;
  const { rows } = await tx.query<DbRow>(
    `INSERT INTO payments (id, user_id, service_type, provider, days, amount, currency, kind, status, provider_transaction_id, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'renewal', $8, $9, $10) RETURNING ${COLUMNS}`,
    [
      id,
      input.userId,
      LIRA_SERVICE_TYPE,
      plan.method,
      plan.days,
      plan.amount,
      plan.currency,
      input.status,
      input.transactionId,
      now.toISOString(),
    ],
  );
  if (input.status === 'SUCCEEDED') await extendSubscription(tx, input.userId, plan.days, now, input.paid);
  return fromRow(rows[0]!);
}

/** Marks a payment REFUNDED and takes its days back from the period (not below now). */
export async function refundPayment(tx: Queryable, payment: PaymentRow, now: Date): Promise<void> {
  await lockSubscriptionOf(tx, payment.userId);
  const { rows } = await tx.query(`UPDATE payments SET status = 'REFUNDED' WHERE id = $1 AND status = 'SUCCEEDED' RETURNING id`, [
    payment.id,
  ]);
  if (!rows[0]) return;
  await tx.query(
    `UPDATE subscriptions SET expired_at = greatest($3::timestamptz, expired_at - make_interval(days => $2)), updated_at = $3
      WHERE user_id = $1 AND service_type = '${LIRA_SERVICE_TYPE}'`,
    [payment.userId, payment.days, now.toISOString()],
  );
}
