import type { OperatorInfo } from '@kvarta/contract/operator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { NO_OPERATOR } from '../content/operator';
import type { Database } from '../db/connection';
import { createErrorTracker, type ErrorTracker } from './error-tracker';
import { attachEventBus, LocalEventBus, type EventBus } from './event-bus';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { MemoryLimitStore, type LimitStore } from './limits';
import { Metrics } from './metrics';

type Role = 'all' | 'web' | 'worker';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    env: 'development' | 'production' | 'test';
    /** ROLE: what this process does (server/main.ts). */
    role: Role;
    startedAt: number;
    /** The server clock (subscriptions expire by it); tests replace it. */
    now: () => Date;
    /** False once shutdown began (readiness answers 503, the load balancer stops sending). */
    accepting: boolean;
    /** What instances tell each other (catalogue changes, binding outcomes, revocations). */
    bus: EventBus;
    /** Background work: every role sends, workers run (each capability's jobs.ts). */
    queue: JobQueue;
    /** Where rate limits are counted: memory on the embedded database, PostgreSQL for many instances. */
    limits: LimitStore;
    /** What the operator scrapes at /metrics (payments, bot sends, feed imports count into it). */
    metrics: Metrics;
    errorTracker: ErrorTracker;
    /** Who runs the service: the footer, the payment form, receipts and the bot's /help name it. */
    operator: OperatorInfo;
    /** Where feed photos are stored, resized (server/feeds/images.ts). */
    mediaDir: string;
  }
}

export interface InfraOptions {
  db: Database;
  env?: 'development' | 'production' | 'test';
  /** ROLE (server/main.ts); 'all' by default. */
  role?: Role;
  /** What instances tell each other; a local bus (one process) by default. */
  bus?: EventBus;
  /** The job queue; in-process by default (not running jobs until `work()`: tests run them when they want). */
  queue?: JobQueue;
  /** Where rate limits are counted; memory by default. */
  limits?: LimitStore;
  /** The process's metrics (main.ts shares them with the event bus); a registry of the app's own by default. */
  metrics?: Metrics;
  /** Where unexpected errors are reported (SENTRY_DSN); nowhere by default. */
  errors?: ErrorTracker;
  /** Who runs the service (LEGAL_*, SUPPORT_*, MARKETING_FIGURES); nothing is claimed without it. */
  operator?: OperatorInfo;
  /** Where feed photos are stored (DATA_DIR/media); a temporary folder by default (tests). */
  mediaDir?: string;
}

/** The ground every capability stands on: the database, the clock, the bus, the queue, limits and metrics. */
export const infraPlugin = fp(
  async (app: FastifyInstance, options: InfraOptions) => {
    const metrics = options.metrics ?? new Metrics();
    const errors = options.errors ?? createErrorTracker({ dsn: undefined, release: '', environment: '' });
    const queue = options.queue ?? new InProcessQueue((m) => app.log.warn(m));
    queue.observe((job, outcome, seconds) => metrics.jobs.observe({ job, outcome }, seconds));
    // A job's failure is ours to fix only once no retry follows (a refund, a cancel at a provider, a bot's send).
    queue.observeFailures((job, error) => errors.capture(error, { job }));
    const bus = options.bus ?? new LocalEventBus();
    attachEventBus(options.db, bus);
    app.decorate('db', options.db);
    app.decorate('env', options.env ?? 'development');
    app.decorate('role', options.role ?? 'all');
    app.decorate('startedAt', Date.now());
    app.decorate('now', () => new Date());
    app.decorate('accepting', true);
    app.decorate('bus', bus);
    app.decorate('queue', queue);
    app.decorate('limits', options.limits ?? new MemoryLimitStore());
    app.decorate('metrics', metrics);
    app.decorate('errorTracker', errors);
    app.decorate('operator', options.operator ?? NO_OPERATOR);
    app.decorate('mediaDir', options.mediaDir ?? join(tmpdir(), `kvarta-media-${process.pid}`));
    // Shutdown: readiness says 503 at once, before the listener closes.
    app.addHook('preClose', async () => {
      app.accepting = false;
    });
  },
  { name: 'kvarta-infra', fastify: '5.x' },
);
