import type { FastifyInstance } from 'fastify';
import { lt, or } from 'drizzle-orm';
import { telegramBindings } from '../auth/schema';
import { TOKEN_TTL_SECONDS } from '../auth/tokens';
import { anonymousUsersCreatedBefore, deleteUsers } from '../auth/users';
import type { Database } from '../db/connection';
import { forgetOldHits } from '../infra/limits';
import { standInInvoices, standInMessages } from '../infra/schema';
import { REDEMPTION_MARK_RETENTION_DAYS } from '../subscription/redemption-marker';
import { forgetRedemptionMarksBefore } from '../subscription/repository/subscriptions';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Users removed per transaction: short locks, and a big backlog goes over a few rounds. */
const BATCH = 500;

export interface CleanupResult {
  bindings: number;
  anonymousUsers: number;
  redemptionMarks: number;
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
 *   everything of theirs. Every table that names a user has a foreign key to `users` whose ON DELETE says what
 *   becomes of its rows (deleted, or kept without the link, as the managers' call-back requests are), so deleting
 *   the user is the whole of it (tests/server/cleanup.test.ts holds every user column to having such a key).
 * - Redemption marks (subscription/redemption-marker.ts): kept REDEMPTION_MARK_RETENTION_DAYS after the redemption,
 *   as the privacy policy says, whether or not the account still exists.
 */
export async function runCleanup(db: Database, now: Date = new Date()): Promise<CleanupResult> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const bindings = await db.orm
    .delete(telegramBindings)
    .where(or(lt(telegramBindings.expiresAt, dayAgo), lt(telegramBindings.usedAt, dayAgo)))
    .returning({ token: telegramBindings.token });
  const unreachableSince = new Date(now.getTime() - TOKEN_TTL_SECONDS * 1000 - DAY_MS);
  let anonymousUsers = 0;
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const ids = await anonymousUsersCreatedBefore(tx, unreachableSince, BATCH);
      if (ids.length === 0) return { selected: 0, deleted: 0 };
      // Re-checked in the delete itself: a user signed in meanwhile is not anonymous any more and stays.
      const deleted = await deleteUsers(tx, ids, { anonymousCreatedBefore: unreachableSince });
      return { selected: ids.length, deleted: deleted.length };
    });
    anonymousUsers += round.deleted;
    // A short batch was the last; an empty result means another instance is on the same rows.
    if (round.selected < BATCH || round.deleted === 0) break;
  }
  const redemptionMarks = await forgetRedemptionMarksBefore(db, new Date(now.getTime() - REDEMPTION_MARK_RETENTION_DAYS * DAY_MS));
  return { bindings: bindings.length, anonymousUsers, redemptionMarks };
}

export const CLEANUP_JOB = 'cleanup';
/** The stand-in's chats keep a week (a development tool; nobody scrolls further). */
const STAND_IN_KEPT_MS = 7 * DAY_MS;

/** The hourly cleanup as a job: safe on two workers at once (see runCleanup), so a plain queue does. */
export async function defineCleanupJob(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await app.queue.define({
    name: CLEANUP_JOB,
    retryLimit: 1,
    run: async () => {
      const r = await runCleanup(db);
      const hits = await forgetOldHits(db);
      const standInBefore = new Date(Date.now() - STAND_IN_KEPT_MS);
      await db.orm.delete(standInMessages).where(lt(standInMessages.sentAt, standInBefore));
      await db.orm.delete(standInInvoices).where(lt(standInInvoices.createdAt, standInBefore));
      if (r.bindings || r.anonymousUsers || r.redemptionMarks || hits)
        app.log.info(
          `очистка: удалено привязок ${r.bindings}, анонимных пользователей ${r.anonymousUsers}, отметок промокодов ${r.redemptionMarks}, отметок лимитов ${hits}`,
        );
    },
  });
}
