import type { Queryable } from '../../core/database';
import { markRefunded } from '../charges';
import {
  checkInvoice,
  claimProviderEvent,
  declineInvoice,
  findPayment,
  findPaymentByTransaction,
  recordRenewal,
  refundPayment,
  type PaymentRow,
} from '../payments';
import type { PriceList } from '../price-list';
import { refundUnmatched, settleFirstPayment, settleRenewal, type Charge, type Effect } from '../settlement';
import { linkProviderSubscription } from '../repository/subscriptions';
import {
  effectiveStatus,
  findByProviderSubscription,
  findSubscription,
  setSubscriptionStatus,
  stopRenewal,
  type SubscriptionRow,
} from '../subscriptions';
import {
  CP_CODES,
  isKnownRecurrentStatus,
  type CpCode,
  type PaymentNotification,
  type RecurrentNotification,
  type RefundNotification,
} from './notifications';
import type { Database } from '../../db/connection';
import type { RedemptionMarker } from '../redemption-marker';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  now: () => Date;
  redemptionMarker: RedemptionMarker;
}

/** A notification we refuse: the code CloudPayments gets, and why (for the log). */
export class Refusal extends Error {
  constructor(
    readonly code: CpCode,
    reason: string,
  ) {
    super(reason);
  }
}

export interface HandlerDeps {
  ctx: Needs;
  prices: PriceList;
  log: { warn(message: string): void };
}

export interface HandlerResult {
  code: CpCode;
  effects: Effect[];
}

const ok = (effects: Effect[] = []): HandlerResult => ({ code: CP_CODES.ok, effects });
const cancelCard = (subscriptionId: string): Effect => ({ kind: 'cancelAtProvider', method: 'card', subscriptionId, telegramUserId: null });
const sameMoney = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** Our payment the notification names, checked field by field against our row (a mismatch is refused). */
function matchFirstPayment(payment: PaymentRow, n: PaymentNotification): void {
  if (n.AccountId !== String(payment.userId)) throw new Refusal(CP_CODES.wrongAccount, `AccountId ${n.AccountId} ≠ ${payment.userId}`);
  if (n.Currency !== 'RUB' || payment.currency !== 'RUB' || !sameMoney(n.Amount, payment.amount))
    throw new Refusal(CP_CODES.wrongAmount, `${n.Amount} ${n.Currency} ≠ ${payment.amount} ${payment.currency}`);
}

/**
 * A renewal: the provider's subscription must be the one we recorded, for this account, at the plan's price. (One we
 * did not record — replaced, or opened by a charge that went back — is answered by `unrecorded` before this.)
 */
function matchRenewal(sub: SubscriptionRow, n: PaymentNotification): SubscriptionRow {
  if (sub.plan?.method !== 'card') throw new Refusal(CP_CODES.wrongInvoice, `подписка ${n.SubscriptionId} не найдена`);
  if (n.AccountId !== String(sub.userId)) throw new Refusal(CP_CODES.wrongAccount, `AccountId ${n.AccountId} ≠ ${sub.userId}`);
  if (n.Currency !== 'RUB' || !sameMoney(n.Amount, sub.plan.amount))
    throw new Refusal(CP_CODES.wrongAmount, `${n.Amount} ${n.Currency} ≠ ${sub.plan.amount} RUB`);
  return sub;
}

/** Our first payment the notification is about, if its InvoiceId names one of our card payments. */
async function firstPaymentOf(db: Queryable, n: PaymentNotification): Promise<PaymentRow | null> {
  if (!n.InvoiceId || !/^[a-z0-9-]{8,64}$/i.test(n.InvoiceId)) return null;
  const payment = await findPayment(db, n.InvoiceId);
  return payment && payment.provider === 'card' && payment.kind === 'first' ? payment : null;
}

/** Check: may this payment go ahead? An invoice that can still be paid (a declined one too: the widget's retry) is CHECKED. */
export async function onCheck(deps: HandlerDeps, n: PaymentNotification): Promise<HandlerResult> {
  const { ctx } = deps;
  return ctx.db.transaction(async (tx) => {
    const payment = await firstPaymentOf(tx, n);
    if (payment) {
      matchFirstPayment(payment, n);
      if (!(await checkInvoice(tx, payment, ctx.now()))) throw new Refusal(CP_CODES.refused, `счёт ${payment.id} уже оплачен или закрыт`);
      return ok();
    }
    if (n.SubscriptionId) {
      const found = await findByProviderSubscription(tx, n.SubscriptionId);
      // Not the subscription we recorded: the charge is refused, and that subscription is stopped at the provider.
      if (!found) return { code: CP_CODES.wrongInvoice, effects: [cancelCard(n.SubscriptionId)] };
      const sub = matchRenewal(found, n);
      if (!sub.autoRenewal) throw new Refusal(CP_CODES.refused, `подписка ${n.SubscriptionId} отменена`);
      return ok();
    }
    throw new Refusal(CP_CODES.wrongInvoice, `InvoiceId ${n.InvoiceId ?? '—'} не найден`);
  });
}

/** Pay: the money is taken. The first payment activates; a renewal extends; each TransactionId counts once. */
export async function onPay(deps: HandlerDeps, n: PaymentNotification): Promise<HandlerResult> {
  const { ctx, prices } = deps;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const payment = await firstPaymentOf(tx, n);
    if (!(await claimProviderEvent(tx, 'card', 'pay', n.TransactionId, payment?.id ?? null))) return ok();
    const charge: Charge = { method: 'card', transactionId: n.TransactionId, amount: n.Amount, telegramUserId: null };
    if (payment) {
      matchFirstPayment(payment, n);
      // Decided under the invoice's lock: paid twice for one invoice (two tabs, a retried form), the money goes back.
      return ok(
        await settleFirstPayment(
          tx,
          payment,
          prices,
          charge,
          { renews: true, subscriptionId: n.SubscriptionId },
          now,
          ctx.redemptionMarker,
        ),
      );
    }
    if (!n.SubscriptionId) throw new Refusal(CP_CODES.wrongInvoice, `InvoiceId ${n.InvoiceId ?? '—'} не найден`);
    const found = await findByProviderSubscription(tx, n.SubscriptionId);
    if (!found) {
      // Charged by a card subscription that is not the one we recorded: no days; the money goes back and that
      // subscription is cancelled, so no charge is ever kept without days.
      deps.log.warn(`CloudPayments: подписка ${n.SubscriptionId} не наша (не записана), платёж ${n.TransactionId} возвращается`);
      return ok(await refundUnmatched(tx, charge, null, now, n.SubscriptionId));
    }
    const sub = matchRenewal(found, n);
    // The provider names the subscription it charged: that id is the one to cancel again.
    return ok(await settleRenewal(tx, { ...sub, plan: sub.plan!, providerSubscriptionId: n.SubscriptionId }, charge, now));
  });
}

/** Fail: the card was declined. An open invoice is DECLINED (the buyer may try again); a declined renewal is kept for the history. */
export async function onFail(deps: HandlerDeps, n: PaymentNotification): Promise<HandlerResult> {
  const { ctx } = deps;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const payment = await firstPaymentOf(tx, n);
    if (!(await claimProviderEvent(tx, 'card', 'fail', n.TransactionId, payment?.id ?? null))) return ok();
    if (payment) {
      if (n.AccountId !== String(payment.userId)) throw new Refusal(CP_CODES.wrongAccount, `AccountId ${n.AccountId} ≠ ${payment.userId}`);
      await declineInvoice(tx, payment, n.TransactionId, now);
      return ok();
    }
    if (n.SubscriptionId) {
      const sub = await findByProviderSubscription(tx, n.SubscriptionId);
      if (sub?.plan && n.AccountId === String(sub.userId))
        await recordRenewal(
          tx,
          { userId: sub.userId, paid: { plan: sub.plan, renews: sub.autoRenewal }, transactionId: n.TransactionId, status: 'FAILED' },
          now,
        );
    }
    return ok();
  });
}

/**
 * Recurrent: the card subscription's status changed. Active (again) is ACTIVE; PastDue (a declined renewal the
 * provider retries) is PAST_DUE; Cancelled, Rejected and Expired stop renewal (the paid days stay).
 */
export async function onRecurrent(deps: HandlerDeps, n: RecurrentNotification): Promise<HandlerResult> {
  const { ctx } = deps;
  const now = ctx.now();
  const status = n.Status;
  if (!isKnownRecurrentStatus(status)) {
    // A status the provider added after this code was written: nothing to change here, and a refusal would only
    // make them repeat it. Logged for someone to decide what it should mean.
    deps.log.warn(`CloudPayments: подписка ${n.Id} в неизвестном статусе ${status}, ничего не меняем`);
    return ok();
  }
  return ctx.db.transaction(async (tx) => {
    let sub = await findByProviderSubscription(tx, n.Id);
    if (!sub && n.AccountId && /^\d{1,10}$/.test(n.AccountId)) {
      // The first Recurrent may come before the Pay that names the subscription: link it to the account's card plan.
      const candidate = await findSubscription(tx, Number(n.AccountId));
      if (candidate?.plan?.method === 'card' && !candidate.providerSubscriptionId) {
        await linkProviderSubscription(tx, candidate.userId, n.Id);
        sub = { ...candidate, providerSubscriptionId: n.Id };
      }
    }
    if (!sub) {
      deps.log.warn(`CloudPayments: подписка ${n.Id} не найдена`);
      return ok();
    }
    if (n.AccountId && n.AccountId !== String(sub.userId))
      throw new Refusal(CP_CODES.wrongAccount, `AccountId ${n.AccountId} ≠ ${sub.userId}`);
    // Once per state it finds: a repeat changes nothing, but the same status again after another (Active after
    // PastDue, with the same counters or none at all) is applied.
    const eventId = [n.Id, n.Status, n.SuccessfulTransactionsNumber, n.FailedTransactionsNumber, n.LastTransactionDate, sub.status].join(
      ':',
    );
    if (!(await claimProviderEvent(tx, 'card', 'recurrent', eventId, null))) return ok();
    if (status === 'Active') {
      // Cancelled here but still active there (our cancel has not reached them yet): ask again.
      if (!sub.autoRenewal) return ok([{ kind: 'cancelAtProvider', method: 'card', subscriptionId: n.Id, telegramUserId: null }]);
      if (sub.status === 'PAST_DUE') await setSubscriptionStatus(tx, sub.userId, 'ACTIVE', now);
      return ok();
    }
    if (status === 'PastDue') {
      if (sub.autoRenewal && effectiveStatus(sub, now) !== 'EXPIRED') await setSubscriptionStatus(tx, sub.userId, 'PAST_DUE', now);
      return ok();
    }
    const stopped = await stopRenewal(tx, sub.userId, now);
    return ok(stopped ? [{ kind: 'stopped', userId: sub.userId, status: stopped.status === 'CANCELLED' ? 'CANCELLED' : 'EXPIRED' }] : []);
  });
}

/**
 * Refund: money went back (from their dashboard, or our refund job): the charge is marked refunded in the ledger
 * (our job never sends it again); the payment it granted is REFUNDED, its days taken back.
 */
export async function onRefund(deps: HandlerDeps, n: RefundNotification): Promise<HandlerResult> {
  const { ctx } = deps;
  return ctx.db.transaction(async (tx) => {
    const payment = await findPaymentByTransaction(tx, 'card', n.PaymentTransactionId);
    if (!(await claimProviderEvent(tx, 'card', 'refund', n.TransactionId, payment?.id ?? null))) return ok();
    await markRefunded(tx, { method: 'card', transactionId: n.PaymentTransactionId, amount: n.Amount }, ctx.now());
    if (!payment) {
      deps.log.warn(`CloudPayments: возврат по неизвестной операции ${n.PaymentTransactionId}`);
      return ok();
    }
    if (n.AccountId && n.AccountId !== String(payment.userId))
      throw new Refusal(CP_CODES.wrongAccount, `AccountId ${n.AccountId} ≠ ${payment.userId}`);
    await refundPayment(tx, payment, ctx.now());
    return ok();
  });
}
