import { randomUUID } from 'node:crypto';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { Checkout, Payment, PaymentCurrency, PaymentMethod, PaymentStatus } from '@kvarta/contract/subscription';
import { recordCharge, type LedgerCharge } from './charges';
import { paymentTitle } from './receipt';
import { lockInvoice, moveInvoice, type InvoiceState } from './invoice';
import type { Queryable } from '../core/database';
import { badRequest } from '../core/errors';
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
  /** Cards: where the fiscal receipt goes, as the buyer gave it. */
  receiptEmail: string | null;
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
  receipt_email: string | null;
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
  receiptEmail: r.receipt_email,
});
const COLUMNS =
  'id, user_id, provider, days, amount, currency, kind, promocode, status, return_path, telegram_user_id, provider_transaction_id, receipt_email';

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
      // Every invoice of this code that could still be paid (a declined one may be retried) is closed.
      const { rows } = await tx.query<{ id: string; state: InvoiceState }>(
        `SELECT id, state FROM payments WHERE user_id = $1 AND promocode = $2 AND kind = 'first' AND state IN ('PENDING', 'CHECKED', 'DECLINED')
          FOR UPDATE`,
        [input.userId, input.promocode],
      );
      for (const row of rows) await moveInvoice(tx, row.id, row.state, 'close', now);
    }
    await tx.query(
      `INSERT INTO payments (id, user_id, service_type, provider, days, amount, currency, promocode, status, state, return_path, receipt_email, telegram_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', 'PENDING', $9, $10, $11)`,
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
      description: paymentTitle(input.days),
      receiptEmail: input.receiptEmail,
      telegramUserId: input.telegramUserId,
    });
  } catch (error) {
    // No payment form was opened: the invoice can never be paid.
    await db.transaction(async (tx) => {
      const state = await lockInvoice(tx, id, input.userId);
      if (state) await moveInvoice(tx, id, state, 'close', now);
    });
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
 * A charge the provider took for an invoice, decided once under the invoice's lock (invoice.ts): the first charge
 * of an open invoice is granted — the paid days with the plan that renews them (and a percent promocode recorded as
 * used) — and any other charge is owed back. Either way the charge is written to the ledger in this transaction.
 */
export async function payInvoice(
  tx: Queryable,
  payment: PaymentRow,
  charge: LedgerCharge,
  paid: PaidPeriod,
  now: Date,
): Promise<'granted' | 'refund'> {
  const state = await lockInvoice(tx, payment.id, payment.userId);
  const step = state ? await moveInvoice(tx, payment.id, state, 'pay', now, charge.transactionId) : null;
  if (step?.verdict !== 'grant') {
    await recordCharge(tx, charge, payment.id, 'refund', now);
    return 'refund';
  }
  await extendSubscription(tx, payment.userId, payment.days, now, paid);
  if (payment.promocode) await redeem(tx, payment.userId, payment.promocode, now);
  await recordCharge(tx, charge, payment.id, 'granted', now);
  return 'granted';
}

/** The card was declined: an open invoice waits for the widget's retry (a paid or closed one is left as it is). */
export async function declineInvoice(tx: Queryable, payment: PaymentRow, transactionId: string, now: Date): Promise<void> {
  const state = await lockInvoice(tx, payment.id, payment.userId);
  if (state) await moveInvoice(tx, payment.id, state, 'fail', now, transactionId);
}

/** May the provider charge this invoice now? (CloudPayments' Check, Telegram's pre-checkout.) */
export async function checkInvoice(tx: Queryable, payment: PaymentRow, now: Date): Promise<boolean> {
  const state = await lockInvoice(tx, payment.id, payment.userId);
  return state !== null && (await moveInvoice(tx, payment.id, state, 'check', now)).verdict === 'allow';
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

/**
 * The money of a payment's granting charge went back: the payment is REFUNDED and its days are taken back from the
 * period (not below now). An invoice goes through its state machine; a renewal row from SUCCEEDED.
 */
export async function refundPayment(tx: Queryable, payment: PaymentRow, now: Date): Promise<void> {
  let refunded: boolean;
  if (payment.kind === 'first') {
    const state = await lockInvoice(tx, payment.id, payment.userId);
    refunded = state !== null && (await moveInvoice(tx, payment.id, state, 'refund', now)).verdict === 'allow';
  } else {
    await lockSubscriptionOf(tx, payment.userId);
    const { rows } = await tx.query(`UPDATE payments SET status = 'REFUNDED' WHERE id = $1 AND status = 'SUCCEEDED' RETURNING id`, [
      payment.id,
    ]);
    refunded = rows.length > 0;
  }
  if (!refunded) return;
  await tx.query(
    `UPDATE subscriptions SET expired_at = greatest($3::timestamptz, expired_at - make_interval(days => $2)), updated_at = $3
      WHERE user_id = $1 AND service_type = '${LIRA_SERVICE_TYPE}'`,
    [payment.userId, payment.days, now.toISOString()],
  );
}
