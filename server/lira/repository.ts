import { LIRA_RUNNING_STATUSES, LIRA_SERVICE_TYPE, type LiraStatus } from '@kvarta/contract/lira-rules';
import type { ExtensionPayload, LiraProfilePayload } from '@kvarta/contract/lira';
import {
  and,
  count,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  not,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Queryable } from '../core/database';
import { reactions } from '../selection/schema';
import { subscriptions } from '../subscription/schema';
import { liraProfiles, liraSuggestions } from './schema';

/**
 * The AI search (LIRA) aggregate as stored: the user's profile and the suggestions the agent made. Every row type
 * comes from the schema (./schema.ts); the rules live in profiles.ts, status.ts, agent.ts and notify.ts.
 */

// All but the notifier's lease (notify.ts takes and releases it itself).
const { notifyLeaseUntil, ...PROFILE } = getTableColumns(liraProfiles);

export type StoredProfile = Pick<typeof liraProfiles.$inferSelect, keyof typeof PROFILE>;

const { userId: _user, notified: _notified, ...SUGGESTION } = getTableColumns(liraSuggestions);

export type SuggestionRow = Pick<typeof liraSuggestions.$inferSelect, keyof typeof SUGGESTION>;

const ofUser = (userId: number) => eq(liraProfiles.userId, userId);
/** A jsonb column that differs from the value (jsonb keeps keys in its own order: only the database can tell). */
const differs = (column: typeof liraProfiles.payload | typeof liraProfiles.settings, value: unknown) =>
  sql`${column} IS DISTINCT FROM ${JSON.stringify(value)}::jsonb`;

export async function findLiraProfile(db: Queryable, userId: number): Promise<StoredProfile | null> {
  const rows = await db.orm.select(PROFILE).from(liraProfiles).where(ofUser(userId));
  return rows[0] ?? null;
}

/** Creates the profile (NOT_PAID, with these settings); a profile made meanwhile gets the payload instead. */
export async function insertLiraProfile(
  db: Queryable,
  userId: number,
  payload: LiraProfilePayload,
  settings: ExtensionPayload,
  now: Date,
): Promise<StoredProfile> {
  const rows = await db.orm
    .insert(liraProfiles)
    .values({ userId, payload, settings, status: 'NOT_PAID', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: liraProfiles.userId,
      set: { payload: sql.raw(`excluded.${liraProfiles.payload.name}`), updatedAt: sql.raw(`excluded.${liraProfiles.updatedAt.name}`) },
    })
    .returning(PROFILE);
  return rows[0]!;
}

/** Replaces the payload or the extension settings if it differs; null when it was the same. */
export async function updateLiraProfile(
  db: Queryable,
  userId: number,
  change: { payload: LiraProfilePayload } | { settings: ExtensionPayload },
  now: Date,
): Promise<StoredProfile | null> {
  const changed = 'payload' in change ? differs(liraProfiles.payload, change.payload) : differs(liraProfiles.settings, change.settings);
  const rows = await db.orm
    .update(liraProfiles)
    .set({ ...change, updatedAt: now })
    .where(and(ofUser(userId), changed))
    .returning(PROFILE);
  return rows[0] ?? null;
}

export async function setLiraStatus(db: Queryable, userId: number, status: LiraStatus, now: Date): Promise<void> {
  await db.orm.update(liraProfiles).set({ status, updatedAt: now }).where(ofUser(userId));
}

/**
 * Moves the stored status from `from` to `to` only if nobody changed it meanwhile (compare-and-set): two instances
 * applying one rule store it once, and the one that did learns it (the expiry's message is sent by that one only).
 */
export async function moveLiraStatus(db: Queryable, userId: number, from: LiraStatus, to: LiraStatus, now: Date): Promise<boolean> {
  const rows = await db.orm
    .update(liraProfiles)
    .set({ status: to, updatedAt: now })
    .where(and(ofUser(userId), eq(liraProfiles.status, from)))
    .returning({ userId: liraProfiles.userId });
  return rows.length > 0;
}

/** Profiles whose agent runs (LIRA_RUNNING_STATUSES); the subscription is checked per user. */
export async function runningProfiles(db: Queryable): Promise<number[]> {
  const rows = await db.orm
    .select({ userId: liraProfiles.userId })
    .from(liraProfiles)
    .where(inArray(liraProfiles.status, LIRA_RUNNING_STATUSES))
    .orderBy(liraProfiles.userId);
  return rows.map((r) => r.userId);
}

/**
 * Running profiles whose subscription's period has ended by `now`, with the user's Telegram id: the candidates of
 * the expiry (the caller decides each by the rules).
 */
export async function runningProfilesPastPeriod(db: Queryable, now: Date, limit: number) {
  return db.orm
    .select({ userId: liraProfiles.userId, status: liraProfiles.status, telegramId: users.telegramId })
    .from(liraProfiles)
    .innerJoin(subscriptions, and(eq(subscriptions.userId, liraProfiles.userId), eq(subscriptions.serviceType, LIRA_SERVICE_TYPE)))
    .innerJoin(users, eq(users.id, liraProfiles.userId))
    .where(and(inArray(liraProfiles.status, LIRA_RUNNING_STATUSES), lte(subscriptions.expiredAt, now)))
    .orderBy(liraProfiles.userId)
    .limit(limit);
}

/**
 * Running profiles that want a run now: no batch yet, the last one at or before `batchBefore`, or a batch made after
 * `unfinishedSince` whose messages are not all out (fewer than `sendLimit` of it sent) while nobody holds the send
 * lease (a worker died mid-batch) and the user has Telegram.
 */
export async function dueProfiles(db: Queryable, batchBefore: Date, unfinishedSince: Date, sendLimit: number): Promise<number[]> {
  const s = liraSuggestions;
  const p = liraProfiles;
  const latest = db.orm.$with('latest').as(
    db.orm
      .select({ userId: s.userId, latestBatch: max(s.batch).as('latest_batch') })
      .from(s)
      .where(gt(s.suggestedAt, unfinishedSince))
      .groupBy(s.userId),
  );
  const unfinished = db.orm.$with('unfinished').as(
    db.orm
      .select({ userId: latest.userId })
      .from(latest)
      .innerJoin(s, and(eq(s.userId, latest.userId), eq(s.batch, latest.latestBatch), not(s.archived)))
      .groupBy(latest.userId)
      .having(sql`count(*) FILTER (WHERE ${s.notified}) < least(${sendLimit}, ${count()})`),
  );
  const rows = await db.orm
    .with(latest, unfinished)
    .select({ userId: p.userId })
    .from(p)
    .where(
      and(
        inArray(p.status, ['START', 'ACTIVE', 'CANCELLED']),
        or(
          isNull(p.lastBatchAt),
          lte(p.lastBatchAt, batchBefore),
          and(
            or(isNull(p.notifyLeaseUntil), lt(p.notifyLeaseUntil, sql`now()`)),
            inArray(p.userId, db.orm.select({ userId: unfinished.userId }).from(unfinished)),
            exists(
              db.orm
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.id, p.userId), isNotNull(users.telegramId))),
            ),
          ),
        ),
      ),
    )
    .orderBy(p.userId);
  return rows.map((r) => r.userId);
}

/** Takes the profile's row for the rest of the transaction (SELECT … FOR UPDATE): the user's agent runs take turns. */
export async function lockLiraProfile(tx: Queryable, userId: number): Promise<void> {
  await tx.orm.select({ userId: liraProfiles.userId }).from(liraProfiles).where(ofUser(userId)).for('update');
}

/** When the agent last added a batch (null: the next batch is a first one). */
export async function setLastBatchAt(db: Queryable, userId: number, at: Date | null): Promise<void> {
  await db.orm.update(liraProfiles).set({ lastBatchAt: at }).where(ofUser(userId));
}

/**
 * The user's send lease for `seconds` (by the database clock), if no other sender holds one: false when one does.
 * One sender per user across workers; a crashed one's lease runs out.
 */
export async function takeSendLease(db: Queryable, userId: number, seconds: number): Promise<boolean> {
  const rows = await db.orm
    .update(liraProfiles)
    .set({ notifyLeaseUntil: sql`now() + ${seconds} * interval '1 second'` })
    .where(and(ofUser(userId), or(isNull(liraProfiles.notifyLeaseUntil), lt(liraProfiles.notifyLeaseUntil, sql`now()`))))
    .returning({ userId: liraProfiles.userId });
  return rows.length > 0;
}

export async function releaseSendLease(db: Queryable, userId: number): Promise<void> {
  await db.orm.update(liraProfiles).set({ notifyLeaseUntil: null }).where(ofUser(userId));
}

/** Every suggestion ever made to the user (archived too, unless `visibleOnly`). */
export async function suggestionsOf(db: Queryable, userId: number, visibleOnly = false): Promise<SuggestionRow[]> {
  const own = eq(liraSuggestions.userId, userId);
  return db.orm
    .select(SUGGESTION)
    .from(liraSuggestions)
    .where(visibleOnly ? and(own, not(liraSuggestions.archived)) : own);
}

/** Stores a suggestion; false when this apartment was suggested to the user before (never twice). */
export async function addSuggestion(
  db: Queryable,
  userId: number,
  s: Pick<SuggestionRow, 'apartmentId' | 'suggestedAt' | 'suggestionType' | 'relevancePercent' | 'batch'>,
): Promise<boolean> {
  const rows = await db.orm
    .insert(liraSuggestions)
    .values({ userId, ...s })
    .onConflictDoNothing()
    .returning({ apartmentId: liraSuggestions.apartmentId });
  return rows.length > 0;
}

/** The user's suggestions that are not rated are archived (hidden, and still never suggested again). */
export async function archiveUnrated(db: Queryable, userId: number): Promise<void> {
  const s = liraSuggestions;
  await db.orm
    .update(s)
    .set({ archived: true })
    .where(
      and(
        eq(s.userId, userId),
        not(s.archived),
        notExists(
          db.orm
            .select({ apartmentId: reactions.apartmentId })
            .from(reactions)
            .where(and(eq(reactions.userId, s.userId), eq(reactions.apartmentId, s.apartmentId))),
        ),
      ),
    );
}

/** The suggestions of the user's latest batch made after `since`, not archived, with whether each was sent. */
export async function latestBatchSince(db: Queryable, userId: number, since: Date) {
  const s = liraSuggestions;
  const latest = db.orm
    .select({ batch: max(s.batch) })
    .from(s)
    .where(eq(s.userId, userId));
  return db.orm
    .select({ ...SUGGESTION, notified: s.notified })
    .from(s)
    .where(and(eq(s.userId, userId), eq(s.batch, latest), not(s.archived), gt(s.suggestedAt, since)));
}

/** These suggestions went out to the user's Telegram. */
export async function markNotified(db: Queryable, userId: number, apartmentIds: number[]): Promise<void> {
  await db.orm
    .update(liraSuggestions)
    .set({ notified: true })
    .where(and(eq(liraSuggestions.userId, userId), inArray(liraSuggestions.apartmentId, apartmentIds)));
}

/** The user's Telegram id (the bot's chat with them), null without one. */
export async function telegramIdOf(db: Queryable, userId: number): Promise<string | null> {
  const rows = await db.orm.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
  return rows[0]?.telegramId ?? null;
}

/** The user signed in with this Telegram account, if any. */
export async function userIdByTelegram(db: Queryable, telegramId: number): Promise<number | null> {
  const rows = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramId, String(telegramId)));
  return rows[0]?.id ?? null;
}
