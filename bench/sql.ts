import type { Database } from '../server/db/connection';

/**
 * The benchmark's LIRA query ranked by PostgreSQL: the same hard filters and weighted wishes as the
 * engine, over the same precomputed inputs (fair-price medians in a table, like the engine's columns).
 */
export async function prepareSqlRanking(db: Database, cityId: number): Promise<void> {
  await db.query('DROP TABLE IF EXISTS bench_fair');
  await db.query(
    `CREATE TABLE bench_fair AS
     WITH med AS (
       SELECT a.area_id, a.rooms_cnt, a.realty_type, c.complex_class,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY a.price_per_meter) AS m
       FROM apartments a JOIN complexes c ON c.id = a.complex_id WHERE a.city_id = $1
       GROUP BY 1, 2, 3, 4)
     SELECT a.id, a.price_per_meter / med.m AS ratio
     FROM apartments a JOIN complexes c ON c.id = a.complex_id
     JOIN med ON med.area_id = a.area_id AND med.rooms_cnt = a.rooms_cnt AND med.realty_type = a.realty_type AND med.complex_class = c.complex_class
     WHERE a.city_id = $1`,
    [cityId],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_fair (id)');
}

const clamp = (expr: string) => `LEAST(1, GREATEST(0, ${expr}))`;

export async function rankInSql(db: Database, cityId: number, priceMin: number, priceMax: number): Promise<number[]> {
  const metro = clamp(`(30 - COALESCE((c.metro->0->>'minutes')::float, 99)) / 20`);
  const school = clamp(`(1500 - (c.infra_distance->>'SCHOOL')::float) / 1000`);
  const kindergarten = clamp(`(1500 - (c.infra_distance->>'KINDERGARTEN')::float) / 1000`);
  const kitchen = clamp(`(a.area_kitchen - 9) / 6`);
  const belowMarket = clamp(`(1.05 - f.ratio) / 0.1`);
  const { rows } = await db.query<{ id: number }>(
    `SELECT a.id,
       (3 * ${metro} + 2 * ${school} + 1 * ${kitchen} + 2 * ${belowMarket} + 1 * ${kindergarten}
        + 0.6 * ${clamp('(1.1 - f.ratio) / 0.2')})
       * CASE WHEN a.price BETWEEN $2 AND $3 AND a.rooms_cnt IN (1, 2, 3) THEN 1 ELSE 0.85 END AS score
     FROM (SELECT *, price_total AS price FROM apartments) a
     JOIN complexes c ON c.id = a.complex_id
     JOIN bench_fair f ON f.id = a.id
     WHERE a.city_id = $1 AND a.status = 'ACTIVE' AND a.area_total >= 30
       AND a.price BETWEEN $2 * 0.9 AND $3 * 1.1 AND a.rooms_cnt IN (0, 1, 2, 3, 4)
     ORDER BY score DESC, a.id LIMIT 30`,
    [cityId, priceMin, priceMax],
  );
  return rows.map((r) => r.id);
}
