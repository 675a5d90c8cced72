import PgBoss from 'pg-boss';
import {
  DEFAULT_EXPIRE_SECONDS,
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  runObserved,
  type JobDefinition,
  type JobFailureObserver,
  type JobObserver,
  type JobQueue,
  type SendOptions,
} from './job-queue';

/** pg-boss keeps its tables in their own schema, next to ours. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker looks for jobs (pg-boss polls; 0.5 s is its minimum). */
const POLLING_SECONDS = 0.5;

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

  static async start(options: { url: string; log?: (message: string) => void; maxConnections?: number }): Promise<PgBossQueue> {
    const boss = new PgBoss({
      connectionString: options.url,
      schema: PG_BOSS_SCHEMA,
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
        for (const job of jobs)
          // retryCount is this try's (pg-boss counts it as the job starts); at the limit a failure is final.
          await runObserved(this.observers, definition.name, () => definition.run(job.data), {
            isLast: job.retryCount >= job.retryLimit,
            failures: this.failureObservers,
          });
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

  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
