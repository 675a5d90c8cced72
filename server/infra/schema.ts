import type { BotButton } from './bot-gateway';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits of the per-IP and per-user limits when instances share PostgreSQL (server/infra/limits.ts): a sliding
 * window is the hits of a key younger than the window. Old rows go with the hourly cleanup.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.scope, t.key, t.hitAt)],
);

/**
 * Where a job that walks a table a slice per run stopped (the id of the last row it took), so the next run, on any
 * instance, goes on from there rather than from the start.
 */
export const jobCursors = pgTable('job_cursors', {
  job: text('job').primaryKey(),
  afterId: integer('after_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the offline Telegram stand-in "sent": kept in the database so the /dev/telegram page on any instance shows
 * the messages the worker sent, and a test can count them.
 */
export const standInMessages = pgTable(
  'stand_in_messages',
  {
    id: serial('id').primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    buttons: jsonb('buttons').$type<BotButton[][]>().notNull(),
    photoUrl: text('photo_url'),
    /** An album (sendMediaGroup): [{x1, x2}] picture paths; the text is its caption. */
    album: jsonb('album').$type<Array<{ x1: string; x2: string }>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stand_in_messages_chat_idx').on(t.chatId, t.id)],
);

/** Invoices the offline stand-in "created" (createInvoiceLink): its invoice page on any instance pays them. */
export const standInInvoices = pgTable('stand_in_invoices', {
  slug: text('slug').primaryKey(),
  payload: text('payload').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(),
  subscriptionPeriod: integer('subscription_period'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
