import { liraTransition } from '@kvarta/contract/lira-status';
import { findSubscription } from '../subscription/subscriptions';
import { moveLiraStatus, runningProfilesPastPeriod } from './repository';
import { liraStateOf } from './status';
import type { Database } from '../db/connection';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  db: Database;
  now: () => Date;
}

/** A search the end of its paid period (or a refund) has just stopped: whom to tell, and about what. */
export interface EndedSearch {
  userId: number;
  telegramId: number | null;
  expiredAt: Date;
  /** The period was the free trial. */
  trial: boolean;
}

/**
 * The status rules' expiry for every running profile whose subscription is over by the clock: the profile becomes
 * EXPIRED and the agent stops. Each profile moves by a compare-and-set on its status, so when two instances run this
 * at once (or one runs it twice) each profile is returned to exactly one of them — the one that sends the message.
 * A subscription waiting for its renewal (PAST_DUE) is not over yet: the provider's retry may still resume it.
 */
export async function claimEndedSearches(ctx: Pick<Needs, 'db' | 'now'>, limit = 500): Promise<EndedSearch[]> {
  const now = ctx.now();
  const rows = await runningProfilesPastPeriod(ctx.db, now, limit);
  const ended: EndedSearch[] = [];
  for (const row of rows) {
    const subscription = await findSubscription(ctx.db, row.userId);
    const state = liraStateOf(row.status, subscription, now);
    if (!subscription || state.subscription !== 'EXPIRED') continue;
    const result = liraTransition(state, { kind: 'expiry' });
    if (result.profile === row.status || !(await moveLiraStatus(ctx.db, row.userId, row.status, result.profile, now))) continue;
    if (result.notifyExpired)
      ended.push({
        userId: row.userId,
        telegramId: row.telegramId === null ? null : Number(row.telegramId),
        expiredAt: subscription.expiredAt,
        trial: subscription.trial,
      });
  }
  return ended;
}
