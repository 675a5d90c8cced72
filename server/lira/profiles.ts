import {
  DEFAULT_EXTENSION_FORM,
  LIRA_RUNNING_STATUSES,
  adjacentRooms,
  extensionPayload,
  type LiraStatus,
} from '@kvarta/contract/lira-rules';
import type { ExtensionPayload, LiraProfile, LiraProfilePayload } from '@kvarta/contract/lira';
import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/selection';
import type { Queryable } from '../core/database';

export interface StoredProfile {
  userId: number;
  payload: LiraProfilePayload;
  settings: ExtensionPayload;
  status: LiraStatus;
  createdAt: Date;
  updatedAt: Date;
  lastBatchAt: Date | null;
}

interface DbRow {
  user_id: number;
  payload: LiraProfilePayload;
  settings: ExtensionPayload;
  status: LiraStatus;
  created_at: Date | string;
  updated_at: Date | string;
  last_batch_at: Date | string | null;
}

const fromRow = (r: DbRow): StoredProfile => ({
  userId: r.user_id,
  payload: r.payload,
  settings: r.settings,
  status: r.status,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  lastBatchAt: r.last_batch_at ? new Date(r.last_batch_at) : null,
});

const COLUMNS = 'user_id, payload, settings, status, created_at, updated_at, last_batch_at';

export async function findLiraProfile(db: Queryable, userId: number): Promise<StoredProfile | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM lira_profiles WHERE user_id = $1`, [userId]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export const profileView = (p: StoredProfile): LiraProfile => ({
  filters: p.payload.filters,
  portraitId: p.payload.portraitId,
  wishGroups: p.payload.wishGroups,
  // Profiles saved before the mortgage existed have none: the spec's defaults.
  mortgageInfo: p.payload.mortgageInfo ?? DEFAULT_MORTGAGE_INFO,
  status: p.status,
  settings: p.settings,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** Spec §3 defaults of the extension, with the rooms next to the chosen ones (spec §4 "Preset change"). */
export function defaultSettings(payload: LiraProfilePayload): ExtensionPayload {
  const form = { ...DEFAULT_EXTENSION_FORM, extendRoomsAmountWith: adjacentRooms(payload.filters.roomsCntForFilter) };
  return extensionPayload(form, payload.filters);
}

/** Creates the profile (status NOT_PAID, default extension) or replaces its payload, keeping status and settings. */
export async function saveLiraProfile(
  db: Queryable,
  userId: number,
  payload: LiraProfilePayload,
  now: Date,
): Promise<{ profile: StoredProfile; created: boolean; changed: boolean }> {
  const existing = await findLiraProfile(db, userId);
  if (!existing) {
    const { rows } = await db.query<DbRow>(
      `INSERT INTO lira_profiles (user_id, payload, settings, status, created_at, updated_at) VALUES ($1, $2::jsonb, $3::jsonb, 'NOT_PAID', $4, $4)
       ON CONFLICT (user_id) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at RETURNING ${COLUMNS}`,
      [userId, JSON.stringify(payload), JSON.stringify(defaultSettings(payload)), now.toISOString()],
    );
    return { profile: fromRow(rows[0]!), created: true, changed: true };
  }
  // jsonb keeps keys in its own order, so only the database can tell whether the payload differs.
  const { rows } = await db.query<DbRow>(
    `UPDATE lira_profiles SET payload = $2::jsonb, updated_at = $3 WHERE user_id = $1 AND payload IS DISTINCT FROM $2::jsonb RETURNING ${COLUMNS}`,
    [userId, JSON.stringify(payload), now.toISOString()],
  );
  if (!rows[0]) return { profile: existing, created: false, changed: false };
  return { profile: fromRow(rows[0]), created: false, changed: true };
}

export async function saveLiraSettings(
  db: Queryable,
  userId: number,
  settings: ExtensionPayload,
  now: Date,
): Promise<{ profile: StoredProfile; changed: boolean } | null> {
  const existing = await findLiraProfile(db, userId);
  if (!existing) return null;
  const { rows } = await db.query<DbRow>(
    `UPDATE lira_profiles SET settings = $2::jsonb, updated_at = $3 WHERE user_id = $1 AND settings IS DISTINCT FROM $2::jsonb RETURNING ${COLUMNS}`,
    [userId, JSON.stringify(settings), now.toISOString()],
  );
  if (!rows[0]) return { profile: existing, changed: false };
  return { profile: fromRow(rows[0]), changed: true };
}

export async function setLiraStatus(db: Queryable, userId: number, status: LiraStatus, now: Date): Promise<void> {
  await db.query('UPDATE lira_profiles SET status = $2, updated_at = $3 WHERE user_id = $1', [userId, status, now.toISOString()]);
}

/** Profiles whose agent runs (LIRA_RUNNING_STATUSES); the subscription is checked per user. */
export async function runningProfiles(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM lira_profiles WHERE status = ANY($1::text[]) ORDER BY user_id',
    [LIRA_RUNNING_STATUSES],
  );
  return rows.map((r) => r.user_id);
}
