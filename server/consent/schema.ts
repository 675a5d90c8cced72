import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ConsentPurpose } from '@kvarta/contract/consents';
import { users } from '../auth/schema';

/**
 * A person's decision on each purpose that rests on consent (contract/consents.ts): the last one counts, and when it was
 * given is kept after a withdrawal, so what was lawful when can still be shown.
 */
export const consents = pgTable(
  'consents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    given: boolean('given').notNull(),
    /** The version of the consent's text the decision was made on. */
    version: integer('version').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    /** When consent was last given (kept after a withdrawal); null if it never was. */
    givenAt: timestamp('given_at', { withTimezone: true }),
    /** Where it was asked: 'web' or 'tma'. */
    channel: text('channel').$type<'web' | 'tma'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);
