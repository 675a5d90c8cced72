import type { FastifyInstance } from 'fastify';
import { badRequest } from '../core/errors';
import { route } from '../http/route';
import { isTelegramSession } from '../http/session';

const NOT_AN_OBJECT = 'Ожидается JSON-объект с полями userName, phone, cityName, refererUrl, extraField и agreed';

/**
 * POST /bot-api/callback/sale: a call-back request for the managers (spec §7). Validation
 * messages are the form's own Russian sentences, shown to the visitor as a toast.
 */
export async function callbackRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'callbackSale', {
    invalidBody: (raw, error) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return badRequest(NOT_AN_OBJECT);
      const messages = [...new Set(error.issues.map((issue) => issue.message))];
      return badRequest(messages.join('; '), { issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) });
    },
    // A stale or foreign token must not stop someone asking for a call: it only loses the per-user limit.
    identify: 'lenient',
    // Over the limit: a 429 with Retry-After (server/http/rate-limit.ts, set by the envelope).
    // The request names its sender for the managers: an anonymous session gets its row first, like any write.
    writes: true,
    handler: ({ body, user, request }) =>
      app.callbacks.submit(body, {
        userId: user?.id ?? null,
        ip: request.ip ?? null,
        channel: isTelegramSession(request) ? 'tma' : 'web',
      }),
  });
}
