import type { TopProfilePayload } from '@kvarta/contract/selection';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The TOP (LEXS) profile per user: the payload of spec §3, kept as sent. */
export const topProfiles = pgTable('top_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  payload: jsonb('payload').$type<TopProfilePayload>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One reaction per user and apartment: LIKE or DISLIKE (with reason keys); reset deletes it. */
export const reactions = pgTable(
  'reactions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apartmentId: integer('apartment_id').notNull(),
    action: text('action').$type<'LIKE' | 'DISLIKE'>().notNull(),
    /** The DISLIKE's reason keys; empty for a LIKE. */
    notices: jsonb('notices').$type<string[]>().notNull(),
    /** Where it was given: LEXS (TOP), LIRA_4 (AI search) or FAV. */
    selectionType: text('selection_type').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.apartmentId] })],
);
