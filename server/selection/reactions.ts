import { registerMergeStep } from '../auth/accounts';
import type { Queryable } from '../catalog/store';
import { emptyPreference, featureVector, updatePreference, type PreferenceModel } from '../ranking';
import type { Engine } from '../ranking/engine';
import { userSelectionChanged } from './selection-cache';

export type Reaction = { action: 'LIKE' | 'DISLIKE'; notices: string[]; selectionType: string };

export async function reactionsOf(db: Queryable, userId: number): Promise<Map<number, Reaction>> {
  const { rows } = await db.query<{ apartment_id: number; action: 'LIKE' | 'DISLIKE'; notices: string[]; selection_type: string }>(
    'SELECT apartment_id, action, notices, selection_type FROM reactions WHERE user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [r.apartment_id, { action: r.action, notices: r.notices, selectionType: r.selection_type }]));
}

export async function preferenceOf(db: Queryable, userId: number): Promise<PreferenceModel> {
  const { rows } = await db.query<{ model: PreferenceModel }>('SELECT model FROM preference_models WHERE user_id = $1', [userId]);
  return rows[0]?.model ?? emptyPreference();
}

/**
 * Spec §4 Reactions: LIKE and DISLIKE are stored (notices only for DISLIKE); RESET_REACTION and
 * NO_FEEDBACK clear it. A like or dislike also teaches the user's preference model.
 */
export async function saveReaction(
  db: Queryable & { transaction<T>(w: (tx: Queryable) => Promise<T>): Promise<T> },
  engine: Engine,
  userId: number,
  apartment: { id: number; cityId: number },
  action: 'LIKE' | 'DISLIKE' | 'NO_FEEDBACK' | 'RESET_REACTION',
  notices: string[],
  selectionType: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (action === 'RESET_REACTION' || action === 'NO_FEEDBACK') {
      await tx.query('DELETE FROM reactions WHERE user_id = $1 AND apartment_id = $2', [userId, apartment.id]);
      return;
    }
    await tx.query(
      `INSERT INTO reactions (user_id, apartment_id, action, notices, selection_type) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (user_id, apartment_id) DO UPDATE SET action = excluded.action, notices = excluded.notices, selection_type = excluded.selection_type, updated_at = now()`,
      [userId, apartment.id, action, JSON.stringify(action === 'DISLIKE' ? notices : []), selectionType],
    );
    const columns = engine.columns(apartment.cityId);
    const row = columns?.rowOf.get(apartment.id);
    if (!columns || row === undefined) return;
    const model = updatePreference(
      await preferenceOf(tx, userId),
      featureVector(columns, row),
      action,
      action === 'DISLIKE' ? notices : [],
    );
    await tx.query(
      `INSERT INTO preference_models (user_id, model) VALUES ($1, $2::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET model = excluded.model, updated_at = now()`,
      [userId, JSON.stringify(model)],
    );
  });
  userSelectionChanged(db, userId);
}

// Signing in keeps what the anonymous user did: reactions, the TOP profile and the learned taste
// move into the account unless the account already has its own.
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
  await tx.query(
    `INSERT INTO preference_models (user_id, model) SELECT $2, model FROM preference_models WHERE user_id = $1 ON CONFLICT (user_id) DO NOTHING`,
    [from, into],
  );
});
