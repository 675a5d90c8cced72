import { and, eq, sql } from 'drizzle-orm';
import type { ConsentPurpose } from '@kvarta/contract/consents';
import type { Queryable } from '../core/database';
import type { MergeEntry } from '../auth/merge';
import { consents } from './schema';

export type ConsentRow = typeof consents.$inferSelect;

export async function consentsOf(db: Queryable, userId: number): Promise<ConsentRow[]> {
  return db.orm.select().from(consents).where(eq(consents.userId, userId));
}

/** Records a decision; a withdrawal keeps when consent was given. The one row per purpose is the last decision. */
export async function recordDecision(
  db: Queryable,
  decision: { userId: number; purpose: ConsentPurpose; given: boolean; version: number; channel: 'web' | 'tma' },
): Promise<ConsentRow> {
  const givenAt = decision.given ? sql`now()` : null;
  const [row] = await db.orm
    .insert(consents)
    .values({ ...decision, decidedAt: sql`now()`, givenAt })
    .onConflictDoUpdate({
      target: [consents.userId, consents.purpose],
      set: {
        given: decision.given,
        version: decision.version,
        channel: decision.channel,
        decidedAt: sql`now()`,
        givenAt: decision.given ? sql`now()` : sql`${consents.givenAt}`,
      },
    })
    .returning();
  return row!;
}

/** Signing in: the later decision on each purpose wins, the anonymous session's or the account's. */
export const CONSENT_MERGE: MergeEntry[] = [
  {
    table: consents,
    step: async (tx, fromUserId, intoUserId) => {
      await tx.query(
        `INSERT INTO consents (user_id, purpose, given, version, decided_at, given_at, channel)
         SELECT $2, purpose, given, version, decided_at, given_at, channel FROM consents WHERE user_id = $1
         ON CONFLICT (user_id, purpose) DO UPDATE SET given = excluded.given, version = excluded.version,
           decided_at = excluded.decided_at, given_at = COALESCE(excluded.given_at, consents.given_at), channel = excluded.channel
         WHERE excluded.decided_at > consents.decided_at`,
        [fromUserId, intoUserId],
      );
      await tx.orm.delete(consents).where(and(eq(consents.userId, fromUserId)));
    },
  },
];
