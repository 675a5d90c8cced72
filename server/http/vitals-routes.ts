import type { FastifyInstance } from 'fastify';
import { ROUTES } from '@kvarta/contract';
import { HttpError } from './errors';
import { route } from './route';
import { SlidingWindowLimiter, addressKey, takeRateLimits, type RateLimit } from '../infra/rate-limit';

/**
 * Reports per address and instance. A page sends one or two (when hidden, and after a back-forward restore), and a
 * carrier's NAT puts thousands of buyers behind one address, so the ceiling is high; counted in memory, not in the
 * database: a lost report costs a sample, not money, and a beacon must stay cheap.
 */
export const DEFAULT_VITALS_LIMIT: RateLimit = { limit: 1_200, windowMs: 60_000 };

/** A beacon's body is small: four numbers and three names. */
const BEACON_BODY_LIMIT = 4_096;

/**
 * `POST /api/vitals`: real-user speed (web-vitals) into the histograms of `/metrics`; `POST /api/ads/unmarked`: adverts
 * left undrawn for want of their marking, into a counter. navigator.sendBeacon cannot set a
 * JSON content type across origins without a preflight, so the same JSON is taken in a `text/plain` body too.
 */
export async function vitalsRoutes(app: FastifyInstance, options: { vitalsLimit?: RateLimit }): Promise<void> {
  const { metrics } = app;
  const limiter = SlidingWindowLimiter.of(options.vitalsLimit ?? DEFAULT_VITALS_LIMIT);
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)) as unknown);
      } catch {
        done(new HttpError(400, 'Тело запроса должно быть JSON'), undefined);
      }
    });
    route(scope, 'vitalsReport', {
      limit: (request) => {
        try {
          takeRateLimits([[limiter, addressKey(request.ip)]]);
        } catch (error) {
          metrics.webVitalReportsRefused.inc();
          throw error;
        }
      },
      handler: ({ body }) => {
        const labels = { page: ROUTES[body.page], surface: body.surface, platform: body.platform };
        for (const { name, value } of body.metrics) {
          // Milliseconds from the browser, seconds in Prometheus; CLS has no unit.
          metrics.webVitals[name].observe(labels, name === 'CLS' ? value : value / 1000);
        }
        return { accepted: body.metrics.length };
      },
    });
    // An advert the page did not draw for want of its marking: counted, so that an operator sees unmarked creatives.
    route(scope, 'adSlotReport', {
      limit: (request) => takeRateLimits([[limiter, addressKey(request.ip)]]),
      handler: ({ body }) => {
        metrics.adSlotsUnmarked.inc({ missing: [...new Set(body.missing)].sort().join(',') });
        return { accepted: 1 };
      },
    });
  });
}
