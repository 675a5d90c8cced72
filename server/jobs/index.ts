import { CLEANUP_JOB } from '../privacy/jobs';
import { FAVOURITE_ALERTS_JOB } from '../favourites/jobs';
import { LIRA_JOBS } from '../lira/jobs';
import { FEED_JOBS, type FeedJobsConfig } from '../feeds/jobs';
import { REFUND_SWEEP_JOB, RENEWAL_REMINDER_JOB } from '../subscription/jobs';
import type { Periodic } from './schedule';

export { startSchedule } from './schedule';
export { LIRA_JOBS } from '../lira/jobs';
/** The demo market's tick: defined by server/demo/ when CATALOGUE includes demo, scheduled here by its period. */
export const MARKET_JOB = 'market-tick';
export { FEED_JOBS } from '../feeds/jobs';

export const CALLBACK_RETRY_JOB = 'callback-retry';

export interface JobsConfig {
  /** Seconds between the agent's rounds (0 = only START wake-ups and market ticks). */
  liraMatcherSeconds: number;
  liraBatchMinutes: number;
  liraFirstBatchDelayMs: number;
  /** Minutes between market ticks (0 = off). */
  marketTickMinutes: number;
  /** Seconds between retries of undelivered call-back requests. */
  callbackRetrySeconds: number;
  /** Seconds between tries of a cancel, a refund or a bot message while the provider (or Telegram) is down. */
  providerRetrySeconds: number;
  /** Feed imports and their photos (server/jobs/feeds.ts). */
  feeds: FeedJobsConfig;
}

export const DEFAULT_JOBS_CONFIG: JobsConfig = {
  liraMatcherSeconds: 20,
  liraBatchMinutes: 60,
  liraFirstBatchDelayMs: 2_000,
  marketTickMinutes: 0,
  callbackRetrySeconds: 60,
  providerRetrySeconds: 60,
  feeds: { locations: [], everySeconds: 0, allowPrivateHosts: false },
};

/** What the worker's clock asks for, and how often. */
export function periodicJobs(config: JobsConfig): Periodic[] {
  return [
    { job: LIRA_JOBS.round, everySeconds: config.liraMatcherSeconds },
    // A search whose paid period ended stops (and says so) within a minute.
    { job: LIRA_JOBS.expiry, everySeconds: 60 },
    { job: MARKET_JOB, everySeconds: config.marketTickMinutes * 60 },
    { job: CALLBACK_RETRY_JOB, everySeconds: config.callbackRetrySeconds },
    { job: CLEANUP_JOB, everySeconds: 3_600 },
    { job: RENEWAL_REMINDER_JOB, everySeconds: 900 },
    { job: REFUND_SWEEP_JOB, everySeconds: 300 },
    // Favourites' price drops and departures: looked at every 10 minutes, told at most once a day per user.
    { job: FAVOURITE_ALERTS_JOB, everySeconds: 600 },
    { job: FEED_JOBS.sync, everySeconds: config.feeds.locations.length > 0 ? config.feeds.everySeconds : 0 },
  ];
}
