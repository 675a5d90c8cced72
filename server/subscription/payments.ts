import { randomUUID } from 'node:crypto';
import type { Checkout, Payment, PaymentCurrency, PaymentMethod } from '@kvarta/contract/subscription';
import { recordCharge, type LedgerCharge } from './charges';
import { paymentTitle } from './receipt';
import { lockInvoice, moveInvoice, parseState } from './invoice';
import type { Queryable } from '../core/database';
import { findUser } from '../auth/users';
import { badRequest, conflict } from '../core/errors';
import { findPayment, insertInvoice, insertRenewal, lockOpenInvoices, refundRenewal, type PaymentRow } from './repository/payments';
import type { RedemptionMarker } from './redemption-marker';
import { takeBackDays } from './repository/subscriptions';
import {
  PROMOCODE_MESSAGES,
  alreadyRedeemed,
  extendSubscription,
  findSubscription,
  isRenewing,
  lockSubscriptionOf,
  redeem,
  type PaidPeriod,
} from './subscriptions';

/** Why a second renewing invoice is refused (the client shows the same note before it is asked). */
export const ALREADY_RENEWS = 'Подписка уже продлевается автоматически. Чтобы оформить новую, отключите автопродление в «Подписке»';

const renewsNow = async (db: Queryable, userId: number, now: Date) => {
  const current = await findSubscription(db, userId);
  return current !== null && isRenewing(current, now);
};

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
  /** Whether a period of these days, once paid, is charged again by the provider itself (a renewing subscription). */
  renews(days: number): boolean;
  checkout(order: PaymentOrder): Promise<Checkout>;
}

export { claimProviderEvent, findPayment, findPaymentByTransaction, type PaymentRow } from './repository/payments';

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
  /** The payer's redemption mark (RedemptionMarker): a promocode the person redeemed under a deleted account is refused too. */
  mark: string | null;
  days: number;
  amount: number;
  renewalAmount: number;
  promocode: string | null;
  returnPath: string | null;
  receiptEmail: string | null;
  telegramUserId: number | null;
}

/**
 * Starts a payment. One account has one open invoice: a newer one closes every older invoice that could still be
 * paid (it becomes FAILED; a charge that still lands on it goes back), under the per-user lock, so two tabs or a card
 * and a Stars form cannot both pay (nor both use a promocode, whose redemption is recorded when one succeeds). While
 * a subscription renews, an invoice that would renew too is refused: one account never has two renewing
 * subscriptions; a period that does not renew may still be bought.
 */
export async function startPayment(
  db: Transactional,
  provider: PaymentProvider,
  input: PaymentStart,
  now: Date = new Date(),
): Promise<Payment> {
  const id = randomUUID();
  // What the stored invoice and the provider's order both say.
  const { userId, days, amount, receiptEmail, telegramUserId } = input;
  const order = { id, userId, days, amount, currency: provider.currency, receiptEmail, telegramUserId };
  await db.transaction(async (tx) => {
    await lockSubscriptionOf(tx, input.userId);
    // Checked again under the lock: a payment with this code may have just succeeded.
    if (input.promocode && (await alreadyRedeemed(tx, { userId: input.userId, mark: input.mark }, input.promocode)))
      throw badRequest(PROMOCODE_MESSAGES.used);
    if (provider.renews(input.days) && (await renewsNow(tx, input.userId, now))) throw conflict(ALREADY_RENEWS);
    // Every invoice that could still be paid (a declined one may be retried) is closed.
    const open = await lockOpenInvoices(tx, input.userId);
    for (const row of open) await moveInvoice(tx, row.id, parseState(row.state), 'close', now);
    await insertInvoice(tx, { ...order, provider: provider.method, promocode: input.promocode, returnPath: input.returnPath });
  });
  let checkout: Checkout;
  try {
    checkout = await provider.checkout({ ...order, renewalAmount: input.renewalAmount, description: paymentTitle(input.days) });
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
  marker: RedemptionMarker,
): Promise<'granted' | 'refund'> {
  const state = await lockInvoice(tx, payment.id, payment.userId);
  const step = state ? await moveInvoice(tx, payment.id, state, 'pay', now, charge.transactionId) : null;
  // The account was deleted while the invoice was open: there is no one to grant the days to, the money goes back.
  if (step?.verdict !== 'grant' || payment.userId === null) {
    await recordCharge(tx, charge, payment.id, 'refund', now);
    return 'refund';
  }
  await extendSubscription(tx, payment.userId, payment.days, now, paid);
  if (payment.promocode) {
    // The payer's Telegram id as it is now: the mark names the person, whichever account they paid from.
    const payer = await findUser(tx, payment.userId);
    await redeem(tx, marker.redeemer({ id: payment.userId, telegramId: payer?.telegramId ?? null }), payment.promocode, now);
  }
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
  if (payment.userId === null) return false;
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
  const row = await insertRenewal(
    tx,
    {
      id,
      userId: input.userId,
      provider: plan.method,
      days: plan.days,
      amount: plan.amount,
      currency: plan.currency,
      status: input.status,
      providerTransactionId: input.transactionId,
    },
    now,
  );
  if (input.status === 'SUCCEEDED') await extendSubscription(tx, input.userId, plan.days, now, input.paid);
  return row;
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
    if (payment.userId !== null) await lockSubscriptionOf(tx, payment.userId);
    refunded = await refundRenewal(tx, payment.id);
  }
  // An account deleted since has no period left to take the days from.
  if (!refunded || payment.userId === null) return;
  await takeBackDays(tx, payment.userId, payment.days, now);
}
