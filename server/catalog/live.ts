import { Random } from './generator';
import { FEED_ID_BASE } from './schema';
import { insertApartments, selectApartments } from './store';
import type { Queryable } from '../core/database';

export interface LiveChanges {
  added: number[];
  sold: number[];
  /** Cities whose engine index must be refreshed. */
  cityIds: number[];
}

/**
 * The demo market keeps moving (generated listings only: imported ones change when their feed says so): a few new listings appear in existing houses (another floor,
 * a slightly different price) and a few are sold, so the agent has something new to find.
 */
export async function applyMarketTick(
  db: Queryable,
  options: { add: number; sell: number; now: Date; seed: number },
): Promise<LiveChanges> {
  const rnd = new Random(options.seed);
  const { rows: maxRows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM apartments WHERE id < $1', [FEED_ID_BASE]);
  let nextId = Number(maxRows[0]?.max ?? 0) + 1;
  const templates = await selectApartments(
    db,
    `WHERE id IN (SELECT id FROM apartments WHERE status = 'ACTIVE' AND id < $3 ORDER BY md5(id::text || $1) LIMIT $2)`,
    [String(options.seed), options.add, FEED_ID_BASE],
  );
  const fresh = templates.map((template) => {
    const floor = rnd.int(1, template.floors);
    const priceTotal = Math.round((template.priceTotal * rnd.range(0.97, 1.03)) / 10_000) * 10_000;
    return {
      ...template,
      id: nextId++,
      floor,
      priceTotal,
      pricePerMeter: Math.round(priceTotal / template.areaTotal),
      status: 'ACTIVE' as const,
      publishedAt: options.now.getTime(),
    };
  });
  if (fresh.length > 0) await insertApartments(db, fresh);
  const { rows: soldRows } = await db.query<{ id: number; city_id: number }>(
    `UPDATE apartments SET status = 'SOLD'
     WHERE id IN (SELECT id FROM apartments WHERE status = 'ACTIVE' AND id < $3 ORDER BY md5(id::text || $1 || 'sold') LIMIT $2)
     RETURNING id, city_id`,
    [String(options.seed), options.sell, FEED_ID_BASE],
  );
  const cityIds = new Set([...fresh.map((a) => a.cityId), ...soldRows.map((r) => r.city_id)]);
  return { added: fresh.map((a) => a.id), sold: soldRows.map((r) => r.id), cityIds: [...cityIds] };
}
