import type { LiveChanges } from '../catalog/live';
import type { AppContext } from '../context';
import { DEFAULT_MATCHER, runMatcher, type MatcherOptions, type MatchResult } from '../lira/agent';
import { findLiraProfile, runningProfiles } from '../lira/profiles';

export interface LiraAgentOptions {
  /** Seconds between the agent's rounds over running profiles; 0 = no periodic rounds (wake-ups and market ticks still work). */
  everySeconds: number;
  /** A running profile gets a periodic batch at most this often (minutes). */
  batchEveryMinutes: number;
  matcher?: MatcherOptions;
  /**
   * A started profile gets its first batch this long after START (the page shows 'Запускается' and
   * «Подождите немного…» meanwhile); 0 = at once.
   */
  firstBatchDelayMs?: number;
  log?: (message: string) => void;
}

export interface LiraAgentJob {
  /** Runs the matcher for one user now (serialised per user). */
  runUser(userId: number, options?: Partial<MatcherOptions>): Promise<MatchResult | null>;
  /** A periodic round: every running profile whose last batch is older than batchEveryMinutes. */
  round(): Promise<void>;
  /** New listings appeared: each running profile may take those that rank among its best. */
  onMarketTick(changes: LiveChanges): Promise<void>;
  /** Resolves when nothing is queued (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * The AI-search agent: wakes on START (the first batch within seconds), on new listings, and on a
 * timer. One user's runs never overlap; a failed run is logged and the next one tries again.
 */
export function startLiraAgent(ctx: AppContext, options: LiraAgentOptions): LiraAgentJob {
  const matcher = options.matcher ?? DEFAULT_MATCHER;
  const chains = new Map<number, Promise<MatchResult | null>>();
  let stopped = false;

  const runUser = (userId: number, extra: Partial<MatcherOptions> = {}): Promise<MatchResult | null> => {
    const previous = chains.get(userId) ?? Promise.resolve(null);
    const next = previous
      .catch(() => null)
      .then(async () => {
        if (stopped) return null;
        const result = await runMatcher(ctx, userId, { ...matcher, ...extra });
        if (result.added.length > 0)
          options.log?.(`ИИ-агент: пользователю ${userId} +${result.added.length} (в Telegram ${result.notified})`);
        return result;
      })
      .catch((error: unknown) => {
        options.log?.(`ИИ-агент: ошибка для ${userId}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
    chains.set(userId, next);
    void next.finally(() => {
      if (chains.get(userId) === next) chains.delete(userId);
    });
    return next;
  };

  const timers = new Set<NodeJS.Timeout>();
  const delay = options.firstBatchDelayMs ?? 0;
  ctx.liraAgent = {
    wake: (userId) => {
      if (delay <= 0) return void runUser(userId);
      const t = setTimeout(() => {
        timers.delete(t);
        void runUser(userId);
      }, delay);
      timers.add(t);
    },
  };

  const round = async () => {
    const now = ctx.now().getTime();
    for (const userId of await runningProfiles(ctx.db)) {
      const profile = await findLiraProfile(ctx.db, userId);
      const last = profile?.lastBatchAt?.getTime() ?? 0;
      if (profile?.status === 'START' || now - last >= options.batchEveryMinutes * 60_000) await runUser(userId);
    }
  };

  const onMarketTick = async (changes: LiveChanges) => {
    if (changes.added.length === 0) return;
    const onlyIds = new Set(changes.added);
    for (const userId of await runningProfiles(ctx.db)) await runUser(userId, { onlyIds });
  };

  let busy = false;
  const timer =
    options.everySeconds > 0
      ? setInterval(() => {
          if (busy) return;
          busy = true;
          round()
            .catch((error: unknown) => options.log?.(`ИИ-агент: ошибка обхода: ${error instanceof Error ? error.message : String(error)}`))
            .finally(() => {
              busy = false;
            });
        }, options.everySeconds * 1000)
      : null;
  timer?.unref();

  return {
    runUser,
    round,
    onMarketTick,
    idle: async () => {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const t of timers) clearTimeout(t);
      ctx.liraAgent = { wake: () => undefined };
    },
  };
}
