import PgBoss from 'pg-boss';
import {
  DEFAULT_EXPIRE_SECONDS,
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  PERSONAL_JOB_FIELDS,
  runObserved,
  type JobDefinition,
  type JobFailureObserver,
  type JobObserver,
  type JobQueue,
  type PersonInJobs,
  type SendOptions,
} from './job-queue';

/** pg-boss keeps its tables in their own schema, next to ours. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker looks for jobs (pg-boss polls; 0.5 s is its minimum). */
const POLLING_SECONDS = 0.5;
/**
 * A completed job stays in `pgboss.job` this long, then moves to `pgboss.archive`: a throttled send (server/jobs/
 * schedule.ts) needs its slot's job there, and pg-boss refuses a throttle longer than this (the feeds' FEED_HOURS,
 * 6 by default). A completed job has lost its personal fields already (`scrub`).
 */
const ARCHIVE_COMPLETED_AFTER_SECONDS = 12 * 3_600;
/** A failed job keeps its payload (for an operator to look into): out of the queue's table after an hour. */
const ARCHIVE_FAILED_AFTER_SECONDS = 3_600;
/** The archive is only for an operator looking into a failure: a day, then it is deleted. */
const DELETE_ARCHIVED_AFTER_DAYS = 1;
/** Marks a payload whose personal fields were removed after it succeeded: a rerun (a lost completion) skips it. */
const SCRUBBED = 'scrubbed';

/** Where pg-boss sends its SQL: its own pool for a URL, or a given executor (PGlite in tests). */
export type PgBossConnection = { url: string } | { db: PgBoss.Db };

/** A job row (either table) naming the person: any personal field equal to one of their identifiers. */
function namesPerson(person: PersonInJobs, values: unknown[]): string {
  const ids = [String(person.userId), ...(person.telegramId ? [person.telegramId] : [])];
  values.push(
    ids,
    person.emails.map((email) => email.toLowerCase()),
  );
  const idFields = PERSONAL_JOB_FIELDS.filter((field) => field !== 'receiptEmail')
    .map((field) => `data->>'${field}' = ANY($${values.length - 1}::text[])`)
    .join(' OR ');
  return `(${idFields} OR lower(data->>'receiptEmail') = ANY($${values.length}::text[]))`;
}

/**
 * Jobs on PostgreSQL through pg-boss 10 (the line that supports Node 20): SKIP LOCKED hands each job to one worker,
 * failed jobs are retried, a job whose worker died is retried once it expires, and queue policies keep singletons
 * from overlapping across workers.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly observers: JobObserver[] = [];
  private readonly failureObservers: JobFailureObserver[] = [];

  private constructor(private readonly boss: PgBoss) {}

  static async start(options: PgBossConnection & { log?: (message: string) => void; maxConnections?: number }): Promise<PgBossQueue> {
    const boss = new PgBoss({
      ...('url' in options ? { connectionString: options.url } : { db: options.db }),
      schema: PG_BOSS_SCHEMA,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_AFTER_SECONDS,
      deleteAfterDays: DELETE_ARCHIVED_AFTER_DAYS,
      application_name: 'kvarta-jobs',
      max: options.maxConnections ?? 4,
      // Lost jobs (a killed worker) are found by the supervisor; look every half minute rather than every two.
      maintenanceIntervalSeconds: 30,
      // Periodic jobs are throttled sends (server/jobs/schedule.ts), not cron: no clock monitor needed.
      schedule: false,
    });
    boss.on('error', (error) => options.log?.(`очередь задач: ${error.message}`));
    await boss.start();
    return new PgBossQueue(boss);
  }

  async define<T extends object>(definition: JobDefinition<T>): Promise<void> {
    this.definitions.set(definition.name, definition);
    const queue = {
      name: definition.name,
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      expireInSeconds: definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
      retentionMinutes: 60,
    } as const;
    // Every instance declares every queue at start; the first creates it, the others bring its options up to date.
    if (await this.boss.getQueue(definition.name)) await this.boss.updateQueue(definition.name, queue);
    else
      await this.boss.createQueue(definition.name, queue).catch(async (error: unknown) => {
        // Two instances starting together: the other one created it first.
        if (!(await this.boss.getQueue(definition.name))) throw error;
      });
  }

  async work(): Promise<void> {
    for (const definition of this.definitions.values()) {
      const options = { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1, includeMetadata: true } as const;
      await this.boss.work<object>(definition.name, options, async (jobs) => {
        for (const job of jobs) {
          if (SCRUBBED in job.data) continue;
          // retryCount is this try's (pg-boss counts it as the job starts); at the limit a failure is final.
          await runObserved(this.observers, definition.name, () => definition.run(job.data), {
            isLast: job.retryCount >= job.retryLimit,
            failures: this.failureObservers,
          });
          await this.scrub(definition.name, job.id);
        }
      });
    }
  }

  observe(observer: JobObserver): void {
    this.observers.push(observer);
  }

  observeFailures(observer: JobFailureObserver): void {
    this.failureObservers.push(observer);
  }

  async depth(): Promise<Record<string, number>> {
    const names = [...this.definitions.keys()];
    // getQueueSize counts jobs before `active`: created and waiting for a retry.
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name)));
    return Object.fromEntries(names.map((name, index) => [name, sizes[index] ?? 0]));
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
      ...(options.throttleSeconds ? { singletonSeconds: options.throttleSeconds } : {}),
    });
  }

  /** A job that succeeded needs no one's identifiers any more: they go before pg-boss records it as completed. */
  private async scrub(name: string, id: string): Promise<void> {
    await this.boss.getDb().executeSql(
      `UPDATE ${PG_BOSS_SCHEMA}.job SET data = (data - $3::text[]) || jsonb_build_object('${SCRUBBED}', true)
         WHERE name = $1 AND id = $2 AND data ?| $3::text[]`,
      [name, id, [...PERSONAL_JOB_FIELDS]],
    );
  }

  /**
   * Deletes every job and archived job naming the person, in both tables, but a waiting job that must still run for
   * them after the deletion (`outlivesAccount`): it loses the fields once it succeeds.
   */
  async forget(person: PersonInJobs): Promise<number> {
    const values: unknown[] = [];
    const where = namesPerson(person, values);
    values.push([...this.definitions.values()].filter((d) => d.outlivesAccount).map((d) => d.name));
    const stillToRun = `name = ANY($${values.length}::text[]) AND state IN ('created', 'retry', 'active')`;
    const db = this.boss.getDb();
    const jobs = await db.executeSql(`DELETE FROM ${PG_BOSS_SCHEMA}.job WHERE ${where} AND NOT (${stillToRun}) RETURNING id`, values);
    const archived = await db.executeSql(`DELETE FROM ${PG_BOSS_SCHEMA}.archive WHERE ${where} RETURNING id`, values.slice(0, -1));
    return jobs.rows.length + archived.rows.length;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
