import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterCommit } from '../../core/after-commit';
import type { Queryable } from '../../core/database';
import { userSelectionChanged, type Reaction } from '../selection-cache';
import { reactions } from '../schema';

export type { Reaction } from '../selection-cache';

export async function reactionsOf(db: Queryable, userId: number): Promise<Map<number, Reaction>> {
  const { userId: _user, updatedAt: _at, ...reactionColumns } = getTableColumns(reactions);
  const rows = await db.orm.select(reactionColumns).from(reactions).where(eq(reactions.userId, userId)).orderBy(desc(reactions.updatedAt));
  return new Map(rows.map(({ apartmentId, ...reaction }) => [apartmentId, reaction]));
}

/**
 * Spec §4 Reactions: LIKE and DISLIKE are stored (notices only for DISLIKE); RESET_REACTION and
 * NO_FEEDBACK clear it. The engine learns the user's taste from these rows (server/ranking/taste).
 */
export async function saveReaction(
  db: Queryable,
  userId: number,
  apartment: { id: number },
  action: 'LIKE' | 'DISLIKE' | 'NO_FEEDBACK' | 'RESET_REACTION',
  notices: string[],
  selectionType: string,
): Promise<void> {
  if (action === 'RESET_REACTION' || action === 'NO_FEEDBACK') {
    await db.orm.delete(reactions).where(and(eq(reactions.userId, userId), eq(reactions.apartmentId, apartment.id)));
  } else {
    await db.orm
      .insert(reactions)
      .values({ userId, apartmentId: apartment.id, action, notices: action === 'DISLIKE' ? notices : [], selectionType })
      .onConflictDoUpdate({
        target: [reactions.userId, reactions.apartmentId],
        set: {
          action: sql`excluded.action`,
          notices: sql`excluded.notices`,
          selectionType: sql`excluded.selection_type`,
          updatedAt: sql`now()`,
        },
      });
  }
  afterCommit(db, (root) => userSelectionChanged(root, userId));
}

/**
 * Signing in keeps what the anonymous user did: their reactions (and so the taste learned from them) move into the
 * account, except on apartments the account has rated itself.
 */
export const mergeReactions = {
  table: reactions,
  step: async (tx: Queryable, from: number, into: number): Promise<void> => {
    await tx.orm
      .insert(reactions)
      .select(
        tx.orm
          // Every column in the table's order (drizzle's insert-select names them all), the account's id for the user's.
          .select({ ...getTableColumns(reactions), userId: sql<number>`${into}::int`.as('user_id') })
          .from(reactions)
          .where(eq(reactions.userId, from)),
      )
      .onConflictDoNothing({ target: [reactions.userId, reactions.apartmentId] });
    await tx.orm.delete(reactions).where(eq(reactions.userId, from));
    afterCommit(tx, (root) => userSelectionChanged(root, from, into));
  },
};
