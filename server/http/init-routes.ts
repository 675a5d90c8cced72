import type { FastifyInstance } from 'fastify';
import { listAreas, listCities, listMetro } from '../catalog/repository/reference';
import { findTexts } from '../content/texts';
import { HttpError } from './errors';
import { unchanging } from '../core/unchanging';
import { route } from './route';
import { memoize } from '../lib/memo';

/** Operators may edit texts in the database: a change shows within this time. */
const TEXTS_TTL_MS = 60_000;

/** `/api/init/*`: reference data every screen needs (spec §7 Main API). */
export async function initRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'health', {
    handler: () => ({ status: 'ok' as const, database: app.db.kind, uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000) }),
  });
  // Readiness, unlike liveness, asks the database: an instance that cannot reach it, has no catalogue yet or is
  // shutting down answers 503 and the load balancer sends its traffic elsewhere.
  route(app, 'ready', {
    handler: async () => {
      if (!app.accepting) throw new HttpError(503, 'Сервер останавливается');
      const reachable = await app.db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      if (!reachable) throw new HttpError(503, 'База данных недоступна');
      if (app.memory.apartments.size === 0) throw new HttpError(503, 'Каталог ещё не загружен');
      return { status: 'ready' as const, role: app.role, database: app.db.kind, apartments: app.memory.apartments.size };
    },
  });
  // Cities, districts and stations are seeded reference data that nothing changes while the server runs: answered
  // from memory after the first read instead of from the database on every call, serialised once.
  const cities = memoize(() => listCities(app.db).then(unchanging), { key: () => 'all' });
  const areas = memoize((ids: number[]) => listAreas(app.db, ids).then(unchanging), { key: (ids) => ids.join(','), maxEntries: 200 });
  const metro = memoize((ids: number[]) => listMetro(app.db, ids).then(unchanging), { key: (ids) => ids.join(','), maxEntries: 200 });
  const texts = memoize((category: string | undefined, keys: string | undefined) => findTexts(app.db, category, keys?.split(',')), {
    key: (category, keys) => `${category ?? ''}|${keys ?? ''}`,
    ttlMs: TEXTS_TTL_MS,
    maxEntries: 200,
  });
  route(app, 'cityList', { handler: () => cities() });
  route(app, 'areaList', { handler: ({ params }) => areas(params.cityIds) });
  route(app, 'metroList', { handler: ({ body }) => metro(body.cityIds) });
  route(app, 'texts', { handler: ({ query }) => texts(query.category, query.keys) });
}
