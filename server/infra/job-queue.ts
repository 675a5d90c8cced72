/**
 * Work that runs in the background: the same definitions on pg-boss (PostgreSQL, any number of workers) and
 * in-process (the embedded database, one process).
 */
export interface JobDefinition<T extends object = object> {
  name: string;
  run(data: T): Promise<void>;
  /**
   * standard: any number at once; singleton: one running at a time (per singleton key), any number waiting;
   * stately: one waiting and one running at a time (per singleton key) — a second request while one waits is dropped.
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Tries after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelaySeconds?: number;
  /** A running job not finished by then is taken as lost (its worker died) and retried (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * A waiting job of this kind still has to run after its person deleted their account (a refund, a renewal's cancel
   * at the provider): the deletion leaves it, and its personal fields go once it succeeds.
   */
  outlivesAccount?: true;
}

/**
 * The fields of a job's payload that name a person. A job keeps them only while it needs them: a job that succeeded
 * has them removed, and deleting an account removes every job that names the person (but those that must still run).
 */
export const PERSONAL_JOB_FIELDS = ['userId', 'telegramId', 'telegramUserId', 'receiptEmail'] as const;

/** Whom to forget: a deleted account's id, Telegram id and the e-mails it gave. */
export interface PersonInJobs {
  userId: number;
  telegramId: string | null;
  emails: readonly string[];
}

export interface SendOptions {
  /** With a singleton or stately policy: the unit that must not overlap (a user id). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one such job per this many seconds (per singleton key), however many instances ask. */
  throttleSeconds?: number;
}

/** Told of every job this process ran: its name, whether it succeeded and how long it took (metrics). */
export type JobObserver = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

/** Told of a job that failed for good: its last try threw `error` and no retry follows (the error tracker). */
export type JobFailureObserver = (job: string, error: unknown) => void;

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Adds an observer of the jobs this process runs. */
  observe(observer: JobObserver): void;
  /** Adds an observer of the jobs that failed their last try here (not the tries a retry follows). */
  observeFailures(observer: JobFailureObserver): void;
  /** Jobs waiting to run (created or retrying), by job name. */
  depth(): Promise<Record<string, number>>;
  /** Declares a job; every role declares all of them (the web role sends, workers run). */
  define<T extends object>(definition: JobDefinition<T>): Promise<void>;
  /** Starts running the defined jobs in this process (the worker role). */
  work(): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** Removes the stored jobs that name the person (those still to run for them excepted); returns how many. */
  forget(person: PersonInJobs): Promise<number>;
  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_RETRY_DELAY_SECONDS = 5;
export const DEFAULT_EXPIRE_SECONDS = 15 * 60;

/**
 * Runs one job, telling the observers how it went, and the failure observers when its last try failed; the error
 * still reaches the queue, which retries.
 */
export async function runObserved(
  observers: readonly JobObserver[],
  name: string,
  work: () => Promise<void>,
  lastTry?: { isLast: boolean; failures: readonly JobFailureObserver[] },
): Promise<void> {
  const started = performance.now();
  let outcome: 'ok' | 'failed' = 'failed';
  try {
    await work();
    outcome = 'ok';
  } catch (error) {
    if (lastTry?.isLast) for (const observer of lastTry.failures) observer(name, error);
    throw error;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    for (const observer of observers) observer(name, outcome, seconds);
  }
}
