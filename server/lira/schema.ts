import type { ExtensionPayload, LiraProfilePayload } from '@kvarta/contract/lira';
import type { LiraStatus } from '@kvarta/contract/lira-rules';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import type { MergeEntry } from '../auth/merge';

/** The AI search (LIRA) profile per user: the payload of spec §3, the extension settings and the stored status. */
export const liraProfiles = pgTable(
  'lira_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** {filters, portraitId, wishGroups} as validated by the contract. */
    payload: jsonb('payload').$type<LiraProfilePayload>().notNull(),
    /** The extension payload of spec §3 ({useExtensions, useExpertSelection, extensions}). */
    settings: jsonb('settings').$type<ExtensionPayload>().notNull(),
    status: text('status').$type<LiraStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the agent last added a batch; drives the periodic cadence. */
    lastBatchAt: timestamp('last_batch_at', { withTimezone: true }),
    /** A worker's claim on sending this user's messages: one sender per user across workers, until it runs out. */
    notifyLeaseUntil: timestamp('notify_lease_until', { withTimezone: true }),
  },
  (t) => [index('lira_profiles_status_idx').on(t.status)],
);

/** What the agent suggested to whom: never twice the same apartment to one user. */
export const liraSuggestions = pgTable(
  'lira_suggestions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apartmentId: integer('apartment_id').notNull(),
    suggestedAt: timestamp('suggested_at', { withTimezone: true }).notNull(),
    /** MAIN (strict match) or ALTERNATIVE (thanks to an extension). */
    suggestionType: text('suggestion_type').$type<'MAIN' | 'ALTERNATIVE'>().notNull(),
    relevancePercent: integer('relevance_percent').notNull(),
    batch: integer('batch').notNull(),
    /** Sent to the user's Telegram. */
    notified: boolean('notified').notNull().default(false),
    /** Hidden after the profile changed while unrated; still never suggested again. */
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.apartmentId] })],
);

/** Signing in (server/auth/merge.ts): these rows stay with the anonymous user, and why. */
export const LIRA_MERGE: MergeEntry[] = [
  { table: liraProfiles, notMerged: 'the AI search is set up by a signed-in subscriber; the account keeps its own' },
  { table: liraSuggestions, notMerged: 'what the AI search suggested belongs to the profile it ran for' },
];
