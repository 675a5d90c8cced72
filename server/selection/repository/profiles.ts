import type { TopProfilePayload } from '@kvarta/contract/selection';
import { eq, sql } from 'drizzle-orm';
import { afterCommit } from '../../core/after-commit';
import type { Queryable } from '../../core/database';
import { userSelectionChanged } from '../selection-cache';
import { topProfiles } from '../schema';

export async function getTopProfile(db: Queryable, userId: number): Promise<TopProfilePayload | null> {
  const rows = await db.orm.select({ payload: topProfiles.payload }).from(topProfiles).where(eq(topProfiles.userId, userId));
  return rows[0]?.payload ?? null;
}

export async function saveTopProfile(db: Queryable, userId: number, payload: TopProfilePayload): Promise<TopProfilePayload> {
  await db.orm
    .insert(topProfiles)
    .values({ userId, payload })
    .onConflictDoUpdate({ target: topProfiles.userId, set: { payload: sql`excluded.payload`, updatedAt: sql`now()` } });
  afterCommit(db, (root) => userSelectionChanged(root, userId));
  return payload;
}

/** Signing in keeps the anonymous user's TOP profile when the account has none of its own. */
export const mergeTopProfile = {
  table: topProfiles,
  step: async (tx: Queryable, from: number, into: number): Promise<void> => {
    await tx.orm
      .insert(topProfiles)
      .select(
        tx.orm
          .select({
            userId: sql<number>`${into}::int`.as('user_id'),
            payload: topProfiles.payload,
            // drizzle's insert-select names every column; this is the column's default.
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(topProfiles)
          .where(eq(topProfiles.userId, from)),
      )
      .onConflictDoNothing({ target: topProfiles.userId });
    afterCommit(tx, (root) => userSelectionChanged(root, into));
  },
};
