import type { Queryable } from '../core/database';
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

/** How long a sender holds a request: longer than one send to Telegram takes, short enough to retry a crashed one soon. */
export const SEND_CLAIM_SECONDS = 120;

/** Takes the request for sending: true for exactly one caller until it is delivered, failed or the claim runs out. */
export async function claimCallback(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE callback_requests SET sending_until = now() + $2 * interval '1 second'
      WHERE id = $1 AND NOT delivered AND (sending_until IS NULL OR sending_until < now()) RETURNING id`,
    [id, SEND_CLAIM_SECONDS],
  );
  return rows.length > 0;
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE callback_requests SET delivered = true, delivered_at = now(), delivery_attempts = delivery_attempts + 1, last_error = NULL,
       sending_until = NULL WHERE id = $1`,
    [id],
  );
}

/** A failed send gives the claim back, so the next retry may take it. */
export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query(
    'UPDATE callback_requests SET delivery_attempts = delivery_attempts + 1, last_error = $2, sending_until = NULL WHERE id = $1',
    [id, error.slice(0, 500)],
  );
}

/** Requests still waiting for the managers, oldest first; rows that failed too often are left for a human. */
export async function undeliveredCallbacks(db: Queryable, maxAttempts: number, limit = 50): Promise<CallbackRow[]> {
  const { rows } = await db.query<CallbackRow>(
    `SELECT ${COLUMNS} FROM callback_requests WHERE delivered = false AND delivery_attempts < $1
       AND (sending_until IS NULL OR sending_until < now()) ORDER BY created_at, id LIMIT $2`,
    [maxAttempts, limit],
  );
  return rows;
}

export async function findCallback(db: Queryable, id: number): Promise<CallbackRow | null> {
  const { rows } = await db.query<CallbackRow>(`SELECT ${COLUMNS} FROM callback_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
