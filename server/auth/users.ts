import type { Queryable } from '../core/database';

export interface UserRow {
  id: number;
  telegramId: string | null;
  name: string | null;
  cityId: number | null;
  isAnonymous: boolean;
  tokenVersion: number;
  /**
   * Set only for an anonymous session that has not written yet, so has no row: `id` is then its token's negative
   * placeholder, which matches no row. Reads answer as for a new visitor; a write first makes the row
   * (`materializeAnonymous`).
   */
  unsavedSession?: string;
}

interface DbUser {
  id: number;
  telegram_id: string | null;
  name: string | null;
  city_id: number | null;
  is_anonymous: boolean;
  token_version: number;
}

const fromRow = (r: DbUser): UserRow => ({
  id: r.id,
  telegramId: r.telegram_id,
  name: r.name,
  cityId: r.city_id,
  isAnonymous: r.is_anonymous,
  tokenVersion: r.token_version,
});

/** An anonymous session not yet written to the database, as its token describes it. */
export function unsavedAnonymousUser(placeholderId: number, sessionKey: string): UserRow {
  return { id: placeholderId, telegramId: null, name: null, cityId: null, isAnonymous: true, tokenVersion: 0, unsavedSession: sessionKey };
}

/** The row an anonymous session's first write made, if it has written. */
export async function findBySessionKey(db: Queryable, sessionKey: string): Promise<UserRow | null> {
  const { rows } = await db.query<DbUser>(`SELECT * FROM users WHERE anonymous_key = $1`, [sessionKey]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * The session's row, made now if it has none. Two first writes at once (two tabs, a retry) meet on the unique key and
 * both get the one row. The row may be older than this call and retired (its session signed in): the caller compares
 * versions.
 */
export async function materializeAnonymous(db: Queryable, sessionKey: string): Promise<UserRow> {
  const { rows } = await db.query<DbUser>(
    `INSERT INTO users (is_anonymous, anonymous_key) VALUES (true, $1)
     ON CONFLICT (anonymous_key) DO UPDATE SET anonymous_key = excluded.anonymous_key RETURNING *`,
    [sessionKey],
  );
  return fromRow(rows[0]!);
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<DbUser>(`SELECT * FROM users WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}
