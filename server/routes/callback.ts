import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract';
import { callbackRequestSchema } from '../../src/shared/api/contract/callback';
import type { CallbackService } from '../callback';
import type { AppContext } from '../context';
import { HttpError, badRequest } from '../http/errors';
import { route } from '../http/route';

const NOT_AN_OBJECT = 'Ожидается JSON-объект с полями userName, phone, cityName, refererUrl, extraField и agreed';

/**
 * POST /bot-api/callback/sale: a call-back request for the managers (spec §7). Validation
 * messages are the form's own Russian sentences, shown to the visitor as a toast.
 */
export function callbackRoutes(app: FastifyInstance, ctx: AppContext, callbacks: CallbackService): void {
  route(app, {
    method: 'POST',
    url: API_PATHS.CALLBACK_SALE,
    handler: async ({ request, reply }) => {
      const raw = request.body;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(NOT_AN_OBJECT);
      const parsed = callbackRequestSchema.safeParse(raw);
      if (!parsed.success) {
        const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
        throw badRequest(messages.join('; '), { issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) });
      }
      // A stale or foreign token must not stop someone asking for a call: it only loses the per-user limit.
      const user = await ctx.auth.optionalUser(request).catch(() => null);
      try {
        return await callbacks.submit(parsed.data, { userId: user?.id ?? null, ip: request.ip ?? null });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) {
          const seconds = (error.detail as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
          if (seconds) reply.header('Retry-After', String(seconds));
        }
        throw error;
      }
    },
  });
}
