import type { Queryable } from '../catalog/store';
import type { CallbackRequest } from '@kvarta/contract/callback';

export interface CallbackRow {
  id: number;
  userName: string;
  phone: string;
  cityName: string;
  refererUrl: string;
  extraField: string;
  userId: number | null;
  delivered: boolean;
  deliveryAttempts: number;
  lastError: string | null;
  createdAt: Date;
}

const COLUMNS = `id, user_name AS "userName", phone, city_name AS "cityName", referer_url AS "refererUrl", extra_field AS "extraField",
  user_id AS "userId", delivered, delivery_attempts AS "deliveryAttempts", last_error AS "lastError", created_at AS "createdAt"`;

/** Writes the request; it exists from here on whatever happens to the notification. */
export async function insertCallback(
  db: Queryable,
  request: CallbackRequest,
  meta: { userId: number | null; clientIp: string | null },
): Promise<CallbackRow> {
  const { rows } = await db.query<CallbackRow>(
    `INSERT INTO callback_requests (user_name, phone, city_name, referer_url, extra_field, user_id, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [request.userName, request.phone, request.cityName, request.refererUrl, request.extraField, meta.userId, meta.clientIp],
  );
  return rows[0]!;
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE callback_requests SET delivered = true, delivered_at = now(), delivery_attempts = delivery_attempts + 1, last_error = NULL WHERE id = $1',
    [id],
  );
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query('UPDATE callback_requests SET delivery_attempts = delivery_attempts + 1, last_error = $2 WHERE id = $1', [
    id,
    error.slice(0, 500),
  ]);
}

/** Requests still waiting for the managers, oldest first; rows that failed too often are left for a human. */
export async function undeliveredCallbacks(db: Queryable, maxAttempts: number, limit = 50): Promise<CallbackRow[]> {
  const { rows } = await db.query<CallbackRow>(
    `SELECT ${COLUMNS} FROM callback_requests WHERE delivered = false AND delivery_attempts < $1 ORDER BY created_at, id LIMIT $2`,
    [maxAttempts, limit],
  );
  return rows;
}

export async function findCallback(db: Queryable, id: number): Promise<CallbackRow | null> {
  const { rows } = await db.query<CallbackRow>(`SELECT ${COLUMNS} FROM callback_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
