import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per person: anonymous until signed in; keyed by Telegram user id once known. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  telegramId: text('telegram_id').unique(),
  name: text('name'),
  cityId: integer('city_id'),
  isAnonymous: boolean('is_anonymous').notNull().default(true),
  /**
   * An anonymous session's random key (its token's `sid`): the row is made by the session's first write, not when the
   * token is issued, and is found again by this key.
   */
  anonymousKey: text('anonymous_key').unique(),
  /** Bumped to revoke every token issued before. */
  tokenVersion: integer('token_version').notNull().default(0),
  /**
   * «Персональные рекомендации» (149-FZ art. 10.2-2): off, TOP ranks and the AI index reads as for an anonymous buyer;
   * the ratings are kept, not used.
   */
  personalised: boolean('personalised').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sign-in or binding attempt through the bot: the browser waits on `event_emitter_id`
 * (server-sent events), the bot resolves `token` from `/start <token>`. Single use, 10 minutes.
 */
export const telegramBindings = pgTable('telegram_bindings', {
  token: text('token').primaryKey(),
  eventEmitterId: text('event_emitter_id').notNull().unique(),
  type: text('type').$type<'login' | 'binding'>().notNull(),
  /** Who asked (the bearer of the request), anonymous or not. */
  requesterId: integer('requester_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** JSON of the final stream message: {status, token?} or {message}; deleted the moment one stream claims it. */
  outcome: text('outcome'),
  /** Shown in the bot's confirmation: the User-Agent of the binding request and where it came from ('SITE' or 'TELEGRAM_MINI_APP'). */
  userAgent: text('user_agent'),
  source: text('source'),
  /** The Telegram user who sent `/start <token>`: only they can press «Войти» / «Отклонить». */
  telegramUserId: text('telegram_user_id'),
  /** SHA-256 of the bearer that asked: only that token may open the event stream. */
  requesterTokenHash: text('requester_token_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secrets every instance on this database must share, generated once by whichever instance comes
 * first (the JWT signing key when JWT_SECRET is not set outside production).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
