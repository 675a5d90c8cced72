import type { SubscriptionStatus } from '@kvarta/contract/lira-rules';
import type { Payment, PaymentCurrency, PaymentMethod, PaymentStatus } from '@kvarta/contract/subscription';
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import type { MergeEntry } from '../auth/merge';

/** One subscription per user and service (LIRA_4); the effective status also depends on the clock. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    /** ACTIVE, CANCELLED (runs to the end), EXPIRED, PAST_DUE. */
    status: text('status').$type<SubscriptionStatus>().notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    /** On only while a payment method renews it (a card's recurrent subscription, a Star subscription). */
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    /** How the current plan is paid: card (CloudPayments) or stars; null for free days only. */
    method: text('method').$type<PaymentMethod>(),
    /** The chosen plan: its days, and what each renewal takes (roubles or Stars). */
    planDays: integer('plan_days'),
    planAmount: integer('plan_amount'),
    planCurrency: text('plan_currency').$type<PaymentCurrency>(),
    /** CloudPayments' recurrent subscription id (sc_…), or the charge id of the Star subscription's first payment. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The Telegram user who pays the Star subscription (editUserStarSubscription needs them). */
    providerUserId: bigint('provider_user_id', { mode: 'number' }),
    /** Free days only (the trial, a days promocode) since the last paid period ended. */
    trial: boolean('trial').notNull().default(false),
    /** The period end the renewal reminder was sent for (one reminder per renewal). */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceType] }), index('subscriptions_provider_idx').on(t.providerSubscriptionId)],
);

/** Promocodes: PERCENT off a paid period, or DAYS granted at once. The built-in trial is not stored here. */
export const promocodes = pgTable('promocodes', {
  code: text('code').primaryKey(),
  kind: text('kind').$type<'DAYS' | 'PERCENT'>().notNull(),
  value: integer('value').notNull(),
  active: boolean('active').notNull().default(true),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each user redeems a code once (the trial included). */
export const promocodeRedemptions = pgTable(
  'promocode_redemptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * Who redeemed a code (the trial included), kept past the account's deletion so that signing in again with the same
 * Telegram does not give the trial or a one-per-person code once more. The person is named only by a keyed hash of
 * their Telegram id (redemption-marker.ts): no user id (nothing cascades, the export does not find it), no Telegram
 * id. Personal data all the same, kept for the operator's legitimate interest in preventing abuse (152-FZ art. 6
 * part 1 item 7) for REDEMPTION_MARK_RETENTION_DAYS after the redemption, then the cleanup job removes it.
 */
export const redemptionMarks = pgTable(
  'redemption_marks',
  {
    /** HMAC-SHA256 of the redeemer's Telegram id, base64url. */
    personHmac: text('person_hmac').notNull(),
    code: text('code').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.personHmac, t.code] }), index('redemption_marks_redeemed_idx').on(t.redeemedAt)],
);

/**
 * A payment for a period: PENDING until the provider confirms (SUCCEEDED) or declines (FAILED); REFUNDED when
 * the money went back. Renewals the provider charged by itself are rows too (kind 'renewal'), for the history.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /**
     * The payer; null once their account is deleted (the payment itself is kept for the accountant, without the
     * person: server/privacy/personal-data.ts).
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type').notNull(),
    provider: text('provider').$type<Payment['provider']>().notNull(),
    days: integer('days').notNull(),
    amount: integer('amount').notNull(),
    /** RUB (card) or XTR (Telegram Stars). */
    currency: text('currency').$type<PaymentCurrency>().notNull().default('RUB'),
    /** first: the user paid; renewal: the provider charged the saved method. */
    kind: text('kind').$type<'first' | 'renewal'>().notNull().default('first'),
    promocode: text('promocode'),
    status: text('status').$type<PaymentStatus>().notNull(),
    /**
     * A first payment's invoice state (subscription/invoice.ts): PENDING, CHECKED, PAID, DECLINED (may be paid
     * again), CLOSED (replaced or abandoned), REFUNDED. `status` is what the buyer sees of it; null for renewals.
     */
    state: text('state'),
    returnPath: text('return_path'),
    /** Legacy (sandbox page) only. */
    url: text('url'),
    /** Legacy (sandbox page) only: sha256 of the secret of the payer's link. */
    payerKeyHash: text('payer_key_hash'),
    /** The provider's id of the money movement: CloudPayments' TransactionId, Telegram's charge id. */
    providerTransactionId: text('provider_transaction_id'),
    /** Stars: the Telegram user the invoice is for (pre-checkout and the payment must come from them). */
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }),
    receiptEmail: text('receipt_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every provider notification that changed something, once: a repeated one (providers retry until they get
 * our answer, and may deliver twice) finds its row and changes nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').$type<PaymentMethod>().notNull(),
    /** pay, fail, refund, recurrent:<status>, stars:<charge> … */
    kind: text('kind').notNull(),
    /** TransactionId, a subscription id with its status and date, a Telegram charge id. */
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_events_key').on(t.provider, t.kind, t.eventId)],
);

/**
 * Every charge the provider reported as taken, once: it either granted an invoice's days or is owed back. A
 * refund is sent while `refunded_at` is null and never again after (a retried job or notification finds it set).
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    provider: text('provider').$type<PaymentMethod>().notNull(),
    transactionId: text('transaction_id').notNull(),
    paymentId: text('payment_id'),
    amount: doublePrecision('amount').notNull(),
    /** granted: paid the invoice or renewal; refund: owed back. */
    outcome: text('outcome').$type<'granted' | 'refund'>().notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Stars: the payer, whom a refund goes back to. */
    payerTelegramId: bigint('payer_telegram_id', { mode: 'number' }),
    /** When the refund job was queued (null on an owed refund: the sweeper queues it, should the process have died first). */
    refundQueuedAt: timestamp('refund_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.transactionId] })],
);

/** Signing in (server/auth/merge.ts): these rows stay with the anonymous user, and why. */
export const SUBSCRIPTION_MERGE: MergeEntry[] = [
  { table: subscriptions, notMerged: 'a subscription is bought by a signed-in account only' },
  { table: promocodeRedemptions, notMerged: 'redeemed by a signed-in account only' },
  { table: payments, notMerged: 'paid by a signed-in account only' },
];
