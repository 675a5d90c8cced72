import type { Queryable } from '../catalog/store';

export interface UserRow {
  id: number;
  telegramId: string | null;
  name: string | null;
  cityId: number | null;
  isAnonymous: boolean;
  tokenVersion: number;
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

export async function createAnonymousUser(db: Queryable): Promise<UserRow> {
  const { rows } = await db.query<DbUser>(`INSERT INTO users (is_anonymous) VALUES (true) RETURNING *`);
  return fromRow(rows[0]!);
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<DbUser>(`SELECT * FROM users WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}
