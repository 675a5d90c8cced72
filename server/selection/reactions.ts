import { registerMergeStep } from '../auth/accounts';
import type { Queryable } from '../core/database';
import { userSelectionChanged } from './selection-cache';

export type Reaction = { action: 'LIKE' | 'DISLIKE'; notices: string[]; selectionType: string };

export async function reactionsOf(db: Queryable, userId: number): Promise<Map<number, Reaction>> {
  const { rows } = await db.query<{ apartment_id: number; action: 'LIKE' | 'DISLIKE'; notices: string[]; selection_type: string }>(
    'SELECT apartment_id, action, notices, selection_type FROM reactions WHERE user_id = $1 ORDER BY updated_at DESC',
    [userId],
  );
  return new Map(rows.map((r) => [r.apartment_id, { action: r.action, notices: r.notices, selectionType: r.selection_type }]));
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
    await db.query('DELETE FROM reactions WHERE user_id = $1 AND apartment_id = $2', [userId, apartment.id]);
  } else {
    await db.query(
      `INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (user_id, apartment_id) DO UPDATE SET action = excluded.action, notices = excluded.notices, selection_type = excluded.selection_type, updated_at = now()`,
      [userId, apartment.id, action, JSON.stringify(action === 'DISLIKE' ? notices : []), selectionType],
    );
  }
  userSelectionChanged(db, userId);
}

// Signing in keeps what the anonymous user did: reactions (and so the taste learned from them) and the TOP
// profile move into the account unless the account already has its own.
registerMergeStep(async (tx, from, into) => {
  await tx.query(
    `INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type, updated_at)
     SELECT $2, apartment_id, action, notices, selection_type, updated_at FROM reactions WHERE user_id = $1
     ON CONFLICT (user_id, apartment_id) DO NOTHING`,
    [from, into],
  );
  await tx.query('DELETE FROM reactions WHERE user_id = $1', [from]);
  await tx.query(
    `INSERT INTO top_profiles (user_id, payload) SELECT $2, payload FROM top_profiles WHERE user_id = $1 ON CONFLICT (user_id) DO NOTHING`,
    [from, into],
  );
});
