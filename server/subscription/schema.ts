import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One subscription per user and service (LIRA_4); the effective status also depends on the clock. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id').notNull(),
    serviceType: text('service_type').notNull(),
    /** ACTIVE, CANCELLED (runs to the end), EXPIRED, PAST_DUE. */
    status: text('status').notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    /** On after a paid period, off after cancel or with only free days. */
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceType] })],
);

/** Promocodes: PERCENT off a paid period, or DAYS granted at once. The built-in trial is not stored here. */
export const promocodes = pgTable('promocodes', {
  code: text('code').primaryKey(),
  kind: text('kind').notNull(),
  value: integer('value').notNull(),
  active: boolean('active').notNull().default(true),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each user redeems a code once (the trial included). */
export const promocodeRedemptions = pgTable(
  'promocode_redemptions',
  {
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** A payment for a period: PENDING until the provider confirms (SUCCEEDED) or declines (FAILED). */
export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  serviceType: text('service_type').notNull(),
  provider: text('provider').notNull(),
  days: integer('days').notNull(),
  amount: integer('amount').notNull(),
  promocode: text('promocode'),
  status: text('status').notNull(),
  returnPath: text('return_path'),
  /** Where the browser pays: the provider's page, widget or invoice link (given when the payment starts). */
  url: text('url'),
  /** sha256 of the secret only the payer got in the payment link (the sandbox page's proof); null on old rows. */
  payerKeyHash: text('payer_key_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
