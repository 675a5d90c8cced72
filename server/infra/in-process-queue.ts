import {
  DEFAULT_RETRY_DELAY_SECONDS,
  DEFAULT_RETRY_LIMIT,
  runObserved,
  type JobDefinition,
  type JobFailureObserver,
  type JobObserver,
  type JobQueue,
  type PersonInJobs,
  type SendOptions,
} from './job-queue';

interface Pending {
  definition: JobDefinition;
  data: object;
  key: string;
  attempt: number;
}

/**
 * The queue of one process (the embedded database): the same policies as on pg-boss, kept in memory. What it loses
 * on a restart the jobs themselves recover (they read their state from the database).
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiting = new Set<string>();
  private readonly lastSent = new Map<string, number>();
  private working = false;
  private serial = 0;
  private stopped = false;
  private readonly observers: JobObserver[] = [];
  private readonly failureObservers: JobFailureObserver[] = [];
  /** Jobs scheduled and not yet started, by name. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  async define<T extends object>(definition: JobDefinition<T>): Promise<void> {
    this.definitions.set(definition.name, definition);
  }

  async work(): Promise<void> {
    this.working = true;
  }

  observe(observer: JobObserver): void {
    this.observers.push(observer);
  }

  observeFailures(observer: JobFailureObserver): void {
    this.failureObservers.push(observer);
  }

  async depth(): Promise<Record<string, number>> {
    return Object.fromEntries(this.pending);
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`job ${name} is not defined`);
    if (this.stopped || !this.working) return;
    const key = `${name}:${options.singletonKey ?? ''}`;
    if (options.throttleSeconds) {
      const last = this.lastSent.get(key) ?? -Infinity;
      if (Date.now() - last < options.throttleSeconds * 1000) return;
      this.lastSent.set(key, Date.now());
    }
    const policy = definition.policy ?? 'standard';
    if (policy === 'stately' && this.waiting.has(key)) return;
    if (policy !== 'standard') this.waiting.add(key);
    this.later((options.startAfterSeconds ?? 0) * 1000, { definition, data, key, attempt: 0 });
  }

  /** Nothing is stored: a job's payload lives in this process's memory only until the job has run. */
  async forget(_person: PersonInJobs): Promise<number> {
    return 0;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const all = Promise.allSettled([...this.running.values()]);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /** Resolves when nothing runs or waits (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) {
      await Promise.allSettled([...this.running.values()]);
      if (this.running.size === 0 && this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private later(ms: number, job: Pending): void {
    const name = job.definition.name;
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.set(name, (this.pending.get(name) ?? 1) - 1);
      void this.start(job);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Exclusive jobs of one key run one after another (a chain per key); standard ones at once. */
  private start(job: Pending): void {
    const exclusive = (job.definition.policy ?? 'standard') !== 'standard';
    const slot = exclusive ? job.key : `${job.key}:${++this.serial}`;
    const previous = this.running.get(slot) ?? Promise.resolve();
    const tracked = previous.then(() => this.execute(job, exclusive));
    this.running.set(slot, tracked);
    void tracked.then(() => {
      if (this.running.get(slot) === tracked) this.running.delete(slot);
    });
  }

  private async execute(job: Pending, exclusive: boolean): Promise<void> {
    if (this.stopped) return;
    if (exclusive) this.waiting.delete(job.key);
    const limit = job.definition.retryLimit ?? DEFAULT_RETRY_LIMIT;
    try {
      await runObserved(this.observers, job.definition.name, () => job.definition.run(job.data), {
        isLast: job.attempt >= limit,
        failures: this.failureObservers,
      });
    } catch (error) {
      this.log(`задача ${job.definition.name}: ошибка (${error instanceof Error ? error.message : String(error)})`);
      if (job.attempt < limit && !this.stopped) {
        if (exclusive) this.waiting.add(job.key);
        this.later((job.definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS) * 1000, { ...job, attempt: job.attempt + 1 });
      }
    }
  }
}
