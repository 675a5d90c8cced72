import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../infra/job-queue';
import { miniAppButtons } from '../bot/sign-in';
import { DEFAULT_MATCHER, runMatcher, type MatcherOptions } from './matcher';
import { claimEndedSearches, type EndedSearch } from './expiry';
import { dueProfiles } from './repository';
import { runningProfiles } from './profiles';

export const LIRA_JOBS = {
  run: 'lira-run',
  round: 'lira-round',
  newListings: 'lira-new-listings',
  expiry: 'lira-expiry',
  endedMessage: 'lira-ended-message',
} as const;

/** The «search ended» message for one user, as a job: Telegram being down for a while does not lose it. */
interface EndedMessageJob {
  telegramId: number;
  text: string;
}

export interface LiraJobOptions {
  /** A running profile gets a periodic batch at most this often (minutes). */
  batchEveryMinutes: number;
  /** START's first batch comes this long after the press (the page shows «Запускается» meanwhile). */
  firstBatchDelayMs: number;
  /** Seconds between tries of a message Telegram did not take (for an hour's worth of tries). */
  messageRetrySeconds: number;
  matcher?: MatcherOptions;
  log?: (message: string) => void;
}

/**
 * Which running profiles want a run now: no batch yet, the last one older than the cadence, or a recent batch whose
 * messages are not all out and nobody is sending them (a worker died mid-batch) while the user has Telegram.
 */
export async function profilesDue(app: FastifyInstance, gapMs: number, sendLimit = DEFAULT_MATCHER.sendLimit): Promise<number[]> {
  const now = app.now().getTime();
  return dueProfiles(app.db, new Date(now - gapMs), new Date(now - 60 * 60_000), sendLimit);
}

const MOSCOW_DATE = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

/** The one message of a search its period's end has stopped: what happened, that the found apartments stay, how to renew. */
export function searchEndedText(ended: Pick<EndedSearch, 'expiredAt' | 'trial'>): string {
  const date = MOSCOW_DATE.format(ended.expiredAt);
  const what = ended.trial ? `Пробный период ИИ Поиска закончился ${date}` : `Ваша подписка на ИИ Поиск истекла ${date}`;
  return (
    `${what}: подбор остановлен, новые квартиры больше не придут. Найденные квартиры остаются в «Кварте». ` +
    'Чтобы подбор продолжился, продлите подписку: откройте «Кварту», раздел «ИИ Поиск», кнопка «Продлить».'
  );
}

/**
 * Stops the searches whose paid period is over and tells each user once: the profile's move to EXPIRED is the claim
 * (claimEndedSearches), so a second run, here or on another worker, finds nothing left to send. The message itself is
 * a job, tried again for an hour while Telegram fails.
 */
export async function endExpiredSearches(app: FastifyInstance): Promise<number> {
  let queued = 0;
  for (const ended of await claimEndedSearches(app)) {
    if (ended.telegramId === null) continue;
    await app.queue.send<EndedMessageJob>(LIRA_JOBS.endedMessage, { telegramId: ended.telegramId, text: searchEndedText(ended) });
    queued += 1;
  }
  return queued;
}

/**
 * The AI-search agent as jobs. `lira-run` does what is due for one user (a batch, or the rest of a half-sent one);
 * the profile row's lock and the send lease make two runs for one user harmless, on one worker or two. `lira-round`
 * finds who is due; `lira-new-listings` offers a market tick's listings to every running profile.
 */
export async function defineLiraJobs(app: FastifyInstance, queue: JobQueue, options: LiraJobOptions): Promise<void> {
  const matcher = { ...(options.matcher ?? DEFAULT_MATCHER), minGapMs: options.batchEveryMinutes * 60_000 };
  const run = async (userId: number, extra: Partial<MatcherOptions> = {}) => {
    const result = await runMatcher(app, userId, { ...matcher, ...extra });
    if (result.added.length > 0 || result.notified > 0)
      options.log?.(`ИИ-агент: пользователю ${userId} +${result.added.length} (в Telegram ${result.notified})`);
  };
  await queue.define<{ userId: number }>({ name: LIRA_JOBS.run, run: ({ userId }) => run(userId), expireInSeconds: 120 });
  await queue.define({
    name: LIRA_JOBS.round,
    expireInSeconds: 120,
    run: async () => {
      for (const userId of await profilesDue(app, matcher.minGapMs)) await queue.send(LIRA_JOBS.run, { userId });
    },
  });
  await queue.define<{ added: number[]; cityIds: number[] }>({
    name: LIRA_JOBS.newListings,
    expireInSeconds: 600,
    run: async ({ added, cityIds }) => {
      // The tick may have run on another worker: this one reads the new listings first if it has not seen them.
      if (added.some((id) => !app.memory.apartments.has(id))) {
        await app.memory.reloadCities(app.db, cityIds);
        app.engine.refresh(cityIds);
      }
      const onlyIds = new Set(added);
      for (const userId of await runningProfiles(app.db)) await run(userId, { onlyIds });
    },
  });
  await queue.define({ name: LIRA_JOBS.expiry, retryLimit: 0, run: async () => void (await endExpiredSearches(app)) });
  await queue.define<EndedMessageJob>({
    name: LIRA_JOBS.endedMessage,
    retryLimit: Math.ceil(3_600 / Math.max(1, options.messageRetrySeconds)),
    retryDelaySeconds: options.messageRetrySeconds,
    run: async (job) => void (await app.bot.sendMessage(job.telegramId, job.text, miniAppButtons(app))),
  });
  app.liraMatcher = {
    wake: (userId) =>
      void queue
        .send(LIRA_JOBS.run, { userId }, { startAfterSeconds: options.firstBatchDelayMs / 1000 })
        .catch((error: unknown) =>
          options.log?.(`ИИ-агент: задача не поставлена (${error instanceof Error ? error.message : String(error)})`),
        ),
  };
}
