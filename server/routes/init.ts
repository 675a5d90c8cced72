import type { FastifyInstance } from 'fastify';
import { API_PATHS, areaListParamsSchema, metroListBodySchema, textsQuerySchema } from '../../src/shared/api/contract';
import { listAreas, listCities, listMetro } from '../catalog/reference-queries';
import { findTexts } from '../content/texts';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** `/api/init/*`: reference data every screen needs (spec §7 Main API). */
export function initRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, {
    method: 'GET',
    url: API_PATHS.HEALTH,
    handler: () => ({ status: 'ok' as const, database: ctx.db.kind, uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000) }),
  });
  route(app, { method: 'GET', url: API_PATHS.CITY_LIST, handler: () => listCities(ctx.db) });
  route(app, {
    method: 'GET',
    url: API_PATHS.AREA_LIST.replace('{cityIds}', ':cityIds'),
    params: areaListParamsSchema,
    handler: ({ params }) => listAreas(ctx.db, params.cityIds),
  });
  route(app, { method: 'POST', url: API_PATHS.METRO_LIST, body: metroListBodySchema, handler: ({ body }) => listMetro(ctx.db, body.cityIds) });
  route(app, {
    method: 'GET',
    url: API_PATHS.TEXTS,
    query: textsQuerySchema,
    handler: ({ query }) => findTexts(ctx.db, query.category, query.keys?.split(',')),
  });
}
