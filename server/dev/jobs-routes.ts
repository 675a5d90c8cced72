import type { FastifyInstance } from 'fastify';
import { devRoute } from './dev-route';
import type { JobQueue } from '../infra/job-queue';
import { MARKET_JOB } from '../jobs';

/** The market moves at once instead of waiting for its period; asked of several instances at once it still ticks once. */
const MARKET_TICK_THROTTLE_SECONDS = 10;

/** Developer tools (loopback, never production): ask the workers for a market tick now (demos, the cluster suite). */
export function devJobRoutes(app: FastifyInstance, queue: JobQueue): void {
  devRoute(app, {
    method: 'POST',
    url: '/dev/jobs/market-tick',
    handler: async () => {
      await queue.send(MARKET_JOB, {}, { singletonKey: MARKET_JOB, throttleSeconds: MARKET_TICK_THROTTLE_SECONDS });
      return { queued: true };
    },
  });
}
