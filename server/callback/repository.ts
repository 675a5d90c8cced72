import { and, asc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { CallbackRequest } from '@kvarta/contract/callback';
import { CONSENT_VERSIONS } from '@kvarta/contract/consents';
import type { Queryable } from '../core/database';
import { callbackRequests } from './schema';

/** What the managers' side needs of a request, as its schema types it. */
const { clientIp, consentAt, consentVersion, deliveredAt, sendingUntil, ...COLUMNS } = getTableColumns(callbackRequests);

export type CallbackRow = NonNullable<Awaited<ReturnType<typeof findCallback>>>;

/** Unclaimed, or a crashed sender's claim has run out. */
const notBeingSent = or(isNull(callbackRequests.sendingUntil), lt(callbackRequests.sendingUntil, sql`now()`));

/** Writes the request; it exists from here on whatever happens to the notification. */
export async function insertCallback(db: Queryable, request: CallbackRequest, meta: { userId: number | null; clientIp: string | null }) {
  const [row] = await db.orm
    .insert(callbackRequests)
    .values({
      userName: request.userName,
      phone: request.phone,
      cityName: request.cityName,
      refererUrl: request.refererUrl,
      extraField: request.extraField,
      userId: meta.userId,
      clientIp: meta.clientIp,
      consentVersion: CONSENT_VERSIONS.callback,
    })
    .returning(COLUMNS);
  return row!;
}

/** How long a sender holds a request: longer than one send to Telegram takes, short enough to retry a crashed one soon. */
export const SEND_CLAIM_SECONDS = 120;

/** Takes the request for sending: true for exactly one caller until it is delivered, failed or the claim runs out. */
export async function claimCallback(db: Queryable, id: number): Promise<boolean> {
  const claimed = await db.orm
    .update(callbackRequests)
    .set({ sendingUntil: sql`now() + ${SEND_CLAIM_SECONDS} * interval '1 second'` })
    .where(and(eq(callbackRequests.id, id), eq(callbackRequests.delivered, false), notBeingSent))
    .returning({ id: callbackRequests.id });
  return claimed.length > 0;
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.orm
    .update(callbackRequests)
    .set({
      delivered: true,
      deliveredAt: sql`now()`,
      deliveryAttempts: sql`${callbackRequests.deliveryAttempts} + 1`,
      lastError: null,
      sendingUntil: null,
    })
    .where(eq(callbackRequests.id, id));
}

/** A failed send gives the claim back, so the next retry may take it. */
export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.orm
    .update(callbackRequests)
    .set({ deliveryAttempts: sql`${callbackRequests.deliveryAttempts} + 1`, lastError: error.slice(0, 500), sendingUntil: null })
    .where(eq(callbackRequests.id, id));
}

/** Requests still waiting for the managers, oldest first; rows that failed too often are left for a human. */
export function undeliveredCallbacks(db: Queryable, maxAttempts: number, limit = 50) {
  return db.orm
    .select(COLUMNS)
    .from(callbackRequests)
    .where(and(eq(callbackRequests.delivered, false), lt(callbackRequests.deliveryAttempts, maxAttempts), notBeingSent))
    .orderBy(asc(callbackRequests.createdAt), asc(callbackRequests.id))
    .limit(limit);
}

export async function findCallback(db: Queryable, id: number) {
  const [row] = await db.orm.select(COLUMNS).from(callbackRequests).where(eq(callbackRequests.id, id));
  return row ?? null;
}

/** The call-back consent withdrawn: that person's requests, with their names and phones, go at once. */
export async function deleteCallbacksOf(db: Queryable, userId: number): Promise<number> {
  const deleted = await db.orm.delete(callbackRequests).where(eq(callbackRequests.userId, userId)).returning({ id: callbackRequests.id });
  return deleted.length;
}
