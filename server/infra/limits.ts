import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { SlidingWindowLimiter, TOO_MANY_REQUESTS, takeRateLimits, tooManyRequests, type RateLimit } from './rate-limit';
import type { Queryable } from '../core/database';
import { rateLimitHits } from './schema';

/** One limit to count a request against: the rule, what it limits (a scope name) and whom (the key). */
export interface LimitCheck {
  scope: string;
  key: string;
  rule: RateLimit;
}

/**
 * Where hits are counted. Either way a request counts against every given limit or, refused (429), against none,
 * so waiting out the window always helps.
 */
export interface LimitStore {
  take(checks: readonly LimitCheck[], message?: string): Promise<void>;
  /** Milliseconds until the key may hit again (0: it may now), counting nothing. */
  retryAfterMs(check: LimitCheck): Promise<number>;
}

/** One process (the embedded database): sliding windows in memory. */
export class MemoryLimitStore implements LimitStore {
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly now?: () => number) {}

  async take(checks: readonly LimitCheck[], message?: string): Promise<void> {
    takeRateLimits(
      checks.map((check) => [this.limiter(check), check.key] as const),
      message,
    );
  }

  async retryAfterMs(check: LimitCheck): Promise<number> {
    return this.limiter(check).retryAfter(check.key);
  }

  private limiter({ scope, rule }: LimitCheck): SlidingWindowLimiter {
    const id = `${scope}:${rule.limit}:${rule.windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = SlidingWindowLimiter.of(rule, this.now)));
    return limiter;
  }
}

/**
 * Instances on one PostgreSQL: the same sliding windows, counted in `rate_limit_hits`, so five call-backs per client
 * are five across every web instance. Each key is locked for the transaction (an advisory lock, in one order), so
 * two instances counting one client at once cannot both let the last request through. The database's clock is the
 * only clock, read per statement (`statement_timestamp()`, not the transaction's `now()`): a transaction that began
 * before the one holding the lock would otherwise see that one's hit in its future and answer a wait past the window.
 *
 * Why not rate-limiter-flexible's PostgreSQL store: it counts fixed windows and counts refused requests too; ours
 * are sliding windows where a refused request costs nothing, and this keeps that exactly on both databases.
 */
export class PgLimitStore implements LimitStore {
  constructor(private readonly db: Database) {}

  async take(checks: readonly LimitCheck[], message: string = TOO_MANY_REQUESTS): Promise<void> {
    const ordered = [...checks].sort((a, b) => `${a.scope}\u0000${a.key}`.localeCompare(`${b.scope}\u0000${b.key}`));
    const waitMs = await this.db.transaction(async (tx) => {
      let wait = 0;
      for (const check of ordered) {
        await tx.orm.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`limit:${check.scope}:${check.key}`}, 0))`);
        wait = Math.max(wait, await waitFor(tx, check));
      }
      if (wait > 0) return wait;
      if (ordered.length > 0)
        await tx.orm.insert(rateLimitHits).values(ordered.map(({ scope, key }) => ({ scope, key, hitAt: sql`statement_timestamp()` })));
      return 0;
    });
    if (waitMs > 0) throw tooManyRequests(waitMs, message);
  }

  /** The same count as `take`'s, without the lock: a look, so it may be a hit behind a concurrent `take`. */
  retryAfterMs(check: LimitCheck): Promise<number> {
    return waitFor(this.db, check);
  }
}

/**
 * Milliseconds until the key may hit again (0: now). The limit-th most recent hit inside the window: when it exists
 * the key is full until it leaves the window.
 */
async function waitFor(db: Queryable, { scope, key, rule }: LimitCheck): Promise<number> {
  const window = sql`${rule.windowMs} * interval '1 millisecond'`;
  const [full] = await db.orm
    .select({
      waitMs: sql`ceil(extract(epoch FROM ${rateLimitHits.hitAt} + ${window} - statement_timestamp()) * 1000)::int`.mapWith(Number),
    })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, sql`statement_timestamp() - ${window}`)))
    .orderBy(desc(rateLimitHits.hitAt))
    .offset(rule.limit - 1)
    .limit(1);
  return full ? Math.max(full.waitMs, 1) : 0;
}

/** Hits older than any window we use are of no use: the hourly cleanup removes them. */
export async function forgetOldHits(db: Database, olderThanMs = 24 * 3_600_000): Promise<number> {
  const gone = await db.orm
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.hitAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`))
    .returning({ scope: rateLimitHits.scope });
  return gone.length;
}
