import { TOKEN_TTL_SECONDS } from '../auth/tokens';
import type { Database } from '../db/connection';
import type { JobQueue } from '../infra/job-queue';
import { forgetOldHits } from '../infra/limits';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Users removed per transaction: short locks, and a big backlog goes over a few rounds. */
const BATCH = 500;

/**
 * Everything that names a user, by column. No foreign keys tie them to `users` (so a delete would
 * not cascade, nor fail): each is cleared here. tests/server/cleanup.test.ts checks that every
 * `user_id`/`requester_id` column of the database is listed, so a new table cannot be forgotten.
 */
export const USER_ROWS = [
  { table: 'telegram_bindings', column: 'requester_id' },
  { table: 'top_profiles', column: 'user_id' },
  { table: 'reactions', column: 'user_id' },
  { table: 'lira_profiles', column: 'user_id' },
  { table: 'lira_suggestions', column: 'user_id' },
  { table: 'subscriptions', column: 'user_id' },
  { table: 'promocode_redemptions', column: 'user_id' },
  { table: 'payments', column: 'user_id' },
  { table: 'favourite_marks', column: 'user_id' },
  { table: 'favourite_alert_settings', column: 'user_id' },
] as const;
/** Kept for the managers (a call-back request is theirs, not the visitor's); only the link to the user goes. */
export const USER_LINKS_KEPT = [{ table: 'callback_requests', column: 'user_id' }] as const;

export interface CleanupResult {
  bindings: number;
  anonymousUsers: number;
}

/**
 * One pass; safe to repeat and to run on two instances at once (every statement re-checks its
 * condition, so the second finds nothing left).
 *
 * - Bindings: single use and 10 minutes; a day after expiring or being used nobody reads them.
 * - Anonymous users: their only token is the one issued when they were created
 *   (POST /passport/data/token, or the binding request that made them) and it is never refreshed
 *   (signing in issues tokens of the account, not of the anonymous user). So once created_at is older
 *   than the token's lifetime (plus a day for clock skew) no request can reach them: they go with
 *   everything of theirs.
 */
export async function runCleanup(db: Database, now: Date = new Date()): Promise<CleanupResult> {
  const bindings = await db.query(`DELETE FROM telegram_bindings WHERE expires_at < $1 OR used_at < $1 RETURNING token`, [
    new Date(now.getTime() - DAY_MS).toISOString(),
  ]);
  const unreachableSince = new Date(now.getTime() - TOKEN_TTL_SECONDS * 1000 - DAY_MS).toISOString();
  let anonymousUsers = 0;
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM users WHERE is_anonymous AND created_at < $1 ORDER BY id LIMIT ${BATCH}`,
        [unreachableSince],
      );
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return { selected: 0, deleted: 0 };
      for (const { table, column } of USER_ROWS) await tx.query(`DELETE FROM ${table} WHERE ${column} = ANY($1::int[])`, [ids]);
      for (const { table, column } of USER_LINKS_KEPT)
        await tx.query(`UPDATE ${table} SET ${column} = NULL WHERE ${column} = ANY($1::int[])`, [ids]);
      const deleted = await tx.query(`DELETE FROM users WHERE id = ANY($1::int[]) AND is_anonymous AND created_at < $2 RETURNING id`, [
        ids,
        unreachableSince,
      ]);
      return { selected: ids.length, deleted: deleted.rows.length };
    });
    anonymousUsers += round.deleted;
    // A short batch was the last; an empty result means another instance is on the same rows.
    if (round.selected < BATCH || round.deleted === 0) break;
  }
  return { bindings: bindings.rows.length, anonymousUsers };
}

export const CLEANUP_JOB = 'cleanup';
/** The stand-in's chats keep a week (a development tool; nobody scrolls further). */
const STAND_IN_KEPT_MS = 7 * DAY_MS;

/** The hourly cleanup as a job: safe on two workers at once (see runCleanup), so a plain queue does. */
export async function defineCleanupJob(db: Database, queue: JobQueue, log?: (message: string) => void): Promise<void> {
  await queue.define({
    name: CLEANUP_JOB,
    retryLimit: 1,
    run: async () => {
      const r = await runCleanup(db);
      const hits = await forgetOldHits(db);
      const standInBefore = new Date(Date.now() - STAND_IN_KEPT_MS).toISOString();
      await db.query('DELETE FROM stand_in_messages WHERE sent_at < $1', [standInBefore]);
      await db.query('DELETE FROM stand_in_invoices WHERE created_at < $1', [standInBefore]);
      if (r.bindings || r.anonymousUsers || hits)
        log?.(`очистка: удалено привязок ${r.bindings}, анонимных пользователей ${r.anonymousUsers}, отметок лимитов ${hits}`);
    },
  });
}
