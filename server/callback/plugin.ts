import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CALLBACK_RETRY_JOB } from '../jobs';
import { CallbackService, type CallbackServiceOptions } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    callbacks: CallbackService;
  }
}

export interface CallbackOptions {
  /** Call-back requests; tests pass limits and timings of their own. */
  callbacks?: Partial<Pick<CallbackServiceOptions, 'perClient' | 'perAddress' | 'maxAttempts' | 'deliveryWaitMs'>>;
}

/** Call-back requests: stored first, then sent to the managers' chat; undelivered ones are retried by a job. */
export const callbackPlugin = fp(
  async (app: FastifyInstance, options: CallbackOptions) => {
    const callbacks = new CallbackService({
      db: app.db,
      bot: () => app.bot,
      managersChatId: app.telegram.managersChatId,
      log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) },
      limits: app.limits,
      ...options.callbacks,
    });
    app.decorate('callbacks', callbacks);
    // Each request is claimed in the database before it is sent (callback/repository.ts), so the retry may run anywhere.
    await app.queue.define({
      name: CALLBACK_RETRY_JOB,
      retryLimit: 0,
      run: async () => {
        const sent = await callbacks.retryPending();
        if (sent > 0) app.log.info(`заявки на звонок: доставлено повторно ${sent}`);
      },
    });
  },
  { name: 'kvarta-callback', fastify: '5.x', dependencies: ['kvarta-infra', 'kvarta-bot'] },
);
