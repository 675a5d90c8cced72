import type { FastifyInstance } from 'fastify';
import { listAreas, listCities, listMetro } from '../catalog/reference-queries';
import { findTexts } from '../content/texts';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** `/api/init/*`: reference data every screen needs (spec §7 Main API). */
export function initRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'health', {
    handler: () => ({ status: 'ok' as const, database: ctx.db.kind, uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000) }),
  });
  route(app, 'cityList', { handler: () => listCities(ctx.db) });
  route(app, 'areaList', { handler: ({ params }) => listAreas(ctx.db, params.cityIds) });
  route(app, 'metroList', { handler: ({ body }) => listMetro(ctx.db, body.cityIds) });
  route(app, 'texts', { handler: ({ query }) => findTexts(ctx.db, query.category, query.keys?.split(',')) });
}
