import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobsConfig } from '../jobs';
import { defineLiraJobs } from './jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI-search agent's doorbell: a profile went START or changed (sends its job, lira/jobs.ts). */
    liraMatcher: { wake(userId: number): void };
    /** Seconds one worker may hold a user's Telegram messages (LIRA_SEND_LEASE_SECONDS); see lira/notify.ts. */
    liraSendLeaseSeconds?: number;
  }
}

export interface LiraOptions {
  jobs: JobsConfig;
  /** LIRA_SEND_LEASE_SECONDS (lira/notify.ts). */
  liraSendLeaseSeconds?: number;
}

/** The AI-search agent: its jobs and the doorbell that starts a user's run. */
export const liraPlugin = fp(
  async (app: FastifyInstance, options: LiraOptions) => {
    app.decorate('liraSendLeaseSeconds', options.liraSendLeaseSeconds);
    app.decorate('liraMatcher', { wake: () => undefined });
    await defineLiraJobs(app, app.queue, {
      batchEveryMinutes: options.jobs.liraBatchMinutes,
      firstBatchDelayMs: options.jobs.liraFirstBatchDelayMs,
      messageRetrySeconds: options.jobs.providerRetrySeconds,
      log: (m) => app.log.info(m),
    });
  },
  { name: 'kvarta-lira', fastify: '5.x', dependencies: ['kvarta-infra', 'kvarta-catalogue', 'kvarta-bot'] },
);
