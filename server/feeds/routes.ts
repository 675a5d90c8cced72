import type { FastifyInstance } from 'fastify';
import { latestImports } from './index';
import { route } from '../http/route';

/** The operator's routes: bearer ADMIN_TOKEN (server/http/route.ts), off without it; wrong tries limited per address. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'adminFeeds', { handler: () => latestImports(app.db) });
}
