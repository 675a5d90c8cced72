import { and, eq, inArray, lt, max, sql } from 'drizzle-orm';
import { Random } from '../catalog/reference';
import { FEED_ID_BASE, apartments } from '../catalog/schema';
import { insertApartments, selectApartments } from '../catalog/repository/listings';
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
  const [generated] = await db.orm
    .select({ last: max(apartments.id) })
    .from(apartments)
    .where(lt(apartments.id, FEED_ID_BASE));
  let nextId = (generated?.last ?? 0) + 1;
  const templates = await selectApartments(
    db,
    inArray(
      apartments.id,
      db.orm
        .select({ id: apartments.id })
        .from(apartments)
        .where(and(eq(apartments.status, 'ACTIVE'), lt(apartments.id, FEED_ID_BASE)))
        .orderBy(sql`md5(${apartments.id}::text || ${String(options.seed)})`)
        .limit(options.add),
    ),
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
  const toSell = db.orm
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.status, 'ACTIVE'), lt(apartments.id, FEED_ID_BASE)))
    .orderBy(sql`md5(${apartments.id}::text || ${String(options.seed)} || 'sold')`)
    .limit(options.sell);
  const soldRows = await db.orm
    .update(apartments)
    .set({ status: 'SOLD' })
    .where(inArray(apartments.id, toSell))
    .returning({ id: apartments.id, cityId: apartments.cityId });
  const cityIds = new Set([...fresh.map((a) => a.cityId), ...soldRows.map((r) => r.cityId)]);
  return { added: fresh.map((a) => a.id), sold: soldRows.map((r) => r.id), cityIds: [...cityIds] };
}
