import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { latestImports } from './index';
import { route } from '../http/route';

/** The operator's routes: bearer ADMIN_TOKEN (server/http/route.ts), off without it; wrong tries limited per address. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'adminFeeds', { handler: () => latestImports(ctx.db) });
}
