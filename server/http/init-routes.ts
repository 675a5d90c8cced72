import type { FastifyInstance } from 'fastify';
import { listAreas, listCities, listMetro } from '../catalog/repository/reference';
import { findTexts } from '../content/texts';
import type { AppContext } from '../context';
import { HttpError } from './errors';
import { unchanging } from '../core/unchanging';
import { route } from './route';
import { memoize } from '../lib/memo';

/** Operators may edit texts in the database: a change shows within this time. */
const TEXTS_TTL_MS = 60_000;

/** `/api/init/*`: reference data every screen needs (spec §7 Main API). */
export function initRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'health', {
    handler: () => ({ status: 'ok' as const, database: ctx.db.kind, uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000) }),
  });
  // Readiness, unlike liveness, asks the database: an instance that cannot reach it, has no catalogue yet or is
  // shutting down answers 503 and the load balancer sends its traffic elsewhere.
  route(app, 'ready', {
    handler: async () => {
      if (!ctx.accepting) throw new HttpError(503, 'Сервер останавливается');
      const reachable = await ctx.db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      if (!reachable) throw new HttpError(503, 'База данных недоступна');
      if (ctx.memory.apartments.size === 0) throw new HttpError(503, 'Каталог ещё не загружен');
      return { status: 'ready' as const, role: ctx.role, database: ctx.db.kind, apartments: ctx.memory.apartments.size };
    },
  });
  // Cities, districts and stations are seeded reference data that nothing changes while the server runs: answered
  // from memory after the first read instead of from the database on every call, serialised once.
  const cities = memoize(() => listCities(ctx.db).then(unchanging), { key: () => 'all' });
  const areas = memoize((ids: number[]) => listAreas(ctx.db, ids).then(unchanging), { key: (ids) => ids.join(','), maxEntries: 200 });
  const metro = memoize((ids: number[]) => listMetro(ctx.db, ids).then(unchanging), { key: (ids) => ids.join(','), maxEntries: 200 });
  const texts = memoize((category: string | undefined, keys: string | undefined) => findTexts(ctx.db, category, keys?.split(',')), {
    key: (category, keys) => `${category ?? ''}|${keys ?? ''}`,
    ttlMs: TEXTS_TTL_MS,
    maxEntries: 200,
  });
  route(app, 'cityList', { handler: () => cities() });
  route(app, 'areaList', { handler: ({ params }) => areas(params.cityIds) });
  route(app, 'metroList', { handler: ({ body }) => metro(body.cityIds) });
  route(app, 'texts', { handler: ({ query }) => texts(query.category, query.keys) });
}
