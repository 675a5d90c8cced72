import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import type { MergeEntry } from '../auth/merge';

/**
 * Call-back requests (POST /bot-api/callback/sale). A row is written before the managers are told,
 * so a Telegram failure never loses a request: `delivered` stays false and the retry job tries again.
 */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    /** Normalised: +7XXXXXXXXXX. */
    phone: text('phone').notNull(),
    cityName: text('city_name').notNull(),
    refererUrl: text('referer_url').notNull(),
    extraField: text('extra_field').notNull(),
    /** The signed-in (or anonymous) user behind the token, when one was sent. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientIp: text('client_ip'),
    /** When the person ticked the consent checkbox (the request is refused without it). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version of the call-back consent's text the person ticked (contract/consents.ts). */
    consentVersion: integer('consent_version').notNull().default(1),
    delivered: boolean('delivered').notNull().default(false),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A sender's claim: until then no other instance sends this request (a crashed sender's claim runs out). */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
  },
  (t) => [
    index('callback_requests_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.delivered} = false`),
  ],
);

/** Signing in (server/auth/merge.ts): these rows stay with the anonymous user, and why. */
export const CALLBACK_MERGE: MergeEntry[] = [
  { table: callbackRequests, notMerged: 'the managers’ record of a request: it keeps naming who asked' },
];
