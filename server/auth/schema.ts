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

/**
 * One sign-in or binding attempt through the bot: the browser waits on `event_emitter_id`
 * (server-sent events), the bot resolves `token` from `/start <token>`. Single use, 10 minutes.
 */
export const telegramBindings = pgTable('telegram_bindings', {
  token: text('token').primaryKey(),
  eventEmitterId: text('event_emitter_id').notNull().unique(),
  type: text('type').notNull(),
  /** Who asked (the bearer of the request), anonymous or not. */
  requesterId: integer('requester_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** JSON of the final stream message: {status, token?} or {message}. */
  outcome: text('outcome'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
