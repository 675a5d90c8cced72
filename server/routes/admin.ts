import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { latestImports } from '../feeds';
import type { AppLimiters } from '../http/app-limits';
import { route } from '../http/route';

/** The operator's routes: bearer ADMIN_TOKEN (server/http/route.ts), off without it; tries limited per address. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext, limiters: AppLimiters): void {
  route(app, 'adminFeeds', { limit: (request) => limiters.adminAttempt(request.ip), handler: () => latestImports(ctx.db) });
}
