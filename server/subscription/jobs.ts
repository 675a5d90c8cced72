import { formatExpiredAt } from '@kvarta/contract/lira-rules';
import { formatMoney } from '@kvarta/contract/format';
import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { FastifyInstance } from 'fastify';
import { isRefunded, markRefunded, unqueuedRefunds } from './charges';
import { findPaymentByTransaction, refundPayment } from './payments';
import { paymentTitle, receiptText } from './receipt';
import {
  PAYMENT_RECEIPT_JOB,
  PROVIDER_CANCEL_JOB,
  PROVIDER_REFUND_JOB,
  queueRefund,
  type PaymentReceiptJob,
  type ProviderCancelJob,
  type ProviderRefundJob,
} from './settlement';
import { claimRenewalReminders } from './repository/subscriptions';
import { findSubscription } from './subscriptions';

export const RENEWAL_REMINDER_JOB = 'subscription-renewal-reminder';
export const REFUND_SWEEP_JOB = 'payment-refund-sweep';
/** A refund is queued just after its transaction commits; one not queued after this long was lost with its process. */
const REFUND_QUEUE_GRACE_MS = 2 * 60_000;
/** The callback data of «Отменить продление» under the reminder (bot/callbacks.ts). */
export const CANCEL_RENEWAL_CALLBACK = 'sub:cancel';
const DAY_MS = 86_400_000;

/**
 * Cancels and refunds at the provider, and the renewal reminder. A provider that is down is asked again every
 * `retrySeconds` (a minute by default) for a day: a cancel or a refund must get through.
 */
export async function definePaymentJobs(app: FastifyInstance, retrySeconds: number): Promise<void> {
  const { queue } = app;
  const log = (message: string) => app.log.info(message);
  const PROVIDER_RETRIES = { retryLimit: Math.ceil(86_400 / Math.max(1, retrySeconds)), retryDelaySeconds: retrySeconds };
  await queue.define<ProviderCancelJob>({
    name: PROVIDER_CANCEL_JOB,
    ...PROVIDER_RETRIES,
    // Queued by the account's deletion itself: nothing is charged for a deleted account.
    outlivesAccount: true,
    run: async (job) => {
      if (job.method === 'card') {
        if (!app.payments.cloudPayments) throw new Error('CloudPayments не настроен: отмена подписки ждёт ключей');
        await app.payments.cloudPayments.api.cancelSubscription(job.subscriptionId);
      } else {
        if (job.telegramUserId === null) return;
        await app.bot.editUserStarSubscription(job.telegramUserId, job.subscriptionId, true);
      }
      log?.(`подписка у провайдера отменена: ${job.method} ${job.subscriptionId}`);
    },
  });
  await queue.define<ProviderRefundJob>({
    name: PROVIDER_REFUND_JOB,
    // One at a time per charge: a refund queued twice (by the sweeper after a crash) runs after the first and finds it done.
    policy: 'singleton',
    // The money goes back even to a deleted account.
    outlivesAccount: true,
    ...PROVIDER_RETRIES,
    run: async (job) => {
      // A charge whose money is back (this job ran before, or the provider's Refund notification came) is done.
      if (await isRefunded(app.db, job.method, job.transactionId)) return;
      if (job.method === 'card') {
        if (!app.payments.cloudPayments) throw new Error('CloudPayments не настроен: возврат ждёт ключей');
        // X-Request-ID makes a retry after a lost answer count once there; their Refund notification marks our payment REFUNDED.
        await app.payments.cloudPayments.api.refund(job.transactionId, job.amount);
      } else {
        if (job.telegramUserId === null) return;
        await app.bot.refundStarPayment(job.telegramUserId, job.transactionId);
        const payment = await findPaymentByTransaction(app.db, 'stars', job.transactionId);
        if (payment) await app.db.transaction((tx) => refundPayment(tx, payment, app.now()));
      }
      await markRefunded(app.db, job, app.now());
      log?.(`возврат отправлен: ${job.method} ${job.transactionId}`);
    },
  });
  await queue.define<PaymentReceiptJob>({
    name: PAYMENT_RECEIPT_JOB,
    // Telegram down for an hour does not lose the buyer's receipt.
    retryLimit: Math.ceil(3_600 / Math.max(1, retrySeconds)),
    retryDelaySeconds: retrySeconds,
    run: async (job) => void (await sendReceipt(app, job)),
  });
  await queue.define({ name: RENEWAL_REMINDER_JOB, retryLimit: 0, run: async () => void (await remindRenewals(app)) });
  await queue.define({ name: REFUND_SWEEP_JOB, retryLimit: 0, run: async () => void (await sweepUnqueuedRefunds(app)) });
}

/**
 * The buyer's receipt of one charge in the bot: what was paid, how much, until when, and who sells (the operator's
 * legal name, ИНН, ОГРН, address and support). Returns the text sent, or null for a user without Telegram.
 */
export async function sendReceipt(app: FastifyInstance, job: PaymentReceiptJob): Promise<string | null> {
  const rows = await app.db.orm.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, job.userId));
  const telegramId = rows[0]?.telegramId;
  if (telegramId === null || telegramId === undefined) return null;
  const subscription = await findSubscription(app.db, job.userId);
  const text = receiptText(app.operator, {
    title: paymentTitle(job.days),
    amount: job.amount,
    currency: job.currency,
    transactionId: job.transactionId,
    paidAt: new Date(job.paidAt),
    paidUntil: subscription?.expiredAt ?? null,
    renewal: job.renewal,
    receiptEmail: job.receiptEmail,
  });
  await app.bot.sendMessage(Number(telegramId), text);
  return text;
}

/** Queues every refund the ledger owes whose job was never queued (the process died between commit and queue). */
export async function sweepUnqueuedRefunds(app: FastifyInstance): Promise<number> {
  const owed = await unqueuedRefunds(app.db, app.now(), REFUND_QUEUE_GRACE_MS);
  for (const charge of owed) await queueRefund(app, { kind: 'refund', ...charge });
  return owed.length;
}

/**
 * A day before a paid renewal, the bot says when and how much, with a button that cancels it. Each renewal is
 * claimed once (`reminded_for` = the period end it was sent for), so two workers never both send it.
 */
export async function remindRenewals(app: FastifyInstance): Promise<number> {
  const now = app.now();
  const rows = await claimRenewalReminders(app.db, now, new Date(now.getTime() + DAY_MS));
  let sent = 0;
  for (const row of rows) {
    if (!row.telegramId || row.planAmount === null) continue;
    const when = formatExpiredAt(row.expiredAt).slice(0, 16);
    const how = row.method === 'stars' ? 'звёздами Telegram' : 'с карты';
    await app.bot
      .sendMessage(
        Number(row.telegramId),
        `Завтра, ${when} (МСК), ИИ Поиск продлится: спишем ${formatMoney(row.planAmount, row.planCurrency ?? 'RUB')} ${how}. Если продлевать не нужно, отмените — доступ останется до конца оплаченного периода.`,
        [[{ text: 'Отменить продление', callbackData: CANCEL_RENEWAL_CALLBACK }]],
      )
      .then(() => (sent += 1))
      .catch(() => undefined);
  }
  return sent;
}
