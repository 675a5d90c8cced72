import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per person: anonymous until signed in; keyed by Telegram user id once known. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  telegramId: text('telegram_id').unique(),
  name: text('name'),
  cityId: integer('city_id'),
  isAnonymous: boolean('is_anonymous').notNull().default(true),
  /** Bumped to revoke every token issued before. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
