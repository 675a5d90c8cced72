import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/api/contract';
import { createAnonymousUser } from '../auth/users';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** `/passport/data/*`: tokens. Sign-in through Telegram comes with the auth issue. */
export function passportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, {
    method: 'POST',
    url: API_PATHS.PASSPORT_TOKEN,
    handler: async () => ctx.tokens.issue(await createAnonymousUser(ctx.db)),
  });
}
