import type { AreaItem, AreaList, City, MetroStation } from '@kvarta/contract';
import { SUPPORTED_KLADR } from '@kvarta/contract';
import { AREA_GROUPS } from '@kvarta/contract/init';
import type { Queryable } from '../core/database';

export async function listCities(db: Queryable): Promise<City[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    kladr: number;
    has_metro: boolean;
    city_ids: number[];
    title: string;
    link: string;
    prepositional: string;
  }>(
    `SELECT id, name, kladr, has_metro, city_ids, title, link, prepositional FROM cities
     WHERE kladr = ANY($1::int[]) ORDER BY array_position($1::int[], kladr)`,
    [[...SUPPORTED_KLADR]],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kladr: r.kladr,
    hasMetro: r.has_metro,
    cityIds: r.city_ids,
    title: r.title,
    link: r.link,
    prepositional: r.prepositional,
  }));
}

/** Districts grouped by direction, suburbs under region.none; each group sorted by name. */
export async function listAreas(db: Queryable, cityIds: number[]): Promise<AreaList> {
  const { rows } = await db.query<{ id: number; name: string; group_name: string; is_region: boolean; lat: number; lng: number }>(
    `SELECT id, name, group_name, is_region, lat, lng FROM areas WHERE city_id = ANY($1::int[]) ORDER BY name, id`,
    [cityIds],
  );
  const city = Object.fromEntries(AREA_GROUPS.map((g) => [g, [] as AreaItem[]])) as AreaList['city'];
  const region: AreaList['region'] = { none: [] };
  for (const r of rows) {
    const item = { id: r.id, name: r.name, latitude: r.lat, longitude: r.lng };
    if (r.is_region) region.none.push(item);
    else city[(AREA_GROUPS as readonly string[]).includes(r.group_name) ? (r.group_name as keyof AreaList['city']) : 'none'].push(item);
  }
  return { city, region };
}

export async function listMetro(db: Queryable, cityIds: number[]): Promise<MetroStation[]> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    color: string;
    line_id: string;
    line_name: string;
    city_id: number;
    lat: number;
    lng: number;
    line_order: number;
  }>(
    // Station ids are numbered through each line in the reference file's order (seed-reference.ts), which is the order
    // along the line: a station's place on its line is its rank by id.
    `SELECT id, name, color, line_id, line_name, city_id, lat, lng,
       (ROW_NUMBER() OVER (PARTITION BY city_id, line_id ORDER BY id) - 1)::int AS line_order
     FROM metro_stations WHERE city_id = ANY($1::int[]) ORDER BY name, id`,
    [cityIds],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    lineId: r.line_id,
    lineName: r.line_name,
    order: r.line_order,
    cityId: r.city_id,
    latitude: r.lat,
    longitude: r.lng,
  }));
}
