import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../infra/job-queue';
import type { Metrics } from '../infra/metrics';
import { sendError } from './envelope';
import type { AdminTries } from './route';

export interface MetricsRouteOptions {
  metrics: Metrics;
  queue: JobQueue;
  /** METRICS_TOKEN: the scraper's bearer token; without it `/metrics` answers 404 (closed to the public). */
  token: string | null;
  /** Readiness as /api/ready sees it. */
  isReady: () => boolean;
  /** Wrong tokens counted per address (429 past the limit, for the right one too), so it cannot be guessed at speed. */
  tries: AdminTries;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Every request timed by its route pattern (never the raw URL: ids would make a series per apartment), and
 * `GET /metrics` in Prometheus' text format for a scraper holding METRICS_TOKEN.
 */
export function installMetrics(app: FastifyInstance, options: MetricsRouteOptions): void {
  const { metrics } = options;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!options.token) return sendError(reply, 404, 'Not Found');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (given) await options.tries.before(request.ip);
    if (!given || !sameSecret(given, options.token)) {
      await options.tries.wrong(request.ip);
      return sendError(reply, 401, 'Нужен токен метрик');
    }
    metrics.ready.set(options.isReady() ? 1 : 0);
    metrics.jobQueueDepth.reset();
    for (const [job, waiting] of Object.entries(await options.queue.depth())) metrics.jobQueueDepth.set({ job }, waiting);
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
