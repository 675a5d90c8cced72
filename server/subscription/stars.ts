import type { Checkout } from '@kvarta/contract/subscription';
import type { BotGateway, PreCheckoutQuery, RefundedStarPayment, StarsHandlers, SuccessfulPayment } from '../infra/bot-gateway';
import { markRefunded } from './charges';
import type { Queryable } from '../core/database';
import { forbidden } from '../core/errors';
import {
  checkInvoice,
  claimProviderEvent,
  findPayment,
  findPaymentByTransaction,
  refundPayment,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentRow,
} from './payments';
import { STAR_SUBSCRIPTION_SECONDS, type PriceList } from './price-list';
import {
  applyEffects,
  refundUnmatched,
  settleFirstPayment,
  settleRenewal,
  type Charge,
  type Effect,
  type SettlementNeeds,
} from './settlement';
import { findSubscription, stopRenewal } from './subscriptions';
import type { RedemptionMarker } from './redemption-marker';
import type { Metrics } from '../infra/metrics';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs extends SettlementNeeds {
  redemptionMarker: RedemptionMarker;
  metrics: Metrics;
}

export const STARS_ONLY_IN_TELEGRAM = 'Оплата звёздами доступна в Telegram: откройте «Кварту» из меню бота';

/**
 * Telegram Stars: the bot makes an invoice link in XTR (a Star subscription for the 30-day period, a one-time
 * payment otherwise); the Mini App opens it. Nothing is granted here: only successful_payment does.
 */
export class StarsProvider implements PaymentProvider {
  readonly method = 'stars' as const;
  readonly currency = 'XTR' as const;

  constructor(private readonly bot: () => BotGateway) {}

  /** Only the 30-day period is a Star subscription; the others are one-time payments. */
  renews(days: number): boolean {
    return days * 86_400 === STAR_SUBSCRIPTION_SECONDS;
  }

  async checkout(order: PaymentOrder): Promise<Checkout> {
    if (order.telegramUserId === null) throw forbidden(STARS_ONLY_IN_TELEGRAM);
    const invoiceLink = await this.bot().createInvoiceLink({
      title: 'ИИ Поиск «Кварты»',
      description: order.description,
      payload: order.id,
      amount: order.amount,
      ...(this.renews(order.days) ? { subscriptionPeriod: STAR_SUBSCRIPTION_SECONDS } : {}),
    });
    return { kind: 'stars', invoiceLink };
  }
}

const PAYLOAD = /^[a-z0-9-]{8,64}$/i;

async function starsPaymentOf(db: Queryable, payload: string): Promise<PaymentRow | null> {
  if (!PAYLOAD.test(payload)) return null;
  const payment = await findPayment(db, payload);
  return payment?.provider === 'stars' && payment.kind === 'first' ? payment : null;
}

/**
 * Why a payment does not match its invoice, in the words the payer sees in Telegram; null when it matches. Whether
 * the invoice can still be paid is the state machine's answer, under its lock.
 */
function mismatch(payment: PaymentRow | null, q: { fromId: number; currency: string; totalAmount: number }): string | null {
  if (!payment) return 'Счёт не найден: начните оплату в «Кварте» заново';
  if (payment.telegramUserId !== q.fromId) return 'Этот счёт выставлен другому пользователю';
  if (q.currency !== 'XTR' || payment.currency !== 'XTR' || q.totalAmount !== payment.amount)
    return 'Сумма счёта не совпадает: начните оплату заново';
  return null;
}
const ALREADY_SETTLED = 'Этот счёт уже оплачен или отменён';

/** The bot's answers to Telegram's payment updates; the same for the real bot and the offline stand-in. */
export function starsHandlers(ctx: Needs, prices: PriceList, log: { warn(message: string): void }): StarsHandlers {
  return {
    async preCheckout(q: PreCheckoutQuery) {
      const message = await ctx.db.transaction(async (tx) => {
        const payment = await starsPaymentOf(tx, q.payload);
        const why = mismatch(payment, q);
        if (why || !payment) return why;
        return (await checkInvoice(tx, payment, ctx.now())) ? null : ALREADY_SETTLED;
      });
      ctx.metrics.paymentNotifications.inc({ provider: 'stars', kind: 'pre_checkout', outcome: message ? 'refused' : 'accepted' });
      return message ? { ok: false, message } : { ok: true };
    },
    async successfulPayment(p: SuccessfulPayment) {
      const effects = await ctx.db.transaction(async (tx): Promise<Effect[]> => {
        // Telegram may deliver an update twice (a retried webhook, a restarted poll): one charge id counts once.
        if (!(await claimProviderEvent(tx, 'stars', 'payment', p.chargeId, PAYLOAD.test(p.payload) ? p.payload : null))) return [];
        const charge: Charge = { method: 'stars', transactionId: p.chargeId, amount: p.totalAmount, telegramUserId: p.fromId };
        const payment = await starsPaymentOf(tx, p.payload);
        const now = ctx.now();
        if (p.isRecurring && !p.isFirstRecurring) {
          // A renewal of a Star subscription: the payload is the first payment's, the subscription must still be its.
          // A payment whose account was deleted has no subscription to renew: the charge is owed back.
          // A Star subscription is the one we recorded (named by its first charge): an older one that still renews
          // (replaced, or paid on a closed invoice) grants nothing, gets its Stars back and is cancelled.
          const sub = payment?.userId ? await findSubscription(tx, payment.userId) : null;
          const plan = sub?.plan;
          const first = payment?.providerTransactionId ?? null;
          if (
            !sub ||
            plan?.method !== 'stars' ||
            first === null ||
            sub.providerSubscriptionId !== first ||
            sub.providerUserId !== p.fromId ||
            p.currency !== 'XTR' ||
            p.totalAmount !== plan.amount
          ) {
            log.warn(`Telegram Stars: продление ${p.chargeId} не совпало с подпиской, звёзды возвращаются`);
            return refundUnmatched(tx, charge, payment?.id ?? null, now, first);
          }
          return settleRenewal(tx, { ...sub, plan }, charge, now);
        }
        const why = mismatch(payment, p);
        if (why || !payment) {
          log.warn(`Telegram Stars: платёж ${p.chargeId} не принят (${why}), звёзды возвращаются`);
          return refundUnmatched(tx, charge, payment?.id ?? null, now);
        }
        // The Star subscription is named by its first charge (editUserStarSubscription takes it). An invoice paid
        // already (or closed) gets its Stars back: the state machine decides under the invoice's lock.
        const effects = await settleFirstPayment(
          tx,
          payment,
          prices,
          charge,
          { renews: p.isRecurring, subscriptionId: p.isRecurring ? p.chargeId : null },
          now,
          ctx.redemptionMarker,
        );
        if (effects.some((e) => e.kind === 'refund'))
          log.warn(`Telegram Stars: платёж ${p.chargeId} не принят (${ALREADY_SETTLED}), звёзды возвращаются`);
        return effects;
      });
      await applyEffects(ctx, effects);
      const refunded = effects.some((e) => e.kind === 'refund');
      ctx.metrics.paymentNotifications.inc({ provider: 'stars', kind: 'successful_payment', outcome: refunded ? 'refused' : 'accepted' });
    },
    /**
     * A refund Telegram reports (a message's refunded_payment: ours, or one Telegram made): the charge is marked
     * refunded (our refund job never sends it again) and the payment it granted is REFUNDED, its days taken back.
     */
    async refundedPayment(r: RefundedStarPayment) {
      const effects = await ctx.db.transaction(async (tx): Promise<Effect[] | null> => {
        if (!(await claimProviderEvent(tx, 'stars', 'refund', r.chargeId, null))) return [];
        const now = ctx.now();
        await markRefunded(tx, { method: 'stars', transactionId: r.chargeId, amount: r.totalAmount }, now);
        const payment = await findPaymentByTransaction(tx, 'stars', r.chargeId);
        if (!payment) {
          log.warn(`Telegram Stars: возврат по неизвестному платежу ${r.chargeId}`);
          return null;
        }
        await refundPayment(tx, payment, now);
        // The first charge of the Star subscription we record went back: that subscription renews no more.
        const sub = payment.userId === null ? null : await findSubscription(tx, payment.userId);
        if (!sub || sub.plan?.method !== 'stars' || sub.providerSubscriptionId !== r.chargeId || !sub.autoRenewal) return [];
        const stopped = await stopRenewal(tx, sub.userId, now);
        return stopped ? [{ kind: 'stopped', userId: sub.userId, status: stopped.status === 'CANCELLED' ? 'CANCELLED' : 'EXPIRED' }] : [];
      });
      if (effects) await applyEffects(ctx, effects);
      ctx.metrics.paymentNotifications.inc({ provider: 'stars', kind: 'refunded_payment', outcome: effects ? 'accepted' : 'refused' });
    },
  };
}
