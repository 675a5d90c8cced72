import { and, asc, eq, exists, getTableColumns, gt, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Queryable } from '../core/database';
import { users } from '../auth/schema';
import { reactions } from '../selection/schema';
import { favouriteAlertSettings, favouriteMarks } from './schema';
import type { MergeEntry } from '../auth/merge';

/**
 * Every read and write of the favourites' marks and alert settings, typed from their schema. The conditional writes
 * (a price is changed only from the price it was computed from, a day is claimed only once) are what keep two
 * instances from recording or telling one change twice.
 */

const likedBy = (userId: number) =>
  and(eq(reactions.userId, userId), eq(reactions.apartmentId, favouriteMarks.apartmentId), eq(reactions.action, 'LIKE'));

/** The user's liked apartments, each with its mark where there is one. */
export function likedWithMarks(db: Queryable, userId: number) {
  return db.orm
    .select({
      likedId: reactions.apartmentId,
      markedId: favouriteMarks.apartmentId,
      seenPrice: favouriteMarks.seenPrice,
      change: favouriteMarks.change,
      oldPrice: favouriteMarks.oldPrice,
      alertedAt: favouriteMarks.alertedAt,
    })
    .from(reactions)
    .leftJoin(favouriteMarks, and(eq(favouriteMarks.userId, reactions.userId), eq(favouriteMarks.apartmentId, reactions.apartmentId)))
    .where(and(eq(reactions.userId, userId), eq(reactions.action, 'LIKE')));
}

/** The first price seen; a listing back on the market starts over from its price (its note stays). */
export async function markBaseline(db: Queryable, userId: number, apartmentId: number, price: number): Promise<void> {
  await db.orm
    .insert(favouriteMarks)
    .values({ userId, apartmentId, seenPrice: price })
    .onConflictDoUpdate({
      target: [favouriteMarks.userId, favouriteMarks.apartmentId],
      set: { seenPrice: price, change: null, oldPrice: null, newPrice: null, changedAt: null, alertedAt: null },
      setWhere: or(isNull(favouriteMarks.seenPrice), eq(favouriteMarks.change, 'GONE')),
    });
}

/** A higher price becomes the new baseline, if the baseline is still the one it was compared with. */
export async function markRise(db: Queryable, userId: number, apartmentId: number, price: number, seen: number | null) {
  await db.orm
    .update(favouriteMarks)
    .set({ seenPrice: price })
    .where(and(eq(favouriteMarks.userId, userId), eq(favouriteMarks.apartmentId, apartmentId), seenIs(seen)));
}

/** A drop from `oldPrice`; true when this call recorded it. */
export async function markDrop(
  db: Queryable,
  userId: number,
  apartmentId: number,
  drop: { oldPrice: number; newPrice: number; seen: number | null; at: Date },
): Promise<boolean> {
  const done = await db.orm
    .update(favouriteMarks)
    .set({
      seenPrice: drop.newPrice,
      change: 'PRICE_DROP',
      oldPrice: drop.oldPrice,
      newPrice: drop.newPrice,
      changedAt: drop.at,
      alertedAt: null,
    })
    .where(and(eq(favouriteMarks.userId, userId), eq(favouriteMarks.apartmentId, apartmentId), seenIs(drop.seen)))
    .returning({ apartmentId: favouriteMarks.apartmentId });
  return done.length > 0;
}

/** The listing left the market; true when this call recorded it (it is told once). */
export async function markGone(db: Queryable, userId: number, apartmentId: number, seen: number | null, at: Date): Promise<boolean> {
  const done = await db.orm
    .insert(favouriteMarks)
    .values({ userId, apartmentId, seenPrice: seen, change: 'GONE', changedAt: at })
    .onConflictDoUpdate({
      target: [favouriteMarks.userId, favouriteMarks.apartmentId],
      set: { change: 'GONE', oldPrice: null, newPrice: null, changedAt: at, alertedAt: null },
      setWhere: sql`${favouriteMarks.change} IS DISTINCT FROM 'GONE'`,
    })
    .returning({ apartmentId: favouriteMarks.apartmentId });
  return done.length > 0;
}

// `seen_price = NULL` is never true in SQL: the comparison the raw query made, kept (a null baseline is never "risen").
const seenIs = (seen: number | null) => (seen === null ? sql`false` : eq(favouriteMarks.seenPrice, seen));

/** The marks of the user's liked apartments (a note outlives a taken-back like, unseen). */
export function likedMarks(db: Queryable, userId: number) {
  return db.orm
    .select({
      apartmentId: favouriteMarks.apartmentId,
      note: favouriteMarks.note,
      change: favouriteMarks.change,
      oldPrice: favouriteMarks.oldPrice,
      newPrice: favouriteMarks.newPrice,
      changedAt: favouriteMarks.changedAt,
    })
    .from(favouriteMarks)
    .innerJoin(reactions, likedBy(userId))
    .where(eq(favouriteMarks.userId, userId))
    .orderBy(asc(favouriteMarks.apartmentId));
}

export async function alertsEnabled(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.orm
    .select({ enabled: favouriteAlertSettings.enabled })
    .from(favouriteAlertSettings)
    .where(eq(favouriteAlertSettings.userId, userId));
  return row?.enabled ?? true;
}

/**
 * Writes the note only on a liked apartment; false when it is not liked. An un-like right after the check leaves
 * the note as any un-like does: kept, unseen.
 */
export async function writeNote(db: Queryable, userId: number, apartmentId: number, note: string): Promise<boolean> {
  const [liked] = await db.orm
    .select({ apartmentId: reactions.apartmentId })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.apartmentId, apartmentId), eq(reactions.action, 'LIKE')));
  if (!liked) return false;
  await db.orm
    .insert(favouriteMarks)
    .values({ userId, apartmentId, note })
    .onConflictDoUpdate({ target: [favouriteMarks.userId, favouriteMarks.apartmentId], set: { note } });
  return true;
}

export async function writeAlertsEnabled(db: Queryable, userId: number, enabled: boolean): Promise<void> {
  await db.orm
    .insert(favouriteAlertSettings)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: favouriteAlertSettings.userId, set: { enabled } });
}

/**
 * Users the alerts are for: with Telegram, a like, and alerts not turned off; the first `limit` by id of those after
 * `afterId` (and up to `upToId`, when given).
 */
export function alertRecipients(db: Queryable, limit: number, afterId: number, upToId?: number) {
  const liked = db.orm
    .select({ one: sql`1` })
    .from(reactions)
    .where(and(eq(reactions.userId, users.id), eq(reactions.action, 'LIKE')));
  const turnedOff = db.orm
    .select({ one: sql`1` })
    .from(favouriteAlertSettings)
    .where(and(eq(favouriteAlertSettings.userId, users.id), not(favouriteAlertSettings.enabled)));
  return db.orm
    .select({ id: users.id, telegramId: users.telegramId })
    .from(users)
    .where(
      and(
        gt(users.id, afterId),
        upToId === undefined ? undefined : lte(users.id, upToId),
        isNotNull(users.telegramId),
        exists(liked),
        not(exists(turnedOff)),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * Claims the user's message of the day: true when nothing was sent since `dayAgo` and an untold change waits. Made by
 * one statement, so of two workers only one gets it.
 */
export async function claimAlertDay(db: Queryable, userId: number, now: Date, dayAgo: Date): Promise<boolean> {
  const untold = db.orm
    .select({ one: sql`1` })
    .from(favouriteMarks)
    .where(and(eq(favouriteMarks.userId, userId), isNotNull(favouriteMarks.change), isNull(favouriteMarks.alertedAt)));
  const claimed = await db.orm
    .insert(favouriteAlertSettings)
    .values({ userId, lastSentAt: now })
    .onConflictDoUpdate({
      target: favouriteAlertSettings.userId,
      set: { lastSentAt: now },
      setWhere: and(
        favouriteAlertSettings.enabled,
        or(isNull(favouriteAlertSettings.lastSentAt), lte(favouriteAlertSettings.lastSentAt, dayAgo)),
        exists(untold),
      ),
    })
    .returning({ userId: favouriteAlertSettings.userId });
  return claimed.length > 0;
}

/** Marks every untold change of a still-liked favourite as told at `now`, and returns them. */
export function claimUntoldChanges(db: Queryable, userId: number, now: Date) {
  return db.orm
    .update(favouriteMarks)
    .set({ alertedAt: now })
    .from(reactions)
    .where(and(eq(favouriteMarks.userId, userId), isNotNull(favouriteMarks.change), isNull(favouriteMarks.alertedAt), likedBy(userId)))
    .returning({
      apartmentId: favouriteMarks.apartmentId,
      change: favouriteMarks.change,
      oldPrice: favouriteMarks.oldPrice,
      newPrice: favouriteMarks.newPrice,
    });
}

/** Gives back a day claimed at `now` (nothing to tell after all, or the message could not be sent). */
export async function releaseAlertDay(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.orm
    .update(favouriteAlertSettings)
    .set({ lastSentAt: null })
    .where(and(eq(favouriteAlertSettings.userId, userId), eq(favouriteAlertSettings.lastSentAt, now)));
}

/** Gives back the changes told at `now`. */
export async function releaseToldChanges(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.orm
    .update(favouriteMarks)
    .set({ alertedAt: null })
    .where(and(eq(favouriteMarks.userId, userId), eq(favouriteMarks.alertedAt, now)));
}

/** Signing in keeps the anonymous visitor's notes (the account's own win). */
export async function mergeFavouriteMarks(tx: Queryable, from: number, into: number): Promise<void> {
  await tx.orm
    .insert(favouriteMarks)
    .select(
      tx.orm
        // Every column in the table's order (drizzle's insert-select names them all), the account's id for the user's.
        .select({ ...getTableColumns(favouriteMarks), userId: sql<number>`${into}::int`.as('user_id') })
        .from(favouriteMarks)
        .where(eq(favouriteMarks.userId, from)),
    )
    .onConflictDoNothing();
  await tx.orm.delete(favouriteMarks).where(eq(favouriteMarks.userId, from));
}

/** Signing in keeps the anonymous visitor's alert choice if the account has none. */
export async function mergeFavouriteAlertSettings(tx: Queryable, from: number, into: number): Promise<void> {
  await tx.orm
    .insert(favouriteAlertSettings)
    .select(
      tx.orm
        .select({
          userId: sql<number>`${into}::int`.as('user_id'),
          enabled: favouriteAlertSettings.enabled,
          // The account's day starts afresh: only the choice moves.
          lastSentAt: sql<Date | null>`NULL`.as('last_sent_at'),
        })
        .from(favouriteAlertSettings)
        .where(eq(favouriteAlertSettings.userId, from)),
    )
    .onConflictDoNothing();
  await tx.orm.delete(favouriteAlertSettings).where(eq(favouriteAlertSettings.userId, from));
}

/** Signing in (server/auth/merge.ts): notes move unless the account has its own for that flat; the alert choice unless the account made one. */
export const FAVOURITES_MERGE: MergeEntry[] = [
  { table: favouriteMarks, step: mergeFavouriteMarks },
  { table: favouriteAlertSettings, step: mergeFavouriteAlertSettings },
];
