import type { FavouriteChange } from '@kvarta/contract/favourite-marks';
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * A favourite as the buyer keeps it: their note, the price last seen, and the latest change since the like
 * (PRICE_DROP or GONE) with when the bot told of it. A row exists for a liked apartment once it was looked at.
 */
export const favouriteMarks = pgTable(
  'favourite_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apartmentId: integer('apartment_id').notNull(),
    note: text('note').notNull().default(''),
    seenPrice: bigint('seen_price', { mode: 'number' }),
    change: text('change').$type<FavouriteChange>(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    newPrice: bigint('new_price', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /** When the bot's message that told of this change was claimed; null while it is still to be told. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.apartmentId] })],
);

/** Per user: whether the bot tells of favourites' changes, and when it last did (at most one message a day). */
export const favouriteAlertSettings = pgTable('favourite_alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});
