import type { TopProfilePayload } from '@kvarta/contract/selection';
import type { Queryable } from '../core/database';
import { userSelectionChanged } from './selection-cache';

export async function getTopProfile(db: Queryable, userId: number): Promise<TopProfilePayload | null> {
  const { rows } = await db.query<{ payload: TopProfilePayload }>('SELECT payload FROM top_profiles WHERE user_id = $1', [userId]);
  return rows[0]?.payload ?? null;
}

export async function saveTopProfile(db: Queryable, userId: number, payload: TopProfilePayload): Promise<TopProfilePayload> {
  await db.query(
    `INSERT INTO top_profiles (user_id, payload) VALUES ($1, $2::jsonb) ON CONFLICT (user_id) DO UPDATE SET payload = excluded.payload, updated_at = now()`,
    [userId, JSON.stringify(payload)],
  );
  userSelectionChanged(db, userId);
  return payload;
}
