import type { AppContext } from '../context';
import { DEFAULT_MATCHER, runMatcher, type MatcherOptions } from '../lira/agent';
import { runningProfiles } from '../lira/profiles';
import type { JobQueue } from '../infra/job-queue';

export const LIRA_JOBS = { run: 'lira-run', round: 'lira-round', newListings: 'lira-new-listings' } as const;

export interface LiraJobOptions {
  /** A running profile gets a periodic batch at most this often (minutes). */
  batchEveryMinutes: number;
  /** START's first batch comes this long after the press (the page shows «Запускается» meanwhile). */
  firstBatchDelayMs: number;
  matcher?: MatcherOptions;
  log?: (message: string) => void;
}

/**
 * Which running profiles want a run now: no batch yet, the last one older than the cadence, or a recent batch whose
 * messages are not all out and nobody is sending them (a worker died mid-batch) while the user has Telegram.
 */
export async function profilesDue(ctx: AppContext, gapMs: number, sendLimit = DEFAULT_MATCHER.sendLimit): Promise<number[]> {
  const now = ctx.now().getTime();
  const { rows } = await ctx.db.query<{ user_id: number }>(
    `WITH latest AS (
       SELECT s.user_id, max(s.batch) AS batch FROM lira_suggestions s WHERE s.suggested_at > $2 GROUP BY s.user_id
     ), unfinished AS (
       SELECT l.user_id FROM latest l JOIN lira_suggestions s ON s.user_id = l.user_id AND s.batch = l.batch AND NOT s.archived
        GROUP BY l.user_id HAVING count(*) FILTER (WHERE s.notified) < least($3, count(*))
     )
     SELECT p.user_id FROM lira_profiles p
      WHERE p.status IN ('START', 'ACTIVE', 'CANCELLED')
        AND (p.last_batch_at IS NULL OR p.last_batch_at <= $1
          OR ((p.notify_lease_until IS NULL OR p.notify_lease_until < now())
              AND p.user_id IN (SELECT user_id FROM unfinished)
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.telegram_id IS NOT NULL)))
      ORDER BY p.user_id`,
    [new Date(now - gapMs).toISOString(), new Date(now - 60 * 60_000).toISOString(), sendLimit],
  );
  return rows.map((r) => r.user_id);
}

/**
 * The AI-search agent as jobs. `lira-run` does what is due for one user (a batch, or the rest of a half-sent one);
 * the profile row's lock and the send lease make two runs for one user harmless, on one worker or two. `lira-round`
 * finds who is due; `lira-new-listings` offers a market tick's listings to every running profile.
 */
export async function defineLiraJobs(ctx: AppContext, queue: JobQueue, options: LiraJobOptions): Promise<void> {
  const matcher = { ...(options.matcher ?? DEFAULT_MATCHER), minGapMs: options.batchEveryMinutes * 60_000 };
  const run = async (userId: number, extra: Partial<MatcherOptions> = {}) => {
    const result = await runMatcher(ctx, userId, { ...matcher, ...extra });
    if (result.added.length > 0 || result.notified > 0)
      options.log?.(`ИИ-агент: пользователю ${userId} +${result.added.length} (в Telegram ${result.notified})`);
  };
  await queue.define<{ userId: number }>({ name: LIRA_JOBS.run, run: ({ userId }) => run(userId), expireInSeconds: 120 });
  await queue.define({
    name: LIRA_JOBS.round,
    expireInSeconds: 120,
    run: async () => {
      for (const userId of await profilesDue(ctx, matcher.minGapMs)) await queue.send(LIRA_JOBS.run, { userId });
    },
  });
  await queue.define<{ added: number[]; cityIds: number[] }>({
    name: LIRA_JOBS.newListings,
    expireInSeconds: 600,
    run: async ({ added, cityIds }) => {
      // The tick may have run on another worker: this one reads the new listings first if it has not seen them.
      if (added.some((id) => !ctx.memory.apartments.has(id))) {
        await ctx.memory.reloadCities(ctx.db, cityIds);
        ctx.engine.refresh(cityIds);
      }
      const onlyIds = new Set(added);
      for (const userId of await runningProfiles(ctx.db)) await run(userId, { onlyIds });
    },
  });
  ctx.liraAgent = {
    wake: (userId) =>
      void queue
        .send(LIRA_JOBS.run, { userId }, { startAfterSeconds: options.firstBatchDelayMs / 1000 })
        .catch((error: unknown) =>
          options.log?.(`ИИ-агент: задача не поставлена (${error instanceof Error ? error.message : String(error)})`),
        ),
  };
}
